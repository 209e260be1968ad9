/** A wallet's statement rows as the API gives them (GET /api/wallets/{id}/transactions), and as the wallet.movement webhook carries them. */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { organisations, users, vehicles } from '../db/schema.ts';
import { fitments } from '../db/fitment-schema.ts';
import { walletTransactions, wallets, type WalletTransaction } from '../db/wallet-schema.ts';
import { ACTIVATION_REFERENCE_PREFIX } from './activation.ts';

/** The account on a leg's other side, as the statement names it: its kind, organisation and holder. */
interface Counterparty {
  kind: string;
  organisationName: string | null;
  holderName: string | null;
}

/** A ledger row as the API gives it: times as ISO 8601, who by name, the transfer it is a leg of and its other side. */
/** The fitment an activation leg paid for (its reference `fitment:<id>`), named by its vehicle. */
type PaidFitment = { id: string; registrationNumber: string | null } | null;

export function present(
  row: WalletTransaction,
  createdByName?: string | null,
  counterparty?: Counterparty | null,
  fitment: PaidFitment = null,
) {
  return {
    id: row.id,
    walletId: row.walletId,
    transactionType: row.transactionType,
    amount: row.amount,
    balanceAfter: row.balanceAfter,
    description: row.description,
    reference: row.reference,
    createdBy: row.createdBy,
    createdByName: createdByName ?? null,
    transferId: row.transferId,
    transferKind: row.transferKind,
    counterWalletId: row.counterWalletId,
    counterparty: counterparty ?? null,
    fitment,
    createdAt: row.createdAt.toISOString(),
  };
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null;

/** The ledger rows matching `conditions`, newest first, each with who made it, its other side and the fitment it paid for. */
export async function statementRows(db: Db, conditions: SQL[], limit: number) {
  const holders = alias(users, 'holders');
  const rows = await db
    .select({
      row: walletTransactions,
      firstName: users.firstName,
      lastName: users.lastName,
      counterKind: wallets.kind,
      counterOrganisation: organisations.tradeName,
      holderFirst: holders.firstName,
      holderLast: holders.lastName,
      fitmentId: fitments.id,
      registrationNumber: vehicles.registrationNumber,
    })
    .from(walletTransactions)
    .leftJoin(users, eq(users.id, walletTransactions.createdBy))
    .innerJoin(wallets, eq(wallets.id, walletTransactions.counterWalletId))
    .innerJoin(organisations, eq(organisations.id, wallets.organisationId))
    .leftJoin(holders, eq(holders.id, wallets.userId))
    .leftJoin(fitments, sql`${walletTransactions.reference} = ${ACTIVATION_REFERENCE_PREFIX} || ${fitments.id}::text`)
    .leftJoin(vehicles, eq(vehicles.id, fitments.vehicleId))
    .where(and(...conditions))
    .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
    .limit(limit);
  return rows.map((r) =>
    present(
      r.row,
      fullName(r.firstName, r.lastName),
      {
        kind: r.counterKind,
        organisationName: r.counterOrganisation,
        holderName: fullName(r.holderFirst, r.holderLast),
      },
      r.fitmentId ? { id: r.fitmentId, registrationNumber: r.registrationNumber } : null,
    ),
  );
}
