import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Caller } from '../auth/caller.ts';
import fitmentResource from '../../resources/entities/fitment.ts';
import { hasPermission } from '../../core/permissions.ts';
import { inOrganisationTree } from '../organisations/scope.ts';
import { andInScope } from '../resources/scope.ts';
import { query } from '../resources/sql.ts';

/**
 * Whether a signed-in caller may read an upload of the DOC folder (KYC documents): it was uploaded
 * by their organisation or one below it, or it is a KYC document of a fitment whose full
 * certificate they may see (view-certificate on the fitment's organisation). Never anonymously.
 */
export async function mayReadDocument(db: Db, caller: Caller, url: string): Promise<boolean> {
  if (caller.isSuperAdmin) return true;
  const [uploaded] = await query(db, sql`select 1 from uploads u where u.url = ${url} and ${inOrganisationTree(sql`u.organisation_id`, caller.organisationPath)} limit 1`);
  if (uploaded) return true;
  if (!hasPermission(caller.isSuperAdmin, caller.permissions, 'view-certificate')) return false;
  const [kyc] = await query(db, sql`select 1 from fitments t
    where t.customer -> 'kycDocs' @> ${JSON.stringify([{ link: url }])}::jsonb${andInScope(fitmentResource, caller, 'read')} limit 1`);
  return Boolean(kyc);
}
