import { useEffect, useState } from 'react';
import { Alert, FormControlLabel, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { apiCall } from '../../../providers/httpClient.ts';
import { formatRupees, parseRupees } from '../../../core/money.ts';
import { ActionDialog } from './ActionDialog.tsx';
import type { ActionDialogProps, ResourceAction } from './types.ts';

interface Moved {
  data: { balance: number; transaction: { amount: number } };
}
type Counterpart = 'bank' | 'wallet';
interface Counterparts {
  bank: boolean;
  wallet: { id: string; balance: number } | null;
  default: Counterpart;
}

/**
 * Add Money or Deduct on a wallet's row (docs/wallet.md): a deposit from or withdrawal to the bank,
 * for the provider's administrators, with the bank's UTR; or a transfer with the caller's own
 * organisation's wallet, whose balance is shown. The server says which the caller may use. The
 * idempotency key is made once per opening, so a double click or a retried save moves money once.
 */
function moveMoney(step: 'add' | 'deduct') {
  return function MoveMoney({ record, onClose }: ActionDialogProps) {
    const translate = useTranslate();
    const [idempotencyKey] = useState(() => crypto.randomUUID());
    const [amount, setAmount] = useState('');
    const [description, setDescription] = useState('');
    const [reference, setReference] = useState('');
    const [counterparts, setCounterparts] = useState<Counterparts | null>(null);
    const [loadFailed, setLoadFailed] = useState(false);
    const [counterpart, setCounterpart] = useState<Counterpart>('wallet');
    useEffect(() => {
      apiCall<Counterparts>(`/wallets/${String(record!.id)}/counterparts?step=${step}`)
        .then((answer) => {
          setCounterparts(answer);
          setCounterpart(answer.bank && (answer.default === 'bank' || !answer.wallet) ? 'bank' : 'wallet');
        })
        .catch(() => setLoadFailed(true));
    }, [record]);
    const name = String(record?.labels?.userId ?? '');
    const nowhere = counterparts !== null && !counterparts.bank && !counterparts.wallet;
    const submit = async () => {
      const paise = parseRupees(amount);
      if (!paise) throw new Error(translate('wallet.manage.amountInvalid'));
      if (!description.trim()) throw new Error(translate('wallet.manage.descriptionRequired'));
      const { data } = await apiCall<Moved>(`/wallets/${step}/${record!.id}`, 'PUT', {
        amount: paise,
        description: description.trim(),
        reference: reference.trim() || null,
        idempotencyKey,
        counterpart,
      });
      return {
        message: translate(step === 'add' ? 'wallet.manage.added' : 'wallet.manage.deducted', {
          amount: formatRupees(data.transaction.amount),
          balance: formatRupees(data.balance),
        }),
      };
    };
    const ownWallet = counterparts?.wallet
      ? translate('wallet.manage.counterpartWallet', { balance: formatRupees(counterparts.wallet.balance) })
      : '';
    return (
      <ActionDialog
        title={translate(step === 'add' ? 'wallet.manage.addTitle' : 'wallet.manage.deductTitle', { name })}
        onClose={onClose}
        onSubmit={submit}
        submitDisabled={!counterparts || nowhere}
      >
        {loadFailed && <Alert severity="warning">{translate('auth.somethingWrong')}</Alert>}
        {nowhere && (
          <Alert severity="info">
            {translate(record?.kind === 'WALLET' ? 'wallet.messages.noOwnWallet' : 'wallet.messages.systemAccount')}
          </Alert>
        )}
        {counterparts?.bank && counterparts.wallet && (
          <RadioGroup
            value={counterpart}
            onChange={(e) => setCounterpart(e.target.value as Counterpart)}
            aria-label={translate('wallet.manage.counterpart')}
          >
            <FormControlLabel
              value="bank"
              control={<Radio size="small" />}
              label={translate('wallet.manage.counterpartBank')}
            />
            <FormControlLabel value="wallet" control={<Radio size="small" />} label={ownWallet} />
          </RadioGroup>
        )}
        {counterparts && !(counterparts.bank && counterparts.wallet) && !nowhere && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {counterparts.bank ? translate('wallet.manage.counterpartBank') : ownWallet}
          </Typography>
        )}
        <TextField
          fullWidth
          margin="dense"
          required
          autoFocus
          label={translate('wallet.manage.amount')}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          helperText={formatRupees(parseRupees(amount)) || ' '}
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 14 } }}
        />
        <TextField
          fullWidth
          margin="dense"
          required
          label={translate('wallet.manage.description')}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <TextField
          fullWidth
          margin="dense"
          required={counterpart === 'bank'}
          label={translate(counterpart === 'bank' ? 'wallet.manage.reference' : 'wallet.manage.referenceOptional')}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          helperText={counterpart === 'bank' ? translate('wallet.manage.utrHelp') : ' '}
          slotProps={{ htmlInput: { maxLength: counterpart === 'bank' ? 35 : 100 } }}
        />
      </ActionDialog>
    );
  };
}

export const walletActions: Record<string, ResourceAction> = {
  'add-money-wallet': { Dialog: moveMoney('add') },
  'deduct-money-wallet': { Dialog: moveMoney('deduct') },
  'view-wallet-transactions': { to: (wallet) => `/management/wallet/${String(wallet.id)}/transactions` },
};
