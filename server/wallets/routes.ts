import type { FastifyInstance } from 'fastify';
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { walletTransactions, type WalletTransactionType } from '../db/wallet-schema.ts';
import { requireCaller, type Caller } from '../auth/caller.ts';
import walletResource from '../../resources/entities/wallet.ts';
import { findRecord } from '../resources/records.ts';
import { writableRecord } from '../resources/routes.ts';
import { said } from '../resources/messages.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { idParams } from '../http/params.ts';
import { indianDayBounds } from './days.ts';
import { credit, debit, MAX_BALANCE_PAISE, type WalletTransaction } from './ledger.ts';
import { isAboveOrganisation } from './authority.ts';

/** The most rows one transactions call answers (newest first). */
export const MAX_TRANSACTIONS = 5000;

const IDEMPOTENCY_KEY = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[\\x21-\\x7e]+$', errorMessage: 'The idempotency key must be 1 to 100 visible characters' };

const movementBody = {
  type: 'object',
  required: ['amount', 'description'],
  additionalProperties: false,
  properties: {
    amount: { type: 'integer', minimum: 1, maximum: MAX_BALANCE_PAISE, errorMessage: 'The amount must be a whole number of paise greater than 0' },
    description: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S', errorMessage: 'Type a description of up to 200 characters' },
    reference: { type: ['string', 'null'], maxLength: 100, errorMessage: 'The reference may be up to 100 characters' },
    idempotencyKey: IDEMPOTENCY_KEY,
  },
};

interface MovementBody { amount: number; description: string; reference?: string | null; idempotencyKey?: string }
interface TransactionsQuery { transactionType?: WalletTransactionType; fromDate?: string; toDate?: string }

/** A ledger row as the API gives it: times as ISO 8601, who by name. */
function present(row: WalletTransaction, createdByName?: string | null) {
  return {
    id: row.id, walletId: row.walletId, transactionType: row.transactionType, amount: row.amount, balanceAfter: row.balanceAfter,
    description: row.description, reference: row.reference, createdBy: row.createdBy, createdByName: createdByName ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function walletInScope(db: Db, caller: Caller, walletId: string) {
  const wallet = await findRecord(db, walletResource, caller, walletId);
  if (!wallet) throw notFound(said('wallet.messages.notFound'));
  return wallet;
}

/**
 * The wallet's own calls beyond the generic CRUD of /wallets (whose `balance` is read-only): its
 * ledger, filtered by the spec's Kolkata days, and the administrators' add and deduct.
 */
export function walletRoutes(app: FastifyInstance, db: Db) {
  app.get<{ Params: { id: string }; Querystring: TransactionsQuery }>('/wallets/:id/transactions', {
    config: { permission: ['account-wallet', 'view-wallet-transactions'] },
    schema: {
      tags: ['wallet'], summary: "A wallet's transactions, newest first",
      description: `fromDate counts from the start of that day, toDate to the end of that day, in Asia/Kolkata (yyyy-MM-dd). At most ${MAX_TRANSACTIONS} rows.`,
      params: idParams,
      querystring: {
        type: 'object',
        properties: {
          transactionType: { type: 'string', enum: ['CREDIT', 'DEBIT', ''], errorMessage: 'The transaction type must be CREDIT or DEBIT' },
          fromDate: { type: 'string', maxLength: 40 },
          toDate: { type: 'string', maxLength: 40 },
        },
      },
    },
  }, async (request) => {
    const caller = await requireCaller(request);
    const wallet = await walletInScope(db, caller, request.params.id);
    const { transactionType, fromDate, toDate } = request.query;
    const conditions: SQL[] = [eq(walletTransactions.walletId, wallet.id)];
    if (transactionType) conditions.push(eq(walletTransactions.transactionType, transactionType));
    if (fromDate) conditions.push(gte(walletTransactions.createdAt, dayOrRefuse(fromDate, 'fromDate').start));
    if (toDate) conditions.push(lt(walletTransactions.createdAt, dayOrRefuse(toDate, 'toDate').end));
    const rows = await db.select({ row: walletTransactions, firstName: users.firstName, lastName: users.lastName })
      .from(walletTransactions).leftJoin(users, eq(users.id, walletTransactions.createdBy))
      .where(and(...conditions)).orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id)).limit(MAX_TRANSACTIONS);
    return rows.map(({ row, firstName, lastName }) => present(row, [firstName, lastName].filter(Boolean).join(' ') || null));
  });

  for (const [step, move, permission] of [['add', credit, 'add-money-wallet'], ['deduct', debit, 'deduct-money-wallet']] as const) {
    app.put<{ Params: { id: string }; Body: MovementBody }>(`/wallets/${step}/:id`, {
      config: { permission },
      schema: {
        tags: ['wallet'],
        summary: step === 'add' ? 'Credit a wallet (administrators of a parent organisation)' : 'Debit a wallet (administrators of a parent organisation)',
        description: 'amount in paise. The idempotency key (body idempotencyKey or the Idempotency-Key header) makes a retry return the first movement instead of a second one.',
        params: idParams,
        headers: { type: 'object', properties: { 'idempotency-key': IDEMPOTENCY_KEY } },
        body: movementBody,
      },
    }, async (request) => {
      const caller = await requireCaller(request);
      const wallet = await writableRecord({ db, caller, request, resource: walletResource }, request.params.id);
      if (!(await isAboveOrganisation(db, caller, wallet.organisationId as string))) throw forbidden(said('wallet.messages.ownWallet'));
      const idempotencyKey = request.body.idempotencyKey ?? (request.headers['idempotency-key'] as string | undefined);
      if (!idempotencyKey) throw badRequest(said('wallet.messages.keyRequired'), { idempotencyKey: said('wallet.messages.keyRequired') });
      const row = await move(db, {
        walletId: wallet.id, amountPaise: request.body.amount, description: request.body.description,
        reference: request.body.reference ?? null, idempotencyKey, actorId: caller.userId,
      });
      return { success: true, data: { transaction: present(row), balance: row.balanceAfter } };
    });
  }
}

function dayOrRefuse(text: string, field: string) {
  const bounds = indianDayBounds(text);
  if (!bounds) throw badRequest(said('wallet.messages.dateInvalid'), { [field]: said('wallet.messages.dateInvalid') });
  return bounds;
}
