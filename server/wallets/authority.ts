import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Caller } from '../auth/caller.ts';
import { query } from '../resources/sql.ts';

/**
 * Whether the caller may set what an organisation pays or holds (its prices, its wallet's balance):
 * the super admin, or a caller from one of its ancestors. Never the organisation's own users, so a
 * dealer cannot price its activations at 0 or credit its own wallet.
 */
export async function isAboveOrganisation(db: Db, caller: Caller, organisationId: string): Promise<boolean> {
  if (caller.isSuperAdmin) return true;
  const [row] = await query<{ path: string }>(db, sql`select path from organisations where id = ${organisationId}::uuid`);
  return Boolean(row && row.path !== caller.organisationPath && row.path.startsWith(caller.organisationPath));
}
