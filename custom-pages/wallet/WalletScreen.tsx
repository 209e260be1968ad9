import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Link,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { apiCall } from '../../providers/httpClient.ts';
import { PageHeader } from '../../src/layout/PageHeader.tsx';
import { formatDate, formatDateTime } from '../../core/format/date.ts';
import { formatRupees } from '../../core/money.ts';
import { download, exportFileName, toCsv } from '../../src/resources/exporters.ts';
import {
  changeOver,
  counterpartyText,
  movementsTable,
  searchMovements,
  transactionsQuery,
  type Movement,
  type Wallet,
  type WalletFilter,
} from './walletLedger.ts';

const DAY_MS = 86_400_000;
// on a phone the amount's sign and colour say credit or debit; the type column gives way to the description
const HIDDEN_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } } as const;
const initialFilter = (): WalletFilter => ({
  transactionType: '',
  fromText: formatDate(Date.now() - 30 * DAY_MS),
  toText: formatDate(Date.now()),
});

/**
 * The wallet screen of the spec: filter bar (type, from, to, Apply), the balance card with the change
 * over the range, and the transactions with search and CSV download. `actions` sit on the balance card.
 */
export function WalletScreen({
  wallet,
  subtitle = 'wallet.subtitle',
  actions,
}: {
  wallet: Wallet;
  subtitle?: string;
  actions?: React.ReactNode;
}) {
  const translate = useTranslate();
  const [filter, setFilter] = useState<WalletFilter>(initialFilter);
  const [applied, setApplied] = useState<string>(() => transactionsQuery(initialFilter()).query);
  const [invalid, setInvalid] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  // the answer is kept with the address it answers, so a new filter shows the spinner until its own rows come
  const address = `/wallets/${wallet.id}/transactions${applied}`;
  const [answer, setAnswer] = useState<{ address: string; rows: Movement[]; failed: boolean }>();
  useEffect(() => {
    let current = true;
    apiCall<Movement[]>(address)
      .then((list) => {
        if (current) setAnswer({ address, rows: list, failed: false });
      })
      // the spec: a load failure is logged only
      .catch((error: unknown) => {
        console.error('wallet transactions', error);
        if (current) setAnswer({ address, rows: [], failed: true });
      });
    return () => {
      current = false;
    };
  }, [address]);
  const rows = answer?.address === address ? answer.rows : null;
  const failed = answer?.address === address && answer.failed;

  const apply = (event: React.FormEvent) => {
    event.preventDefault();
    const { query, invalid: bad } = transactionsQuery(filter);
    setInvalid(bad);
    if (!bad.length) setApplied(query);
  };
  const shown = useMemo(() => searchMovements(rows ?? [], search, translate), [rows, search, translate]);
  const change = changeOver(rows ?? []);
  const downloadCsv = async () =>
    download(await toCsv(movementsTable(shown, translate)), exportFileName('wallet-transactions', 'csv'));

  return (
    <>
      <PageHeader title="wallet.title" subtitle={subtitle} />
      <Card sx={{ mb: 2 }}>
        <CardContent
          component="form"
          onSubmit={apply}
          aria-label={translate('wallet.filters.apply')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', '&:last-child': { pb: 2 } }}
        >
          <TextField
            select
            size="small"
            label={translate('wallet.filters.transactionType')}
            value={filter.transactionType}
            fullWidth={false}
            sx={{ width: { xs: '100%', sm: 200 } }}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            onChange={(e) =>
              setFilter((f) => ({ ...f, transactionType: e.target.value as WalletFilter['transactionType'] }))
            }
          >
            <MenuItem value="">{translate('wallet.filters.all')}</MenuItem>
            <MenuItem value="CREDIT">{translate('wallet.types.CREDIT')}</MenuItem>
            <MenuItem value="DEBIT">{translate('wallet.types.DEBIT')}</MenuItem>
          </TextField>
          {(['fromText', 'toText'] as const).map((key) => (
            <TextField
              key={key}
              size="small"
              label={translate(key === 'fromText' ? 'wallet.filters.fromDate' : 'wallet.filters.toDate')}
              value={filter[key]}
              placeholder="dd/MM/yyyy"
              error={invalid.includes(key)}
              helperText={invalid.includes(key) ? translate('wallet.filters.dateInvalid') : undefined}
              onChange={(e) => setFilter((f) => ({ ...f, [key]: e.target.value }))}
              sx={{ width: { xs: 'calc(50% - 8px)', sm: 160 } }}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
            />
          ))}
          <Button type="submit" variant="contained">
            {translate('wallet.filters.apply')}
          </Button>
        </CardContent>
      </Card>

      <Card sx={{ mb: 2 }}>
        <CardContent
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 2,
            alignItems: 'center',
            justifyContent: 'space-between',
            '&:last-child': { pb: 2 },
          }}
        >
          <Box>
            <Typography variant="body2" color="text.secondary">
              {translate('wallet.balance')}
            </Typography>
            <Typography variant="h4" component="p" data-testid="wallet-balance">
              {formatRupees(wallet.balance)}
            </Typography>
            {rows && (
              <Typography
                variant="body2"
                data-testid="wallet-change"
                sx={{ color: change >= 0 ? 'success.main' : 'error.main', fontWeight: 500 }}
              >
                {`${change >= 0 ? '+' : '-'}${formatRupees(Math.abs(change))} ${translate(change >= 0 ? 'wallet.gain' : 'wallet.loss')}`}
                <Typography
                  component="span"
                  variant="body2"
                  color="text.secondary"
                >{` · ${translate('wallet.change')}`}</Typography>
              </Typography>
            )}
          </Box>
          {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
        </CardContent>
      </Card>

      <Card>
        <CardContent
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}
        >
          <TextField
            size="small"
            type="search"
            label={translate('wallet.table.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            sx={{ flex: '1 1 240px', maxWidth: 360 }}
          />
          <Button startIcon={<DownloadIcon />} onClick={() => void downloadCsv()} disabled={!shown.length}>
            {translate('wallet.table.download')}
          </Button>
        </CardContent>
        {failed && (
          <Alert severity="warning" sx={{ mx: 2, mb: 2 }}>
            {translate('auth.somethingWrong')}
          </Alert>
        )}
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('wallet.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('wallet.table.date')}</TableCell>
                <TableCell sx={HIDDEN_ON_PHONE}>{translate('wallet.table.type')}</TableCell>
                <TableCell>{translate('wallet.table.description')}</TableCell>
                <TableCell align="right">{translate('wallet.table.amount')}</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                  {translate('wallet.table.balanceAfter')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows === null && (
                <TableRow>
                  <TableCell colSpan={5} align="center">
                    <CircularProgress size={24} />
                  </TableCell>
                </TableRow>
              )}
              {rows !== null && !shown.length && (
                <TableRow>
                  <TableCell colSpan={5} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                    {translate('wallet.table.empty')}
                  </TableCell>
                </TableRow>
              )}
              {shown.map((row) => (
                <TableRow key={row.id} hover>
                  <TableCell sx={{ whiteSpace: { xs: 'normal', sm: 'nowrap' }, minWidth: { xs: 88, sm: 0 } }}>
                    {formatDateTime(row.createdAt)}
                  </TableCell>
                  <TableCell sx={HIDDEN_ON_PHONE}>
                    {translate(`wallet.types.${row.transactionType}`)}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {translate(`wallet.transferKinds.${row.transferKind}`)}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ minWidth: { xs: 0, sm: 160 }, wordBreak: 'break-word' }}>
                    {row.description}
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      component="div"
                      data-testid="wallet-counterparty"
                    >
                      {[counterpartyText(row, translate), row.fitment ? null : row.reference]
                        .filter(Boolean)
                        .join(' · ')}
                      {row.fitment && (
                        <>
                          {' · '}
                          <Link component={RouterLink} to={`/fitment/edit/${row.fitment.id}`}>
                            {row.fitment.registrationNumber ?? translate('wallet.fitmentLink')}
                          </Link>
                        </>
                      )}
                    </Typography>
                  </TableCell>
                  <TableCell
                    align="right"
                    sx={{
                      whiteSpace: 'nowrap',
                      color: row.transactionType === 'CREDIT' ? 'success.main' : 'error.main',
                    }}
                  >
                    {`${row.transactionType === 'CREDIT' ? '+' : '-'}${formatRupees(row.amount)}`}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', display: { xs: 'none', md: 'table-cell' } }}>
                    {formatRupees(row.balanceAfter)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
    </>
  );
}
