import { eq, like, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { organisations } from '../db/schema.ts';

/**
 * The tenancy rule in one place: a caller sees rows of their own organisation and of those below
 * it. Organisations keep a materialised path of ids, so the subtree is one indexed prefix match.
 */
export function inOrganisationTree(organisationColumn: AnyColumn | SQL, callerPath: string): SQL {
  return sql`${organisationColumn} in (select ${organisations.id} from ${organisations} where ${like(organisations.path, `${callerPath}%`)})`;
}

export async function isInOrganisationTree(db: Db, organisationId: string, callerPath: string): Promise<boolean> {
  const [org] = await db
    .select({ path: organisations.path })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return Boolean(org?.path.startsWith(callerPath));
}
