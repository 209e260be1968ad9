import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Caller } from '../auth/caller.ts';
import { query } from '../resources/sql.ts';

/** Whether the organisation lies strictly below the caller's (the super admin: any organisation). */
export async function isAboveOrganisation(db: Db, caller: Caller, organisationId: string): Promise<boolean> {
  if (caller.isSuperAdmin) return true;
  const [row] = await query<{ path: string }>(
    db,
    sql`select path from organisations where id = ${organisationId}::uuid`,
  );
  return Boolean(row && row.path !== caller.organisationPath && row.path.startsWith(caller.organisationPath));
}

/** The provider: the root organisation, whose BANK and REVENUE accounts the ledger runs through. */
export async function providerId(db: Db): Promise<string | undefined> {
  const [root] = await query<{ id: string }>(
    db,
    sql`select id from organisations where parent_id is null order by created_at, id limit 1`,
  );
  return root?.id;
}

/**
 * Whether the caller speaks for the provider: the super admin, or a user of the root organisation.
 * Only they set prices (for every organisation, their own included) and post deposits and
 * withdrawals against the bank; the permission ids of each route decide which of them may.
 */
export async function speaksForProvider(db: Db, caller: Caller): Promise<boolean> {
  return caller.isSuperAdmin || caller.organisationId === (await providerId(db));
}
