import type { Brand } from '../../brands/index.ts';
import type { RenewalProviderId } from '../../resources/entities/renewal-order.ts';

/** What a provider needs of an order to tell the payer how to pay. */
export interface OrderToPay {
  reference: string;
  amountPaise: number;
}

/** What the payer sees after ordering: how to pay, and what to quote. */
export type PaymentInstructions =
  | { kind: 'upi'; reference: string; amountPaise: number; upiUri: string; bank: Brand['bank'] }
  | { kind: 'test'; reference: string; amountPaise: number }
  | { kind: 'wallet'; reference: string; amountPaise: number };

/**
 * A way of paying a renewal order. `start` answers what the payer sees; `confirmedBy` says which
 * path turns the order PAID (always confirmOrder of orders.ts, exactly once):
 * - administrator: someone with confirm-renewal confirms receipt in the console, with the UTR;
 * - test-endpoint: POST /api/public/renewal/orders/{reference}/test-payment, registered only with WAYMARK_TEST_PAYMENTS=1;
 * - wallet: the signed-in payer's wallet is debited in the same transaction as the confirmation.
 */
export interface RenewalPaymentProvider {
  id: RenewalProviderId;
  /** Offered to anonymous payers when ordering (the wallet is not: it pays an order already made). */
  public: boolean;
  confirmedBy: 'administrator' | 'test-endpoint' | 'wallet';
  start(order: OrderToPay): PaymentInstructions;
}

/** Rupees with 2 decimals, as a UPI amount is written (am=1500.00). */
const upiAmount = (paise: number) => (paise / 100).toFixed(2);

/** The UPI deep link a payment app opens from the QR code: payee, amount, currency and the reference as the note. */
export function upiUri(bank: Brand['bank'], order: OrderToPay): string {
  const part = (name: string, value: string) => `${name}=${encodeURIComponent(value)}`;
  return `upi://pay?${[part('pa', bank.upiId), part('pn', bank.beneficiary), part('am', upiAmount(order.amountPaise)), part('cu', 'INR'), part('tn', order.reference)].join('&')}`;
}

export function upiProvider(bank: Brand['bank']): RenewalPaymentProvider {
  return {
    id: 'upi',
    public: true,
    confirmedBy: 'administrator',
    start: (order) => ({
      kind: 'upi',
      reference: order.reference,
      amountPaise: order.amountPaise,
      upiUri: upiUri(bank, order),
      bank,
    }),
  };
}

/** Pays nothing: for the tests and a private demo, whose payer confirms it on the page. Enabled only by WAYMARK_TEST_PAYMENTS=1. */
export const testProvider: RenewalPaymentProvider = {
  id: 'test',
  public: true,
  confirmedBy: 'test-endpoint',
  start: (order) => ({ kind: 'test', reference: order.reference, amountPaise: order.amountPaise }),
};

export const walletProvider: RenewalPaymentProvider = {
  id: 'wallet',
  public: false,
  confirmedBy: 'wallet',
  start: (order) => ({ kind: 'wallet', reference: order.reference, amountPaise: order.amountPaise }),
};

/**
 * The providers a server offers: UPI/bank transfer and the wallet always, the test provider only
 * when switched on by itself (WAYMARK_TEST_PAYMENTS=1), never by demo data: a demo server reachable
 * by others would otherwise renew anyone's device for free.
 */
export function enabledProviders(options: {
  testPayments: boolean;
  bank: Brand['bank'];
}): Map<RenewalProviderId, RenewalPaymentProvider> {
  const providers = [upiProvider(options.bank), walletProvider, ...(options.testPayments ? [testProvider] : [])];
  return new Map(providers.map((p) => [p.id, p]));
}
