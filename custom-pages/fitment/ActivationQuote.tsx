import { useEffect, useState } from 'react';
import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { apiCall } from '../../providers/httpClient.ts';
import { formatRupees } from '../../core/money.ts';

/** GET /activation/quote's answer (server/wallets/quote.ts). */
export interface ActivationQuote {
  pricePaise: number | null;
  free: boolean;
  payer: { organisation: string; sufficient: boolean; balancePaise: number | null } | null;
}

/**
 * Before a new fitment with activation is saved: what its activation costs, the wallet that pays
 * and, for a wallet reader, that wallet's balance; a warning when it cannot be paid. `onQuote`
 * hands the form what it showed, so the message after saving says what was charged.
 */
export function ActivationQuoteNote({ onQuote }: { onQuote: (quote: ActivationQuote | null) => void }) {
  const translate = useTranslate();
  const imei = useWatch({ name: 'device.imei' }) as string | undefined;
  const days = useWatch({ name: 'durationInDays' }) as number | undefined;
  const activate = useWatch({ name: 'deviceActivate' }) as string | undefined;
  const [quote, setQuote] = useState<ActivationQuote | null>(null);
  const asked = activate === 'YES' && /^\d{15}$/.test(imei ?? '') && Number(days) > 0;

  useEffect(() => {
    let current = true;
    // nothing asked: nothing shown (the render checks `asked`), and nothing to say after saving
    if (!asked) {
      onQuote(null);
      return;
    }
    apiCall<{ data: ActivationQuote }>(`/activation/quote?imei=${imei}&durationInDays=${days}`)
      .then(({ data }) => {
        if (!current) return;
        setQuote(data);
        onQuote(data);
      })
      .catch(() => current && (setQuote(null), onQuote(null)));
    return () => {
      current = false;
    };
  }, [asked, imei, days, onQuote]);

  if (!asked || !quote) return null;
  if (quote.free) return <Alert severity="info">{translate('fitment.quote.free')}</Alert>;
  if (quote.pricePaise === null)
    return <Alert severity="warning">{translate('fitment.quote.notPriced', { days })}</Alert>;
  if (!quote.payer) return <Alert severity="warning">{translate('fitment.quote.noWallet')}</Alert>;
  const values = {
    days,
    price: formatRupees(quote.pricePaise),
    organisation: quote.payer.organisation,
    balance: formatRupees(quote.payer.balancePaise),
  };
  return (
    <Alert severity={quote.payer.sufficient ? 'info' : 'warning'} data-testid="activation-quote">
      {translate('fitment.quote.price', values)}
      {quote.payer.balancePaise !== null && <>. {translate('fitment.quote.balance', values)}</>}
      {!quote.payer.sufficient && <>. {translate('fitment.quote.insufficient', values)}</>}
    </Alert>
  );
}

/** What a new fitment's activation cost, said after the spec's "Fitment created"; null when it cost nothing. */
export function chargedMessage(quote: ActivationQuote | null): [string, Record<string, unknown>] | null {
  if (!quote || quote.free || !quote.pricePaise || !quote.payer) return null;
  return ['fitment.quote.charged', { price: formatRupees(quote.pricePaise), organisation: quote.payer.organisation }];
}
