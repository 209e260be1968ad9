import { describe, expect, it } from 'vitest';
import { formatRupees, parseRupees } from '../../core/money.ts';
import { indianDayBounds } from '../../server/wallets/days.ts';
import {
  changeOver,
  counterpartyText,
  movementsTable,
  searchMovements,
  transactionsQuery,
  type Counterparty,
  type Movement,
  type TransferKind,
} from '../../custom-pages/wallet/walletLedger.ts';
import en from '../../core/i18n/wallet-en.ts';

// the English catalogue's own words, with %{name} filled in as the console's i18n does
const translate = (key: string, options: Record<string, unknown> = {}) => {
  const text = key
    .split('.')
    .slice(1)
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
  return typeof text === 'string' ? text.replace(/%\{(\w+)\}/g, (_, name: string) => String(options[name] ?? '')) : key;
};
const BANK: Counterparty = { kind: 'BANK', organisationName: 'Waymark', holderName: null };
const row = (
  transactionType: 'CREDIT' | 'DEBIT',
  amount: number,
  description: string,
  transferKind: TransferKind = 'DEPOSIT',
  counterparty = BANK,
): Movement => ({
  id: description,
  transactionType,
  amount,
  balanceAfter: 0,
  description,
  reference: null,
  createdAt: '2026-01-10T18:30:00Z',
  createdByName: null,
  transferKind,
  counterparty,
});

describe('money', () => {
  it('shows paise as rupees with ₹, Indian grouping and 2 decimals', () => {
    expect(formatRupees(12_345_600)).toBe('₹1,23,456.00');
    expect(formatRupees(150_000)).toBe('₹1,500.00');
    expect(formatRupees(5)).toBe('₹0.05');
    expect(formatRupees(0)).toBe('₹0.00');
    expect(formatRupees(-270_000)).toBe('-₹2,700.00');
    expect(formatRupees(2_147_483_647)).toBe('₹2,14,74,836.47');
    expect(formatRupees(1_000_000_000_00)).toBe('₹1,00,00,00,000.00');
    expect(formatRupees(null)).toBe('');
  });

  it('reads rupees as typed into paise, refusing anything else', () => {
    expect(parseRupees('1234.5')).toBe(123_450);
    expect(parseRupees('₹1,23,456.00')).toBe(12_345_600);
    expect(parseRupees(' 15 ')).toBe(1_500);
    for (const bad of ['', '-5', '1.234', 'ten', '1e5']) expect(parseRupees(bad)).toBeUndefined();
  });
});

describe('wallet filter days', () => {
  it('reads a day as the whole day in Asia/Kolkata', () => {
    expect(indianDayBounds('2026-01-11')).toEqual({
      start: new Date('2026-01-10T18:30:00Z'),
      end: new Date('2026-01-11T18:30:00Z'),
    });
    expect(indianDayBounds('2026-01-10T20:00:00.000Z')).toEqual({
      start: new Date('2026-01-10T18:30:00Z'),
      end: new Date('2026-01-11T18:30:00Z'),
    });
    for (const bad of ['2026-02-30', '11/01/2026', '2026-1-1', '']) expect(indianDayBounds(bad)).toBeUndefined();
  });

  it("sends the filter bar's dd/MM/yyyy as yyyy-MM-dd and names a wrong date", () => {
    expect(transactionsQuery({ transactionType: 'DEBIT', fromText: '01/11/2026', toText: '23/11/2026' }).query).toBe(
      '?transactionType=DEBIT&fromDate=2026-11-01&toDate=2026-11-23',
    );
    expect(transactionsQuery({ transactionType: '', fromText: '', toText: '' })).toEqual({ query: '', invalid: [] });
    expect(transactionsQuery({ transactionType: '', fromText: '31/02/2026', toText: '01/03/2026' }).invalid).toEqual([
      'fromText',
    ]);
  });
});

describe('wallet ledger view', () => {
  const rows = [
    row('CREDIT', 500_000, 'Top-up by NEFT'),
    row('DEBIT', 150_000, 'Activation'),
    row('DEBIT', 400_000, 'Correction'),
  ];
  it('gives the change over the range as credits less debits', () => {
    expect(changeOver(rows)).toBe(-50_000);
    expect(changeOver([])).toBe(0);
  });
  it('searches what the table shows and exports date, type, description and rupees', () => {
    expect(searchMovements(rows, 'neft', translate).map((r) => r.description)).toEqual(['Top-up by NEFT']);
    expect(searchMovements(rows, 'debit', translate)).toHaveLength(2);
    expect(searchMovements(rows, '₹1,500', translate).map((r) => r.description)).toEqual(['Activation']);
    const table = movementsTable(rows.slice(0, 2), translate);
    expect(table.headers).toEqual(['Date', 'Transaction Type', 'Description', 'Amount (₹)']);
    expect(table.rows).toEqual([
      ['11/01/2026 00:00:00', 'Credit', 'Top-up by NEFT', '5000.00'],
      ['11/01/2026 00:00:00', 'Debit', 'Activation', '1500.00'],
    ]);
  });

  it("names the other side of each movement: the bank, the provider's revenue, or the wallet of another organisation", () => {
    const sunrise: Counterparty = { kind: 'WALLET', organisationName: 'Sunrise Logistics', holderName: 'Priya Singh' };
    const revenue: Counterparty = { kind: 'REVENUE', organisationName: 'Waymark', holderName: null };
    expect(counterpartyText(row('CREDIT', 1, 'a'), translate)).toBe('From the bank');
    expect(counterpartyText(row('DEBIT', 1, 'b', 'WITHDRAWAL'), translate)).toBe('To the bank');
    expect(counterpartyText(row('DEBIT', 1, 'c', 'ACTIVATION', revenue), translate)).toBe('Paid to Waymark');
    expect(counterpartyText(row('DEBIT', 1, 'd', 'TRANSFER', sunrise), translate)).toBe(
      'Transfer out to Sunrise Logistics (Priya Singh)',
    );
    expect(counterpartyText(row('CREDIT', 1, 'e', 'TRANSFER', sunrise), translate)).toBe(
      'Transfer in from Sunrise Logistics (Priya Singh)',
    );
    // and the table's search finds a row by it
    expect(
      searchMovements([row('DEBIT', 1, 'd', 'TRANSFER', sunrise), row('CREDIT', 1, 'a')], 'priya', translate).map(
        (r) => r.id,
      ),
    ).toEqual(['d']);
  });
});
