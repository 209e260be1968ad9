import { sql } from 'drizzle-orm';
import { DEVICE_STATUSES } from '../../resources/entities/device.ts';
import deviceResource from '../../resources/entities/device.ts';
import type { ResourceHooks, WriteContext } from '../resources/hooks.ts';
import { query } from '../resources/sql.ts';
import type { Db } from '../db/client.ts';
import { choiceCondition, choiceList } from '../resources/list-query.ts';
import { asSeen, emitChange } from '../changehooks/emit.ts';
import { lastPositionSql } from '../tracking/last-position.ts';

/** The organisation a device held before the write (null: the write creates it). */
const writing = new WeakMap<WriteContext, { was: string | null }>();

/** device.moved for a device whose organisation changed from `from`, in the move's transaction. */
export async function emitDeviceMoved(db: Db, deviceId: string, from: string, to: string) {
  if (from === to) return;
  await emitChange(db, {
    type: 'device.moved',
    organisationIds: [from, to],
    subjectId: deviceId,
    data: async () => ({
      id: deviceId,
      fromOrganisationId: from,
      toOrganisationId: to,
      device: await asSeen(db, deviceResource, deviceId),
    }),
  });
}

export const deviceHooks: ResourceHooks = {
  /** What the gateway last heard: lastSeenAt, lastPosition (decoded fields) and lastHealth, or null. */
  async decorateOne(db, record) {
    const [state] = await query<{ lastSeenAt: string; lastPosition: unknown; lastHealth: unknown }>(
      db,
      sql`
      select to_json(s.last_seen_at) #>> '{}' as "lastSeenAt", ${lastPositionSql('s')} as "lastPosition", s.last_health as "lastHealth"
      from device_states s where s.device_id = ${record.id}::uuid`,
    );
    record.lastSeenAt = state?.lastSeenAt ?? null;
    record.lastPosition = state?.lastPosition ?? null;
    record.lastHealth = state?.lastHealth ?? null;
  },
  listReads: [],
  extraFilters: {
    statusNotIn: (value) => choiceCondition(sql`t.status`, choiceList('statusNotIn', value, DEVICE_STATUSES), true),
  },
  // change webhooks (docs/webhooks.md): created, moved to another organisation, deleted
  async beforeCreate(ctx) {
    writing.set(ctx, { was: null });
  },
  async beforeUpdate(ctx, existing) {
    writing.set(ctx, { was: existing.organisationId as string });
  },
  async afterWrite(ctx, id) {
    const write = writing.get(ctx);
    writing.delete(ctx);
    const [row] = await query<{ organisationId: string }>(
      ctx.db,
      sql`select organisation_id as "organisationId" from devices where id = ${id}::uuid`,
    );
    if (!row) return;
    if (write?.was) return emitDeviceMoved(ctx.db, id, write.was, row.organisationId);
    await emitChange(ctx.db, {
      type: 'device.created',
      organisationIds: [row.organisationId],
      subjectId: id,
      data: async () => ({ id, device: await asSeen(ctx.db, deviceResource, id) }),
    });
  },
  async beforeDelete(ctx, existing) {
    await emitChange(ctx.db, {
      type: 'device.deleted',
      organisationIds: [existing.organisationId as string],
      subjectId: existing.id,
      // as it was: read before the delete, in its transaction
      data: async () => ({ id: existing.id, device: await asSeen(ctx.db, deviceResource, existing.id) }),
    });
  },
};
