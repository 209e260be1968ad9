import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useGetIdentity, usePermissions, useTranslate } from 'react-admin';
import { hasPermission } from '../../core/permissions.ts';
import { PublicFrame } from '../../src/pages/PublicFrame.tsx';
import { apiCall } from '../../providers/httpClient.ts';
import { errorMessage } from '../../src/pages/auth/useFormCall.tsx';
import { formatDate } from '../../core/format/date.ts';
import { formatRupees } from '../../core/money.ts';
import { RenewalOrderView } from './RenewalOrderView.tsx';
import { renewalMessageKey } from './serverMessage.ts';
import type { PublicOrder, Subscription } from './types.ts';

interface Pair {
  registrationNumber: string;
  imei: string;
}

/**
 * /public/renewal-payment, without signing in: the owner types the registration number and the
 * IMEI, sees the expiry and the plans, orders one and pays it (UPI QR or bank transfer; the test
 * provider on demo servers). docs/renewal.md.
 */
export function RenewalPaymentPage() {
  const translate = useTranslate();
  const [pair, setPair] = useState<Pair>({ registrationNumber: '', imei: '' });
  const [subscription, setSubscription] = useState<Subscription | null>(null);
  const [plan, setPlan] = useState<number | null>(null);
  const [provider, setProvider] = useState('upi');
  const [order, setOrder] = useState<PublicOrder | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // a signed-in caller allowed to pay renewals from the organisation's wallet (the server checks the same id)
  const { permissions } = usePermissions<string[]>();
  const { identity } = useGetIdentity();
  const walletAllowed =
    Boolean(identity) && hasPermission(identity?.isSuperAdmin === true, permissions ?? [], 'pay-renewal-from-wallet');

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      const text = errorMessage(failure, translate('auth.somethingWrong'));
      const key = renewalMessageKey(text);
      setError(key ? translate(key) : text);
    } finally {
      setBusy(false);
    }
  };
  const typed = { registrationNumber: pair.registrationNumber.trim(), imei: pair.imei.trim() };
  const lookup = (event: React.FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setSubscription(null);
      const found = (await apiCall<{ data: Subscription }>('/public/renewal/lookup', 'POST', typed)).data;
      setSubscription(found);
      setPlan(found.plans[0]?.durationInDays ?? null);
      setProvider(found.providers[0] ?? 'upi');
    });
  };
  const placeOrder = () =>
    void run(async () => {
      setOrder(
        (
          await apiCall<{ data: PublicOrder }>('/public/renewal/orders', 'POST', {
            ...typed,
            durationInDays: plan,
            provider,
          })
        ).data,
      );
    });
  const refresh = () =>
    void run(async () => {
      setOrder(
        (
          await apiCall<{ data: PublicOrder }>(
            `/public/renewal/orders/${order!.reference}?imei=${encodeURIComponent(typed.imei)}`,
          )
        ).data,
      );
    });
  const payTest = () =>
    void run(async () => {
      setOrder(
        (
          await apiCall<{ data: PublicOrder }>(`/public/renewal/orders/${order!.reference}/test-payment`, 'POST', {
            imei: typed.imei,
          })
        ).data,
      );
    });
  const payFromWallet = () =>
    void run(async () => {
      setOrder(
        (
          await apiCall<{ data: PublicOrder }>(`/renewal/orders/${order!.reference}/wallet-payment`, 'POST', {
            imei: typed.imei,
          })
        ).data,
      );
    });
  const startOver = () => {
    setPair({ registrationNumber: '', imei: '' });
    setSubscription(null);
    setOrder(null);
    setError(null);
  };

  return (
    <PublicFrame title="renewal.title">
      <Typography color="text.secondary" gutterBottom>
        {translate('renewal.intro')}
      </Typography>
      {!order && (
        <Box component="form" onSubmit={lookup} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, my: 2 }}>
          <TextField
            label={translate('renewal.registrationNumber')}
            value={pair.registrationNumber}
            required
            onChange={(e) => {
              setPair((p) => ({ ...p, registrationNumber: e.target.value }));
              setSubscription(null);
            }}
            slotProps={{ htmlInput: { maxLength: 20, autoCapitalize: 'characters' } }}
            sx={{ flex: '1 1 220px' }}
          />
          <TextField
            label={translate('renewal.imei')}
            value={pair.imei}
            required
            onChange={(e) => {
              setPair((p) => ({ ...p, imei: e.target.value }));
              setSubscription(null);
            }}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 15 } }}
            sx={{ flex: '1 1 220px' }}
          />
          <Button type="submit" variant="contained" disabled={busy} sx={{ flex: '0 0 auto', minHeight: 56 }}>
            {translate('renewal.find')}
          </Button>
        </Box>
      )}
      {error && (
        <Alert severity="error" sx={{ my: 2 }}>
          {error}
        </Alert>
      )}
      {subscription && !order && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2}>
            <Typography>
              {translate('renewal.vehicle', {
                registrationNumber: subscription.registrationNumber,
                imei: subscription.imei,
              })}
            </Typography>
            <Alert severity={subscription.expired ? 'warning' : 'info'} role="status">
              {translate(subscription.expired ? 'renewal.expiredOn' : 'renewal.currentExpiry', {
                date: formatDate(subscription.expiresOn),
              })}
            </Alert>
            {subscription.plans.length === 0 ? (
              <Alert severity="warning">{translate('renewal.notSoldHere')}</Alert>
            ) : (
              <>
                <FormControl>
                  <FormLabel id="renewal-plan">{translate('renewal.choosePlan')}</FormLabel>
                  <RadioGroup
                    aria-labelledby="renewal-plan"
                    value={plan ?? ''}
                    onChange={(e) => setPlan(Number(e.target.value))}
                  >
                    {subscription.plans.map((p) => (
                      <FormControlLabel
                        key={p.durationInDays}
                        value={p.durationInDays}
                        control={<Radio />}
                        label={translate('renewal.planPrice', {
                          plan: translate(`renewal.plans.${p.durationInDays}`),
                          amount: formatRupees(p.amountPaise),
                        })}
                      />
                    ))}
                  </RadioGroup>
                </FormControl>
                {subscription.providers.length > 1 && (
                  <FormControl>
                    <FormLabel id="renewal-provider">{translate('renewal.payWith')}</FormLabel>
                    <RadioGroup
                      aria-labelledby="renewal-provider"
                      row
                      value={provider}
                      onChange={(e) => setProvider(e.target.value)}
                    >
                      {subscription.providers.map((p) => (
                        <FormControlLabel
                          key={p}
                          value={p}
                          control={<Radio />}
                          label={translate(`renewal.providers.${p}`)}
                        />
                      ))}
                    </RadioGroup>
                  </FormControl>
                )}
                <Box>
                  <Button variant="contained" onClick={placeOrder} disabled={busy || plan === null}>
                    {translate('renewal.order')}
                  </Button>
                </Box>
              </>
            )}
          </Stack>
        </Paper>
      )}
      {order && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <RenewalOrderView
            order={order}
            busy={busy}
            onRefresh={refresh}
            onPayTest={payTest}
            walletButton={
              walletAllowed && (
                <Alert
                  severity="info"
                  action={
                    <Button color="inherit" onClick={payFromWallet} disabled={busy}>
                      {translate('renewal.payFromWallet', { amount: formatRupees(order.amountPaise) })}
                    </Button>
                  }
                >
                  {translate('renewal.walletNote')}
                </Alert>
              )
            }
          />
          <Box sx={{ mt: 3 }}>
            <Button onClick={startOver}>{translate('renewal.startOver')}</Button>
          </Box>
        </Paper>
      )}
    </PublicFrame>
  );
}
