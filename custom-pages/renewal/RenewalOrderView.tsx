import { Alert, Box, Button, Divider, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDate } from '../../core/format/date.ts';
import { formatRupees } from '../../core/money.ts';
import { UpiQrCode } from './UpiQrCode.tsx';
import type { Bank, PublicOrder } from './types.ts';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '42% 1fr', sm: '220px 1fr' }, columnGap: 2, py: 0.5 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{value}</Typography>
    </Box>
  );
}

function BankDetails({ bank }: { bank: Bank }) {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="h6" component="h3" gutterBottom>
        {translate('renewal.bankTitle')}
      </Typography>
      <Row label={translate('renewal.beneficiary')} value={bank.beneficiary} />
      <Row label={translate('renewal.accountNumber')} value={bank.accountNumber} />
      <Row label={translate('renewal.ifsc')} value={bank.ifsc} />
      <Row label={translate('renewal.branchName')} value={bank.branchName} />
      <Row label={translate('renewal.upiId')} value={bank.upiId} />
    </Box>
  );
}

/** An order: its reference and amount, how to pay it while pending, the new expiry once paid. */
export function RenewalOrderView({
  order,
  busy,
  onRefresh,
  onPayTest,
  walletButton,
}: {
  order: PublicOrder;
  busy: boolean;
  onRefresh(): void;
  onPayTest(): void;
  walletButton?: React.ReactNode;
}) {
  const translate = useTranslate();
  const amount = formatRupees(order.amountPaise);
  const instructions = order.instructions;
  return (
    <Stack spacing={2} aria-live="polite">
      <Typography variant="h5" component="h2">
        {translate('renewal.orderTitle')}{' '}
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {order.reference}
        </Box>
      </Typography>
      <Box>
        <Row label={translate('renewal.reference')} value={order.reference} />
        <Row label={translate('renewal.registrationNumber')} value={order.registrationNumber} />
        <Row label={translate('renewal.plan')} value={translate(`renewal.plans.${order.durationInDays}`)} />
        <Row label={translate('renewal.amount')} value={amount} />
        <Row label={translate('renewal.status')} value={translate(`renewal.statuses.${order.status}`)} />
      </Box>
      {order.status === 'PAID' && order.expiresAfter && (
        <Alert severity="success" role="status">
          {translate('renewal.paidNote', { date: formatDate(order.expiresAfter) })}
        </Alert>
      )}
      {/* a signed-in dealer's quickest way, so first */}
      {order.status === 'PENDING' && walletButton}
      {order.status === 'PENDING' && instructions?.kind === 'upi' && (
        <>
          <Alert severity="info">{translate('renewal.quoteReference', { reference: order.reference })}</Alert>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'flex-start' }}>
            <Box sx={{ textAlign: 'center', maxWidth: 260 }}>
              <UpiQrCode
                uri={instructions.upiUri}
                alt={translate('renewal.qrAlt', { amount, reference: order.reference })}
              />
              <Typography variant="body2" color="text.secondary">
                {translate('renewal.scanQr', { amount })}
              </Typography>
            </Box>
            <BankDetails bank={instructions.bank} />
          </Box>
        </>
      )}
      {order.status === 'PENDING' && instructions?.kind === 'test' && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" onClick={onPayTest} disabled={busy}>
              {translate('renewal.payTest')}
            </Button>
          }
        >
          {translate('renewal.testNote')}
        </Alert>
      )}
      {order.status === 'PENDING' && (
        <>
          <Divider />
          <Typography color="text.secondary">
            {translate('renewal.pendingNote')} {translate('renewal.keepReference')}
          </Typography>
          <Box>
            <Button variant="outlined" onClick={onRefresh} disabled={busy}>
              {translate('renewal.checkStatus')}
            </Button>
          </Box>
        </>
      )}
    </Stack>
  );
}
