import { formatDateTime, indianIsoDay, parseIndianDate } from '../../core/format/date.ts';
import { formatRupees } from '../../core/money.ts';
import type { ExportTable } from '../../src/resources/exporters.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export type TransactionType = 'CREDIT' | 'DEBIT';
export interface Wallet {
  id: string;
  userId: string;
  balance: number;
  organisationId: string;
}
export type TransferKind = 'DEPOSIT' | 'WITHDRAWAL' | 'TRANSFER' | 'ACTIVATION' | 'RENEWAL';
/** The account on a movement's other side (docs/wallet.md). */
export interface Counterparty {
  kind: 'WALLET' | 'BANK' | 'REVENUE';
  organisationName: string | null;
  holderName: string | null;
}
export interface Movement {
  id: string;
  transactionType: TransactionType;
  amount: number;
  balanceAfter: number;
  description: string;
  reference: string | null;
  createdAt: string;
  createdByName: string | null;
  transferKind: TransferKind;
  counterparty: Counterparty | null;
  /** The fitment an activation paid for, by its vehicle; its reference is then not shown raw. */
  fitment?: { id: string; registrationNumber: string | null } | null;
}

export interface WalletFilter {
  transactionType: '' | TransactionType;
  fromText: string;
  toText: string;
}

/** The query of GET /wallets/{id}/transactions: days as yyyy-MM-dd, which the server reads as whole Kolkata days. */
export function transactionsQuery(filter: WalletFilter): { query: string; invalid: ('fromText' | 'toText')[] } {
  const params = new URLSearchParams();
  const invalid: ('fromText' | 'toText')[] = [];
  if (filter.transactionType) params.set('transactionType', filter.transactionType);
  for (const [key, param] of [
    ['fromText', 'fromDate'],
    ['toText', 'toDate'],
  ] as const) {
    const text = filter[key].trim();
    if (!text) continue;
    const day = parseIndianDate(text);
    if (day) params.set(param, indianIsoDay(day));
    else invalid.push(key);
  }
  const query = params.toString();
  return { query: query ? `?${query}` : '', invalid };
}

/** The spec's change over the range: credits less debits; zero or more is a gain. */
export function changeOver(rows: readonly Movement[]): number {
  return rows.reduce((sum, row) => sum + (row.transactionType === 'CREDIT' ? row.amount : -row.amount), 0);
}

/**
 * Where a movement's money came from or went, in words: the bank for deposits and withdrawals,
 * the provider for what was paid into its revenue, another wallet (organisation and holder) for a
 * transfer in or out.
 */
export function counterpartyText(row: Movement, translate: Translate): string {
  const other = row.counterparty;
  if (!other) return '';
  const incoming = row.transactionType === 'CREDIT';
  if (other.kind === 'BANK') return translate(incoming ? 'wallet.counterparty.fromBank' : 'wallet.counterparty.toBank');
  const name =
    other.kind === 'WALLET' && other.holderName
      ? translate('wallet.counterparty.wallet', {
          organisation: other.organisationName ?? '',
          holder: other.holderName,
        })
      : (other.organisationName ?? '');
  if (other.kind === 'REVENUE')
    return translate(incoming ? 'wallet.counterparty.fromRevenue' : 'wallet.counterparty.toRevenue', { name });
  return translate(incoming ? 'wallet.counterparty.transferIn' : 'wallet.counterparty.transferOut', { name });
}

/** The table's search: what a row shows (date, type and kind, description, other side, amount, reference), case-insensitive. */
export function searchMovements(rows: readonly Movement[], text: string, translate: Translate): Movement[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...rows];
  return rows.filter((row) =>
    [
      formatDateTime(row.createdAt),
      translate(`wallet.types.${row.transactionType}`),
      translate(`wallet.transferKinds.${row.transferKind}`),
      row.description,
      counterpartyText(row, translate),
      formatRupees(row.amount),
      row.fitment?.registrationNumber ?? row.reference ?? '',
    ].some((value) => value.toLowerCase().includes(needle)),
  );
}

/** The spec's CSV: date, transaction type, description, amount in rupees (a number, so a spreadsheet sums it). */
export function movementsTable(rows: readonly Movement[], translate: Translate): ExportTable {
  return {
    title: translate('wallet.title'),
    headers: [
      translate('wallet.csv.date'),
      translate('wallet.csv.type'),
      translate('wallet.csv.description'),
      translate('wallet.csv.amount'),
    ],
    rows: rows.map((row) => [
      formatDateTime(row.createdAt),
      translate(`wallet.types.${row.transactionType}`),
      row.description,
      (row.amount / 100).toFixed(2),
    ]),
  };
}
