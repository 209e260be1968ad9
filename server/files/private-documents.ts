import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Caller } from '../auth/caller.ts';
import fitmentResource from '../../resources/entities/fitment.ts';
import {
  UPLOADED_DOCUMENT_PATTERN,
  UPLOADED_IMAGE_PATTERN,
  type Field,
  type ResourceDeclaration,
} from '../../resources/define.ts';
import { hasPermission } from '../../core/permissions.ts';
import { inOrganisationTree } from '../organisations/scope.ts';
import { andInScope, isSuperAdmin } from '../resources/scope.ts';
import { query } from '../resources/sql.ts';
import { badRequest } from '../http/errors.ts';
import { said } from '../resources/messages.ts';

/*
 * Private documents, both halves of one rule (docs/security.md, "Private documents stay private").
 * An upload belongs to the organisation its uploader was in (the uploads table).
 * - Naming: a write may name an upload only when the caller's organisation tree holds the
 *   uploading organisation (the super-admin: any upload), or when the record already held it.
 * - Reading a DOC upload (KYC): the same callers, and full certificate viewers (view-certificate,
 *   the fitment in their tree) of a fitment recorded in the uploading organisation's tree.
 * So a link learnt elsewhere and named in a fitment of one's own is neither written nor read.
 */

const UPLOAD_PATTERNS: readonly (string | undefined)[] = [UPLOADED_IMAGE_PATTERN, UPLOADED_DOCUMENT_PATTERN];

/** An upload's address a body names, the field that names it (an array's items by the array) and that field's label key. */
interface NamedUpload {
  field: string;
  label: string;
  url: string;
}

/** Every upload address a body of these declared fields names: image fields, upload text fields and their arrays, within objects. */
export function namedUploads(fields: Record<string, Field>, values: unknown, prefix = ''): NamedUpload[] {
  if (!values || typeof values !== 'object') return [];
  return Object.entries(fields).flatMap(([name, field]) => {
    const value = (values as Record<string, unknown>)[name];
    const named = (url: unknown): NamedUpload[] =>
      typeof url === 'string' && url !== ''
        ? [{ field: `${prefix}${name}`, label: field.label ?? `${prefix}${name}`, url }]
        : [];
    switch (field.type) {
      case 'image':
        return named(value);
      case 'text':
        return UPLOAD_PATTERNS.includes(field.pattern) ? named(value) : [];
      case 'object':
        return namedUploads(field.fields, value, `${prefix}${name}.`);
      case 'array': {
        if (!Array.isArray(value)) return [];
        if (field.item) return value.flatMap((item) => namedUploads(field.item!, item).flatMap((u) => named(u.url)));
        return UPLOAD_PATTERNS.includes(field.itemPattern) ? value.flatMap(named) : [];
      }
      default:
        return [];
    }
  });
}

/**
 * The naming half: refuses with 400, on the field concerned, a write of `ctx.resource` that names
 * an upload the caller's organisation tree did not make and the record (`existing`, on an edit)
 * did not already hold. Run before the write changes anything.
 */
export async function refuseForeignUploads(
  db: Db,
  caller: Caller,
  resource: ResourceDeclaration,
  body: Record<string, unknown>,
  existing?: Record<string, unknown>,
): Promise<void> {
  const held = new Set(existing ? namedUploads(resource.fields, existing).map((u) => u.url) : []);
  const named = namedUploads(resource.fields, body).filter((u) => !held.has(u.url));
  if (!named.length) return;
  const urls = [...new Set(named.map((u) => u.url))];
  const tree = isSuperAdmin(caller) ? '/' : caller.organisationPath;
  const ours = new Set(
    (
      await query<{ url: string }>(
        db,
        sql`select distinct u.url from uploads u
    where u.url in (${sql.join(
      urls.map((url) => sql`${url}`),
      sql`, `,
    )}) and ${inOrganisationTree(sql`u.organisation_id`, tree)}`,
      )
    ).map((r) => r.url),
  );
  const foreign = named.find((u) => !ours.has(u.url));
  if (!foreign) return;
  const refusal = said('api.files.notYours', { label: said(foreign.label) });
  throw badRequest(refusal, { [foreign.field]: refusal });
}

/**
 * The reading half, for an upload of the DOC folder (KYC documents): the super-admin; a signed-in
 * caller whose organisation tree holds the uploading organisation; or one with view-certificate on
 * a fitment in their tree that holds the document as a KYC link and is itself recorded in the
 * uploading organisation's tree. A fitment of another tree naming the link gives nothing. Never anonymously.
 */
export async function mayReadDocument(db: Db, caller: Caller, url: string): Promise<boolean> {
  if (isSuperAdmin(caller)) return true;
  const [uploaded] = await query(
    db,
    sql`select 1 from uploads u where u.url = ${url} and ${inOrganisationTree(sql`u.organisation_id`, caller.organisationPath)} limit 1`,
  );
  if (uploaded) return true;
  if (!hasPermission(caller.isSuperAdmin, caller.permissions, 'view-certificate')) return false;
  const [kyc] = await query(
    db,
    sql`select 1 from fitments t join organisations fo on fo.id = t.organisation_id
    where t.customer -> 'kycDocs' @> ${JSON.stringify([{ link: url }])}::jsonb${andInScope(fitmentResource, caller, 'read')}
      and exists (select 1 from uploads u join organisations uo on uo.id = u.organisation_id
        where u.url = ${url} and starts_with(fo.path, uo.path)) limit 1`,
  );
  return Boolean(kyc);
}
