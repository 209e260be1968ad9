/**
 * Change webhooks (issue 29, docs/webhooks.md): a change queues one signed message per endpoint
 * that subscribes to its type, of the organisation the change belongs to and of those above it,
 * in the change's own transaction (the outbox, server/outbox.ts): a change rolled back sends
 * nothing, one committed is delivered at least once by the delivery workers (server/notify/).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Caller } from '../auth/caller.ts';
import { queueMessage } from '../outbox.ts';
import { query } from '../resources/sql.ts';
import { textIn } from '../resources/messages.ts';
import { inBothLanguages } from '../reminders/common.ts';
import { findRecord, type ResourceRecord } from '../resources/records.ts';
import type { ResourceDeclaration } from '../../resources/define.ts';
import type { ChangeEventType } from '../../resources/entities/webhook-endpoint.ts';

/** Reads as the platform does: every organisation's rows (the endpoints' own scope is applied by who is told). */
const PLATFORM: Caller = {
  userId: '',
  sessionId: '',
  roleId: '',
  roleName: '',
  isSuperAdmin: true,
  permissions: [],
  organisationId: '',
  organisationPath: '/',
  email: null,
  phone: null,
};

/**
 * A record as `GET /api/<resource>/{id}` answers it (the as-seen shape: referenced rows as
 * objects, labels, what the resource's read adds), read in the caller's transaction.
 */
export async function asSeen(db: Db, resource: ResourceDeclaration, id: string): Promise<ResourceRecord | null> {
  const record = await findRecord(db, resource, PLATFORM, id);
  if (!record) return null;
  // loaded when first needed: the resource hooks import this module to emit their changes
  const { hooksByResource } = await import('../resources/plugin.ts');
  const hooks = hooksByResource[resource.name];
  await hooks?.decorate?.(db, [record], {});
  await hooks?.decorateOne?.(db, record);
  return record;
}

export interface Change {
  type: ChangeEventType;
  /** The organisations the change belongs to (a move: the one left and the one reached). */
  organisationIds: (string | null | undefined)[];
  /** The id the Deliveries screen names the message by. */
  subjectId: string;
  /** The payload's `data`, built only when some endpoint subscribes. */
  data(): Promise<Record<string, unknown>>;
}

interface Subscriber {
  id: string;
  url: string;
  secret: string;
  organisationId: string;
}

/**
 * Queues the change for each enabled endpoint subscribed to its type whose organisation is one of
 * the change's or above one of them (an organisation sees its tree's rows, so its endpoints hear
 * of their changes). Call it with the transaction of the change. Answers the delivery ids, which
 * are the messages' `webhook-id`.
 */
export async function emitChange(db: Db, change: Change): Promise<string[]> {
  const organisations = [...new Set(change.organisationIds.filter((o): o is string => Boolean(o)))];
  if (!organisations.length) return [];
  const subscribers = await query<Subscriber>(
    db,
    sql`select e.id, e.url, e.signing_secret as secret, e.organisation_id as "organisationId"
    from webhook_endpoints e join organisations eo on eo.id = e.organisation_id
    where e.enabled and e.events @> ${JSON.stringify([change.type])}::jsonb
      and exists (select 1 from organisations o
        where o.id = any(${`{${organisations.join(',')}}`}::uuid[]) and o.path like eo.path || '%')
    order by e.created_at, e.id`,
  );
  if (!subscribers.length) return [];
  const timestamp = new Date().toISOString();
  const data = await change.data();
  const ids: string[] = [];
  for (const endpoint of subscribers)
    ids.push(
      await queueMessage(db, {
        channel: 'webhook',
        recipient: endpoint.url,
        subject: change.type,
        // what the Deliveries screen says of it, in English and Hindi
        body: inBothLanguages(
          (language) =>
            textIn(language, 'webhooks.deliveryBody', {
              event: textIn(language, `webhooks.events.${change.type}`),
              id: change.subjectId,
            }),
          ' | ',
        ),
        options: { secret: endpoint.secret, type: change.type, timestamp, data, endpointId: endpoint.id },
        organisationId: endpoint.organisationId,
      }),
    );
  return ids;
}
