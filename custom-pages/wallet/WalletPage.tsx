import { useEffect, useState } from 'react';
import { Alert, Button, CircularProgress } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { apiCall } from '../../providers/httpClient.ts';
import { readSession } from '../../providers/session.ts';
import { PageHeader } from '../../src/layout/PageHeader.tsx';
import { AddMoneyDialog } from './AddMoneyDialog.tsx';
import { WalletScreen } from './WalletScreen.tsx';
import type { Wallet } from './walletLedger.ts';

/** The wallet a list or a read answers (the first of a list); undefined while loading, null when there is none. */
function useWallet(path: string | null): Wallet | null | undefined {
  const [answer, setAnswer] = useState<{ path: string; wallet: Wallet | null }>();
  useEffect(() => {
    if (!path) return;
    let current = true;
    apiCall<Wallet[] | Wallet>(path)
      .then((found) => {
        if (current) setAnswer({ path, wallet: (Array.isArray(found) ? found[0] : found) ?? null });
      })
      // the spec: a load failure is logged only
      .catch((error: unknown) => {
        console.error('wallet', error);
        if (current) setAnswer({ path, wallet: null });
      });
    return () => {
      current = false;
    };
  }, [path]);
  if (!path) return null;
  return answer?.path === path ? answer.wallet : undefined;
}

/** account/wallet: the signed-in user's wallet (the spec's GET /wallets?userId=), with Add Money. */
export function WalletPage() {
  const translate = useTranslate();
  const userId = readSession()?.user.id;
  const wallet = useWallet(userId ? `/wallets?userId=${encodeURIComponent(userId)}` : null);
  const [adding, setAdding] = useState(false);
  if (wallet === undefined) return <CircularProgress sx={{ mt: 4 }} />;
  if (!wallet) {
    return (
      <>
        <PageHeader title="wallet.title" subtitle="wallet.subtitle" />
        <Alert severity="info">{translate('wallet.noWallet')}</Alert>
      </>
    );
  }
  return (
    <>
      <WalletScreen
        wallet={wallet}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            {translate('wallet.addMoney')}
          </Button>
        }
      />
      {adding && <AddMoneyDialog onClose={() => setAdding(false)} />}
    </>
  );
}

/** management/wallet/{id}/transactions: any wallet in the caller's tree, its ledger read-only. */
export function WalletTransactionsPage() {
  const { id } = useParams();
  const wallet = useWallet(id ? `/wallets/${encodeURIComponent(id)}` : null);
  if (wallet === undefined) return <CircularProgress sx={{ mt: 4 }} />;
  if (!wallet) return <PageHeader title="wallet.title" subtitle="wallet.messages.notFound" />;
  return <WalletScreen wallet={wallet} subtitle="wallet.manage.transactions" />;
}
