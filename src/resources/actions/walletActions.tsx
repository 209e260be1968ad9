import { useState } from 'react';
import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { apiCall } from '../../../providers/httpClient.ts';
import { formatRupees, parseRupees } from '../../../core/money.ts';
import { ActionDialog } from './ActionDialog.tsx';
import type { ActionDialogProps, ResourceAction } from './types.ts';

interface Moved { data: { balance: number; transaction: { amount: number } } }

/**
 * Add Money or Deduct on a wallet's row: the amount typed in rupees, sent in paise. The idempotency
 * key is made once per opening of the dialog, so a double click or a retried save moves money once.
 */
function moveMoney(step: 'add' | 'deduct') {
  return function MoveMoney({ record, onClose }: ActionDialogProps) {
    const translate = useTranslate();
    const [idempotencyKey] = useState(() => crypto.randomUUID());
    const [amount, setAmount] = useState('');
    const [description, setDescription] = useState('');
    const [reference, setReference] = useState('');
    const name = String(record?.labels?.userId ?? '');
    const submit = async () => {
      const paise = parseRupees(amount);
      if (!paise) throw new Error(translate('wallet.manage.amountInvalid'));
      if (!description.trim()) throw new Error(translate('wallet.manage.descriptionRequired'));
      const { data } = await apiCall<Moved>(`/wallets/${step}/${record!.id}`, 'PUT', { amount: paise, description: description.trim(), reference: reference.trim() || null, idempotencyKey });
      return { message: translate(step === 'add' ? 'wallet.manage.added' : 'wallet.manage.deducted', { amount: formatRupees(data.transaction.amount), balance: formatRupees(data.balance) }) };
    };
    return (
      <ActionDialog title={translate(step === 'add' ? 'wallet.manage.addTitle' : 'wallet.manage.deductTitle', { name })} onClose={onClose} onSubmit={submit}>
        <TextField fullWidth margin="dense" required autoFocus label={translate('wallet.manage.amount')} value={amount} onChange={(e) => setAmount(e.target.value)}
          helperText={formatRupees(parseRupees(amount)) || ' '} slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 14 } }} />
        <TextField fullWidth margin="dense" required label={translate('wallet.manage.description')} value={description} onChange={(e) => setDescription(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }} />
        <TextField fullWidth margin="dense" label={translate('wallet.manage.reference')} value={reference} onChange={(e) => setReference(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }} />
      </ActionDialog>
    );
  };
}

export const walletActions: Record<string, ResourceAction> = {
  'add-money-wallet': { Dialog: moveMoney('add') },
  'deduct-money-wallet': { Dialog: moveMoney('deduct') },
  'view-wallet-transactions': { to: (wallet) => `/management/wallet/${String(wallet.id)}/transactions` },
};
