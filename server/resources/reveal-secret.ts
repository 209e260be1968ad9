import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { requireCaller } from '../auth/caller.ts';
import { notFound } from '../http/errors.ts';
import type { ResourceDeclaration } from '../../resources/define.ts';
import { findRecord } from './records.ts';
import { id, query } from './sql.ts';

/**
 * The body of every `GET {api}/{id}/secret` route (an alert rule's webhook secret, a forwarding
 * destination's, a change webhook endpoint's): the record's secret, whole, read from `column` of the
 * resource's table. The route's own permission (its `config.permission`) was checked before; here the
 * record must be one the caller can see (another tenant's answers 404, like a read). A reveal that
 * answers is marked for the audit log (server/audit/plugin.ts): who, the call and the record's id,
 * from which address; a GET carries no body, so the secret is never in the row. A refusal leaves no row.
 */
export async function revealSecret(
  db: Db,
  request: FastifyRequest<{ Params: { id: string } }>,
  resource: ResourceDeclaration,
  column: string,
): Promise<string | null> {
  const caller = await requireCaller(request);
  const record = await findRecord(db, resource, caller, request.params.id);
  if (!record) throw notFound();
  const [row] = await query<{ secret: string | null }>(
    db,
    sql`select ${id(column)} as secret from ${id(resource.table)} where id = ${record.id}`,
  );
  if (!row) throw notFound();
  request.audit = { event: 'secret-revealed' };
  return row.secret;
}
