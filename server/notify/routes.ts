import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { pushSubscriptions } from '../db/account-schema.ts';
import { requireCaller } from '../auth/caller.ts';
import { SIGNED_IN } from '../http/permissions.ts';
import { HttpError, notFound, spoken } from '../http/errors.ts';
import { idParams } from '../http/params.ts';
import { findRecord } from '../resources/records.ts';
import { writableRecord } from '../resources/routes.ts';
import { message, said } from '../resources/messages.ts';
import { OUTBOX_CHANNEL } from '../outbox.ts';
import delivery from '../../resources/entities/delivery.ts';
import { resourceResponses } from '../openapi/resources.ts';
import { notificationDocs } from '../openapi/notifications.ts';
import { done } from '../openapi/shared.ts';

const tags = ['notifications'];

/** A browser's PushSubscription as its toJSON() gives it (the expirationTime is not kept). */
interface SubscriptionBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  expirationTime?: number | null;
}

const endpointSchema = {
  type: 'string',
  minLength: 12,
  maxLength: 2000,
  pattern: '^https?://[^\\s]+$',
  errorMessage: message('push.endpointInvalid'),
};
const keySchema = (min: number, max: number) => ({
  type: 'string',
  pattern: `^[A-Za-z0-9_-]{${min},${max}}={0,2}$`,
  errorMessage: message('push.keysInvalid'),
});

/**
 * The routes of delivery the console uses: "Retry now" on the Deliveries screen (its list is the
 * declared resource `deliveries`), and a browser's web push subscription, which the signed-in
 * user turns on and off for himself (docs/notifications.md).
 */
export function notifyRoutes(app: FastifyInstance, db: Db) {
  app.post<{ Params: { id: string } }>(
    '/deliveries/:id/retry',
    {
      config: { permission: 'retry-delivery' },
      schema: {
        tags,
        summary: 'Retry a queued or failed message now: its tries start over and a worker takes it at once',
        params: idParams,
        response: resourceResponses.action(delivery, {
          message: said('deliveries.retried'),
          statuses: [400, 401, 403, 404, 409, 429],
          example: { status: 'queued', attempts: 0 },
        }),
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const row = await writableRecord({ db, caller, request, resource: delivery }, request.params.id);
      if (row.status !== 'queued' && row.status !== 'dead')
        throw new HttpError(
          409,
          said('deliveries.notRetryable', { status: said(`deliveries.statuses.${String(row.status)}`) }),
        );
      await db.transaction(async (tx) => {
        await tx.execute(sql`update outbox set status = 'queued', attempts = 0, next_attempt_at = now()
          where id = ${row.id}::uuid and status in ('queued', 'dead')`);
        // every process's worker looks at once (heard when this commits)
        await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, 'retry')`);
      });
      return {
        success: true,
        ...spoken(said('deliveries.retried')),
        data: await findRecord(db, delivery, caller, row.id),
      };
    },
  );

  app.get(
    '/push/public-key',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags,
        summary: 'The VAPID public key a browser subscribes to web push with (applicationServerKey)',
        response: notificationDocs.pushKey,
      },
    },
    async () => ({ success: true, data: { publicKey: app.vapidPublicKey } }),
  );

  app.get(
    '/push/subscriptions',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags,
        summary: "The signed-in user's web push subscriptions, one per browser",
        response: notificationDocs.subscriptions,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const rows = await db
        .select({
          id: pushSubscriptions.id,
          endpoint: pushSubscriptions.endpoint,
          userAgent: pushSubscriptions.userAgent,
          createdAt: pushSubscriptions.createdAt,
        })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, caller.userId))
        .orderBy(pushSubscriptions.createdAt);
      return { success: true, data: rows };
    },
  );

  app.post<{ Body: SubscriptionBody }>(
    '/push/subscriptions',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags,
        summary: "Keep this browser's web push subscription: pushes to the signed-in user reach it",
        body: {
          type: 'object',
          required: ['endpoint', 'keys'],
          additionalProperties: false,
          properties: {
            endpoint: endpointSchema,
            expirationTime: { type: ['number', 'null'] },
            keys: {
              type: 'object',
              required: ['p256dh', 'auth'],
              additionalProperties: false,
              properties: { p256dh: keySchema(80, 100), auth: keySchema(16, 64) },
              errorMessage: message('push.keysInvalid'),
            },
          },
          errorMessage: { required: message('push.keysInvalid') },
          examples: [notificationDocs.subscribeExample],
        },
        response: notificationDocs.subscribed,
      },
    },
    async (request, reply) => {
      const caller = await requireCaller(request);
      const { endpoint, keys } = request.body;
      const userAgent = request.headers['user-agent']?.slice(0, 500) ?? null;
      // one row per browser: subscribing again (or as another user of this browser) takes it over
      const [row] = await db
        .insert(pushSubscriptions)
        .values({ userId: caller.userId, endpoint, p256dh: keys.p256dh, auth: keys.auth, userAgent })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId: caller.userId, p256dh: keys.p256dh, auth: keys.auth, userAgent },
        })
        .returning({
          id: pushSubscriptions.id,
          endpoint: pushSubscriptions.endpoint,
          userAgent: pushSubscriptions.userAgent,
          createdAt: pushSubscriptions.createdAt,
        });
      reply.status(201);
      return { success: true, ...spoken(said('push.turnedOn')), data: row };
    },
  );

  app.delete<{ Body: { endpoint: string } }>(
    '/push/subscriptions',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags,
        summary: "Forget this browser's subscription: no more pushes reach it",
        body: {
          type: 'object',
          required: ['endpoint'],
          properties: { endpoint: endpointSchema },
          errorMessage: { required: message('push.endpointInvalid') },
          examples: [notificationDocs.unsubscribeExample],
        },
        response: done(400, 401, 404, 429),
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const gone = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.endpoint, request.body.endpoint), eq(pushSubscriptions.userId, caller.userId)))
        .returning({ id: pushSubscriptions.id });
      if (!gone.length) throw notFound(said('push.notFound'));
      return { success: true, ...spoken(said('push.turnedOff')) };
    },
  );
}
