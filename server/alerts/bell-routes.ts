import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { requireCaller } from '../auth/caller.ts';
import { SIGNED_IN } from '../http/permissions.ts';
import { notFound } from '../http/errors.ts';
import { idParams } from '../http/params.ts';
import { said } from '../resources/messages.ts';
import { query } from '../resources/sql.ts';
import { notificationDocs } from '../openapi/notifications.ts';

/** The most notifications one list answers, newest first. */
export const MAX_NOTIFICATIONS = 50;

/**
 * The console channel's bell: every signed-in user reads and marks his own notifications only
 * (written by server/alerts/notices.ts for the rules that name him).
 */
export function bellRoutes(app: FastifyInstance, db: Db) {
  app.get<{ Querystring: { unread?: boolean } }>(
    '/notifications/mine',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: ['notifications'],
        summary: "The signed-in user's console notifications, newest first, with the unread count",
        querystring: {
          type: 'object',
          properties: { unread: { type: 'boolean', description: 'true: the unread ones only' } },
          additionalProperties: false,
        },
        response: notificationDocs.mine,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const rows = await query(
        db,
        sql`select n.id, n.event_id::text as "eventId", n.event_type as "eventType", n.title, n.body,
          n.vehicle_id as "vehicleId", n.read_at as "readAt", n.created_at as "createdAt"
          from user_notifications n where n.user_id = ${caller.userId}::uuid
          ${request.query.unread ? sql`and n.read_at is null` : sql``}
          order by n.created_at desc limit ${MAX_NOTIFICATIONS}`,
      );
      return { success: true, data: { notifications: rows, unread: await unreadOf(db, caller.userId) } };
    },
  );

  app.get(
    '/notifications/unread-count',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: ['notifications'],
        summary: "How many of the signed-in user's notifications are unread",
        response: notificationDocs.unread,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      return { success: true, data: { unread: await unreadOf(db, caller.userId) } };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/notifications/:id/read',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of my notifications read',
        params: idParams,
        response: notificationDocs.markedRead,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const [row] = await query(
        db,
        sql`update user_notifications set read_at = coalesce(read_at, now())
          where id = ${request.params.id}::uuid and user_id = ${caller.userId}::uuid returning id`,
      );
      if (!row) throw notFound(said('alerts.messages.notificationNotFound'));
      return { success: true, data: { unread: await unreadOf(db, caller.userId) } };
    },
  );

  app.post(
    '/notifications/read-all',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: ['notifications'],
        summary: 'Mark all my notifications read',
        response: notificationDocs.allRead,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      await query(
        db,
        sql`update user_notifications set read_at = now() where user_id = ${caller.userId}::uuid and read_at is null`,
      );
      return { success: true, data: { unread: 0 } };
    },
  );
}

async function unreadOf(db: Db, userId: string): Promise<number> {
  const [row] = await query<{ n: number }>(
    db,
    sql`select count(*)::int as n from user_notifications where user_id = ${userId}::uuid and read_at is null`,
  );
  return row?.n ?? 0;
}
