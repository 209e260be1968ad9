import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useTranslate } from 'react-admin';
import { currentBrand } from '../../brands/index.ts';

const DETAILS = ['beneficiary', 'accountNumber', 'ifsc', 'branchName', 'upiId'] as const;

/** Add Money: the brand's bank details, each with a copy button, and the e-mail notice (spec §2 Wallet screen). */
export function AddMoneyDialog({ onClose }: { onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const brand = currentBrand();
  const copy = async (label: string, value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      notify(translate('wallet.bank.copied', { label }), { type: 'success' });
    } catch {
      notify(translate('wallet.bank.copyFailed'), { type: 'warning' });
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="add-money-title">
      <DialogTitle id="add-money-title">{translate('wallet.bank.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('wallet.bank.intro')}
        </Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr auto', sm: '10rem 1fr auto' },
            alignItems: 'center',
            columnGap: 1,
            rowGap: { xs: 0, sm: 1 },
          }}
        >
          {DETAILS.map((key) => {
            const label = translate(`wallet.bank.${key}`);
            const value = brand.bank[key];
            return (
              <Box key={key} sx={{ display: 'contents' }}>
                <Typography
                  component="dt"
                  variant="body2"
                  color="text.secondary"
                  sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, mt: { xs: 1, sm: 0 } }}
                >
                  {label}
                </Typography>
                <Typography
                  component="dd"
                  sx={{ m: 0, fontWeight: 500, wordBreak: 'break-all' }}
                  data-testid={`bank-${key}`}
                >
                  {value}
                </Typography>
                {/* a native title, not a Tooltip: a tooltip left open by focus would cover the next row's button */}
                <IconButton
                  aria-label={translate('wallet.bank.copy', { label })}
                  title={translate('wallet.bank.copy', { label })}
                  onClick={() => void copy(label, value)}
                  size="small"
                >
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Box>
            );
          })}
        </Box>
        <Alert severity="info" sx={{ mt: 2 }}>
          {translate('wallet.bank.notice', { email: brand.email })}
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('wallet.bank.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
