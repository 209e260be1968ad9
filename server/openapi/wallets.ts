import { answers, errors, obj, withExample, nullableText as text } from './shared.ts';

/** The OpenAPI answers and examples of the wallet's ledger, movements and the activation quote (server/wallets/). */

const WALLET = '3f6c2a9e-8b1d-4c47-9a0e-5d2f7b8c1e64';
const USER = '5b1e7d42-0c9a-4f3e-8d21-7a6b9c0e2f13';

const transaction = obj({
  id: { type: 'string' },
  walletId: { type: 'string', format: 'uuid' },
  transactionType: { type: 'string', enum: ['CREDIT', 'DEBIT'] },
  amount: { type: 'integer', description: 'paise' },
  balanceAfter: { type: 'integer', description: 'paise' },
  description: { type: 'string' },
  reference: text,
  createdBy: text,
  createdByName: text,
  transferId: text,
  transferKind: text,
  counterWalletId: text,
  counterparty: { type: ['object', 'null'], additionalProperties: true },
  fitment: { type: ['object', 'null'], additionalProperties: true },
  createdAt: { type: 'string' },
});
const transactionExample = {
  id: '7c2d9e14-3a5b-4f60-8e71-2b9c0d4a6f38',
  walletId: WALLET,
  transactionType: 'CREDIT',
  amount: 500000,
  balanceAfter: 1250000,
  description: 'Deposit, UTR 123456789012',
  reference: 'UTR123456789012',
  createdBy: USER,
  createdByName: 'Ravi Kumar',
  transferId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  transferKind: 'DEPOSIT',
  counterWalletId: null,
  counterparty: { kind: 'BANK', organisationName: null, holderName: null },
  fitment: null,
  createdAt: '2026-11-28T10:15:00.000Z',
};

export const walletDocs = {
  transactions: {
    200: withExample({ type: 'array', items: transaction }, [transactionExample]),
    ...errors(400, 401, 403, 404, 429),
  },
  counterparts: {
    200: withExample(
      obj({
        bank: { type: 'boolean' },
        wallet: { type: ['object', 'null'], properties: { id: { type: 'string' }, balance: { type: 'integer' } } },
        default: { type: 'string', enum: ['bank', 'wallet'] },
      }),
      { bank: true, wallet: { id: WALLET, balance: 1250000 }, default: 'bank' },
    ),
    ...errors(400, 401, 403, 404, 429),
  },
  movementExample: {
    amount: 500000,
    description: 'Deposit, UTR 123456789012',
    idempotencyKey: 'deposit-2026-11-28-0001',
    counterpart: 'bank',
  },
  moved: answers(
    obj({ transaction, balance: { type: 'integer' } }),
    { transaction: transactionExample, balance: 1250000 },
    [400, 401, 403, 404, 409, 429],
  ),
  quote: answers(
    obj({
      pricePaise: { type: ['integer', 'null'] },
      free: { type: 'boolean' },
      payer: {
        type: ['object', 'null'],
        properties: {
          organisation: { type: 'string' },
          sufficient: { type: 'boolean' },
          balancePaise: { type: ['integer', 'null'] },
        },
      },
    }),
    {
      pricePaise: 150000,
      free: false,
      payer: { organisation: 'Metro Auto Dealers', sufficient: true, balancePaise: 1250000 },
    },
    [400, 401, 403, 404, 429],
  ),
};
