/** The demo seed's call of the HTTP API, as the first SUPER_ADMIN. */
export type DemoApi = <T = { id: string }>(method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) => Promise<T>;

/**
 * The dealer pays for its activations and those of its customers (₹1,500.00 a year, ₹2,700.00 for
 * two, set by the provider: a dealer may not price itself) from the wallet its RFC_ADMIN holds; the
 * ADMIN has a wallet of the root's. Both are funded by deposits from the bank, each with its UTR,
 * through PUT /wallets/add, so the demo opens on a real ledger (docs/wallet.md).
 */
export async function seedWallets(api: DemoApi, orgs: Record<string, string>, created: Record<string, string>) {
  await api('PUT', `/organisation/settings/${orgs.dealer}`, {
    priceOneYearPaise: 150_000,
    priceTwoYearsPaise: 270_000,
  });
  const dealerWallet = await api('POST', '/wallets', {
    userId: created.RFC_ADMIN,
    lowBalanceThreshold: 300_000,
    organisationId: orgs.dealer,
  });
  await api('PUT', `/wallets/add/${dealerWallet.id}`, {
    amount: 2_500_000,
    description: 'Top-up by NEFT',
    reference: 'SBIN0426110001',
    idempotencyKey: 'demo-dealer-topup-1',
  });
  await api('PUT', `/wallets/add/${dealerWallet.id}`, {
    amount: 12_345_600,
    description: 'Top-up by RTGS',
    reference: 'HDFC0426110002',
    idempotencyKey: 'demo-dealer-topup-2',
  });
  await api('PUT', `/wallets/deduct/${dealerWallet.id}`, {
    amount: 150_000,
    description: 'Refund of a double top-up by NEFT',
    reference: 'SBIN0426110009',
    idempotencyKey: 'demo-dealer-correction-1',
  });
  const adminWallet = await api('POST', '/wallets', {
    userId: created.ADMIN,
    lowBalanceThreshold: 100_000,
    organisationId: orgs.root,
  });
  await api('PUT', `/wallets/add/${adminWallet.id}`, {
    amount: 5_000_000,
    description: 'Top-up by NEFT',
    reference: 'ICIC0426110003',
    idempotencyKey: 'demo-admin-topup-1',
  });
  await api('PUT', `/wallets/deduct/${adminWallet.id}`, {
    amount: 270_000,
    description: 'Refund by NEFT',
    reference: 'ICIC0426110004',
    idempotencyKey: 'demo-admin-debit-1',
  });
}
