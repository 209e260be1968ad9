import { useState } from 'react';
import { TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { apiCall } from '../../../providers/httpClient.ts';
import { formatRupees } from '../../../core/money.ts';
import { ActionDialog } from './ActionDialog.tsx';
import type { ActionDialogProps, ResourceAction } from './types.ts';

/** Confirm payment: the administrator has seen the amount arrive and types the payer's UTR; the server extends the subscription once. */
function ConfirmPayment({ record, onClose }: ActionDialogProps) {
  const translate = useTranslate();
  const [utr, setUtr] = useState('');
  const submit = async () => {
    if (!/^[A-Za-z0-9-]{6,35}$/.test(utr.trim())) throw new Error(translate('renewal.utrPattern'));
    await apiCall(`/renewal-orders/${record!.id}/confirm`, 'PUT', { paymentReference: utr.trim() });
    return { message: translate('renewal.confirmed', { reference: record!.reference }) };
  };
  return (
    <ActionDialog title="renewal.confirm" submitLabel="renewal.confirm" onClose={onClose} onSubmit={submit}>
      <Typography gutterBottom sx={{ fontWeight: 500 }}>
        {record!.reference} · {record!.registrationNumber}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {translate('renewal.confirmIntro', {
          amount: formatRupees(Number(record!.amountPaise)),
          plan: translate(`renewal.plans.${record!.durationInDays}`),
        })}
      </Typography>
      <TextField
        autoFocus
        fullWidth
        margin="dense"
        required
        label={translate('renewal.utr')}
        helperText={translate('renewal.utrHelp')}
        value={utr}
        onChange={(e) => setUtr(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 35 } }}
      />
    </ActionDialog>
  );
}

export const renewalActions: Record<string, ResourceAction> = {
  // only an order still waiting for its payment (the server refuses the rest with 409 all the same)
  'confirm-renewal': { Dialog: ConfirmPayment, enabled: (order) => order.status === 'PENDING' },
};
