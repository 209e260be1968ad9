import type { FastifyInstance } from 'fastify';
import { activationQuoteRoute } from './quote.ts';
import { eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { walletTransactions, wallets, type WalletTransactionType } from '../db/wallet-schema.ts';
import type { AccountKind } from '../../resources/entities/wallet.ts';
import { requireCaller, type Caller } from '../auth/caller.ts';
import walletResource from '../../resources/entities/wallet.ts';
import { findRecord } from '../resources/records.ts';
import { writableRecord } from '../resources/routes.ts';
import { message, said } from '../resources/messages.ts';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors.ts';
import { idParams } from '../http/params.ts';
import { indianDayBounds } from './days.ts';
import { MAX_BALANCE_PAISE, organisationWallet, systemAccount, transfer } from './ledger.ts';
import { isAboveOrganisation, speaksForProvider } from './authority.ts';
import { present, statementRows } from './statement.ts';
import { walletDocs } from '../openapi/wallets.ts';

/** The most rows one transactions call answers (newest first). */
export const MAX_TRANSACTIONS = 5000;

const IDEMPOTENCY_KEY = {
  type: 'string',
  minLength: 1,
  maxLength: 100,
  pattern: '^[\\x21-\\x7e]+$',
  errorMessage: message('wallet.messages.idempotencyKeyInvalid'),
};

/** A bank reference as the renewal's confirmation takes it: 6 to 35 letters, digits and dashes. */
export const UTR_PATTERN = /^[A-Za-z0-9-]{6,35}$/;

const movementBody = {
  type: 'object',
  required: ['amount', 'description'],
  additionalProperties: false,
  properties: {
    amount: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_BALANCE_PAISE,
      errorMessage: message('wallet.messages.amountInvalid'),
    },
    description: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      pattern: '\\S',
      errorMessage: message('wallet.messages.descriptionInvalid'),
    },
    reference: { type: ['string', 'null'], maxLength: 100, errorMessage: message('wallet.messages.referenceTooLong') },
    idempotencyKey: IDEMPOTENCY_KEY,
    counterpart: {
      type: 'string',
      enum: ['bank', 'wallet'],
      errorMessage: message('wallet.messages.counterpartInvalid'),
    },
  },
};

type Counterpart = 'bank' | 'wallet';
/** A movement's body as far as who may post it goes: the UTR check passes, so only the sides are asked. */
const PROBE = { amount: 1, description: 'probe', reference: 'PROBE-UTR' };
interface MovementBody {
  amount: number;
  description: string;
  reference?: string | null;
  idempotencyKey?: string;
  counterpart?: Counterpart;
}
interface TransactionsQuery {
  transactionType?: WalletTransactionType;
  fromDate?: string;
  toDate?: string;
}

async function walletInScope(db: Db, caller: Caller, walletId: string) {
  const wallet = await findRecord(db, walletResource, caller, walletId);
  if (!wallet) throw notFound(said('wallet.messages.notFound'));
  return wallet;
}

/**
 * The wallet's own calls beyond the generic CRUD of /wallets (whose `balance` is read-only): its
 * ledger, filtered by the spec's Kolkata days, and the administrators' add and deduct, each a
 * transfer of the double-entry ledger.
 */
export function walletRoutes(app: FastifyInstance, db: Db) {
  activationQuoteRoute(app, db);
  app.get<{ Params: { id: string }; Querystring: TransactionsQuery }>(
    '/wallets/:id/transactions',
    {
      config: { permission: ['account-wallet', 'view-wallet-transactions'] },
      schema: {
        tags: ['wallet'],
        summary: "A wallet's transactions, newest first",
        description: `fromDate counts from the start of that day, toDate to the end of that day, in Asia/Kolkata (yyyy-MM-dd). At most ${MAX_TRANSACTIONS} rows.`,
        params: idParams,
        querystring: {
          type: 'object',
          properties: {
            transactionType: {
              type: 'string',
              enum: ['CREDIT', 'DEBIT', ''],
              errorMessage: message('wallet.messages.transactionTypeInvalid'),
            },
            fromDate: { type: 'string', maxLength: 40 },
            toDate: { type: 'string', maxLength: 40 },
          },
        },
        response: walletDocs.transactions,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const wallet = await walletInScope(db, caller, request.params.id);
      const { transactionType, fromDate, toDate } = request.query;
      const conditions: SQL[] = [eq(walletTransactions.walletId, wallet.id)];
      if (transactionType) conditions.push(eq(walletTransactions.transactionType, transactionType));
      if (fromDate) conditions.push(gte(walletTransactions.createdAt, dayOrRefuse(fromDate, 'fromDate').start));
      if (toDate) conditions.push(lt(walletTransactions.createdAt, dayOrRefuse(toDate, 'toDate').end));
      return statementRows(db, conditions, MAX_TRANSACTIONS);
    },
  );

  app.get<{ Params: { id: string }; Querystring: { step: 'add' | 'deduct' } }>(
    '/wallets/:id/counterparts',
    {
      config: { permission: ['add-money-wallet', 'deduct-money-wallet'] },
      schema: {
        tags: ['wallet'],
        summary:
          "Where money added to (step=add) or taken from (step=deduct) this account may come from or go: the bank (the provider) and the caller's own wallet (above it)",
        params: idParams,
        querystring: {
          type: 'object',
          required: ['step'],
          properties: { step: { type: 'string', enum: ['add', 'deduct'] } },
        },
        response: walletDocs.counterparts,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const wallet = await writableRecord({ db, caller, request, resource: walletResource }, request.params.id);
      const target = {
        id: wallet.id,
        kind: wallet.kind as AccountKind,
        organisationId: wallet.organisationId as string,
      };
      const [bank, own] = await Promise.all([
        movementSides(db, caller, target, request.query.step, { ...PROBE, counterpart: 'bank' }).then(
          () => true,
          () => false,
        ),
        movementSides(db, caller, target, request.query.step, { ...PROBE, counterpart: 'wallet' }).then(
          (sides) => (sides.from === wallet.id ? sides.to : sides.from),
          () => null,
        ),
      ]);
      const ownWallet = own
        ? await db.select({ id: wallets.id, balance: wallets.balance }).from(wallets).where(eq(wallets.id, own))
        : [];
      return {
        bank,
        wallet: ownWallet[0] ?? null,
        default: bank && (await speaksForProvider(db, caller)) ? 'bank' : 'wallet',
      };
    },
  );

  for (const [step, permission] of [
    ['add', 'add-money-wallet'],
    ['deduct', 'deduct-money-wallet'],
  ] as const) {
    app.put<{ Params: { id: string }; Body: MovementBody }>(
      `/wallets/${step}/:id`,
      {
        config: { permission, peopleOnly: true },
        schema: {
          tags: ['wallet'],
          summary:
            step === 'add'
              ? "Add money to a wallet: a deposit from the bank (the provider, with the UTR) or a transfer from your organisation's wallet"
              : "Take money from a wallet: a withdrawal to the bank (the provider, with the UTR) or a transfer back to your organisation's wallet",
          description:
            "amount in paise. counterpart: bank (the default for the provider's administrators) or wallet (the default for everyone else; the wallet must belong to an organisation below yours). " +
            'The idempotency key (body idempotencyKey or the Idempotency-Key header) makes a retry return the first transfer instead of a second one. docs/wallet.md.',
          params: idParams,
          headers: { type: 'object', properties: { 'idempotency-key': IDEMPOTENCY_KEY } },
          body: { ...movementBody, examples: [walletDocs.movementExample] },
          response: walletDocs.moved,
        },
      },
      async (request) => {
        const caller = await requireCaller(request);
        const wallet = await writableRecord({ db, caller, request, resource: walletResource }, request.params.id);
        const idempotencyKey =
          request.body.idempotencyKey ?? (request.headers['idempotency-key'] as string | undefined);
        if (!idempotencyKey)
          throw badRequest(said('wallet.messages.keyRequired'), {
            idempotencyKey: said('wallet.messages.keyRequired'),
          });
        const { from, to, kind } = await movementSides(
          db,
          caller,
          { id: wallet.id, kind: wallet.kind as AccountKind, organisationId: wallet.organisationId as string },
          step,
          request.body,
        );
        const moved = await transfer(db, {
          fromId: from,
          toId: to,
          kind,
          amountPaise: request.body.amount,
          description: request.body.description,
          reference: request.body.reference?.trim() || null,
          idempotencyKey,
          actorId: caller.userId,
        });
        const leg = moved.debit.walletId === wallet.id ? moved.debit : moved.credit;
        return { success: true, data: { transaction: present(leg), balance: leg.balanceAfter } };
      },
    );
  }
}

/**
 * Who may move money where (docs/wallet.md): the provider's administrators deposit from the bank
 * and withdraw to it, naming the bank's reference; any administrator with the permission moves
 * money between their own organisation's wallet and a wallet below it. Nobody else creates money,
 * and the bank is never a target: it is the other side of deposits and withdrawals.
 */
async function movementSides(
  db: Db,
  caller: Caller,
  target: { id: string; kind: AccountKind; organisationId: string },
  step: 'add' | 'deduct',
  body: MovementBody,
) {
  const provider = await speaksForProvider(db, caller);
  const counterpart: Counterpart = body.counterpart ?? (provider ? 'bank' : 'wallet');
  // revenue leaves only for the bank; nothing is posted to the bank itself
  if (target.kind === 'BANK' || (target.kind === 'REVENUE' && (step === 'add' || counterpart !== 'bank'))) {
    throw new HttpError(409, said('wallet.messages.systemAccount'));
  }
  if (counterpart === 'bank') {
    if (!provider) throw forbidden(said('wallet.messages.bankProviderOnly'));
    if (!UTR_PATTERN.test(body.reference?.trim() ?? ''))
      throw badRequest(said('wallet.messages.utrRequired'), { reference: said('wallet.messages.utrRequired') });
    const bank = await systemAccount(db, 'BANK');
    return step === 'add'
      ? { from: bank, to: target.id, kind: 'DEPOSIT' as const }
      : { from: target.id, to: bank, kind: 'WITHDRAWAL' as const };
  }
  if (!(await isAboveOrganisation(db, caller, target.organisationId)))
    throw forbidden(said('wallet.messages.ownWallet'));
  const own = await organisationWallet(db, caller.organisationId);
  if (!own) throw new HttpError(409, said('wallet.messages.noOwnWallet'));
  if (own.id === target.id) throw badRequest(said('wallet.messages.sameAccount'));
  return step === 'add'
    ? { from: own.id, to: target.id, kind: 'TRANSFER' as const }
    : { from: target.id, to: own.id, kind: 'TRANSFER' as const };
}

function dayOrRefuse(text: string, field: string) {
  const bounds = indianDayBounds(text);
  if (!bounds) throw badRequest(said('wallet.messages.dateInvalid'), { [field]: said('wallet.messages.dateInvalid') });
  return bounds;
}
