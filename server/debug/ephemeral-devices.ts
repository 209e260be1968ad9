import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { requireCaller, type Caller } from '../auth/caller.ts';
import { query } from '../resources/sql.ts';
import { HttpError, notFound, pgCode, spoken } from '../http/errors.ts';
import { normaliseProperties, rules, ruleSchema } from '../../core/rules.ts';
import { message } from '../resources/messages.ts';
import { idParams } from '../http/params.ts';
import { inOrganisationTree } from '../organisations/scope.ts';
import { parseFrame } from '../gateway/ais140.ts';
import {
  EPHEMERAL_LIFETIME_MS,
  MAX_EPHEMERAL_PER_ORGANISATION,
  MAX_FRAMES_SHOWN,
  type EphemeralDevice,
  type DebugFrame,
} from '../../resources/debug.ts';
import { said } from '../resources/messages.ts';
import { debugDocs } from '../openapi/debug.ts';
import { done, withExample } from '../openapi/shared.ts';

/** How often expired temporary devices are deleted; reads leave them out at once whatever the sweep. */
const SWEEP_MS = 10 * 60_000;

const imeiBody = {
  type: 'object',
  required: ['imei'],
  properties: { imei: ruleSchema({ ...rules.imei, message: 'debug.imeiPattern' }, message('debug.imei'), message) },
  additionalProperties: false,
  errorMessage: { required: { imei: message('debug.imeiPattern') } },
};

const alive = sql`(e.expires_at is null or e.expires_at > now())`;

const columns = sql`e.id, e.imei, e.expires_at as "expiresAt", e.created_at as "createdAt",
  trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as "createdBy",
  (select max(r.received_at) from raw_logs r where r.imei = e.imei and r.device_id is null and r.received_at >= e.created_at) as "lastFrameAt"`;

export async function visibleDevice(db: Db, caller: Caller, deviceId: string): Promise<EphemeralDevice> {
  const [device] = await query<EphemeralDevice>(
    db,
    sql`
    select ${columns} from ephemeral_devices e left join users u on u.id = e.created_by
    where e.id = ${deviceId}::uuid and ${alive} and ${inOrganisationTree(sql`e.organisation_id`, caller.organisationPath)}`,
  );
  if (!device) throw notFound(said('api.debug.expired'));
  return device;
}

/** The raw log rows of a temporary device's IMEI since it was added, decoded again for the page: newest first. */
export async function framesOf(db: Db, device: EphemeralDevice): Promise<DebugFrame[]> {
  const rows = await query<{
    id: string;
    receivedAt: string;
    frame: string;
    parseResult: string;
    message: string | null;
  }>(
    db,
    sql`
    select id, received_at as "receivedAt", frame, parse_result as "parseResult", message from raw_logs
    where imei = ${device.imei} and device_id is null and received_at >= ${device.createdAt}::timestamptz
    order by received_at desc, created_at desc limit ${MAX_FRAMES_SHOWN}`,
  );
  return rows.map((row) => {
    const outcome = parseFrame(row.frame, Date.parse(row.receivedAt));
    const notes: string[] = [];
    if (outcome.ok && outcome.checksum === 'invalid') notes.push('checksum mismatch');
    if (outcome.ok && outcome.unknownFields.length) notes.push(`unknown fields: ${outcome.unknownFields.join(',')}`);
    return {
      id: row.id,
      receivedAt: new Date(row.receivedAt).toISOString(),
      frame: row.frame,
      kind: outcome.ok ? outcome.frame.kind : null,
      fields: outcome.ok ? (outcome.frame as unknown as Record<string, unknown>) : null,
      checksum: outcome.checksum,
      error: outcome.ok ? (notes.length ? notes.join('; ') : null) : outcome.error,
    };
  });
}

/**
 * The debug page's temporary devices (spec: devices' "POST ephemeral"): an administrator names an
 * IMEI that is not a registered device and watches what the gateway receives from it. The gateway
 * already keeps every frame of an unregistered IMEI in raw_logs (without device or organisation,
 * so no tenant sees it); these routes read them back for the IMEI's watchers only.
 */
export function ephemeralDeviceRoutes(app: FastifyInstance, db: Db) {
  const sweep = setInterval(() => {
    void query(db, sql`delete from ephemeral_devices where expires_at <= now()`).catch((error: unknown) =>
      app.log.error({ err: error }, 'could not sweep expired temporary devices'),
    );
  }, SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  app.get(
    '/device/ephemeral',
    {
      config: { permission: 'debug' },
      schema: {
        tags: ['device'],
        summary: "The caller's organisation tree's temporary devices (debug page)",
        response: debugDocs.devices,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const devices = await query<EphemeralDevice>(
        db,
        sql`
      select ${columns} from ephemeral_devices e left join users u on u.id = e.created_by
      where ${alive} and ${inOrganisationTree(sql`e.organisation_id`, caller.organisationPath)}
      order by e.created_at desc limit ${MAX_EPHEMERAL_PER_ORGANISATION * 5}`,
      );
      return { success: true, data: devices };
    },
  );

  app.post<{ Body: { imei: string } }>(
    '/device/ephemeral',
    {
      config: { permission: 'add-ephemeral-device' },
      preValidation: async (request) => normaliseProperties(request.body, { imei: rules.imei }),
      schema: {
        tags: ['device'],
        summary: 'Add a temporary device by IMEI: its frames are shown on the debug page for 24 hours unless kept',
        body: withExample(imeiBody, debugDocs.imeiExample),
        response: debugDocs.added,
      },
    },
    async (request, reply) => {
      const caller = await requireCaller(request);
      const { imei } = request.body;
      const [registered] = await query(db, sql`select 1 from devices where imei = ${imei}`);
      if (registered)
        throw new HttpError(409, said('api.debug.registered'), { imei: said('api.debug.registeredField') });
      const [counted] = await query<{ n: number }>(
        db,
        sql`select count(*)::int as n from ephemeral_devices e where e.organisation_id = ${caller.organisationId}::uuid and ${alive}`,
      );
      if ((counted?.n ?? 0) >= MAX_EPHEMERAL_PER_ORGANISATION) {
        throw new HttpError(409, said('api.debug.tooMany', { max: MAX_EPHEMERAL_PER_ORGANISATION }));
      }
      // an expired row the sweep has not reached yet gives its IMEI back
      await query(db, sql`delete from ephemeral_devices where imei = ${imei} and expires_at <= now()`);
      let created: { id: string } | undefined;
      try {
        [created] = await query<{ id: string }>(
          db,
          sql`
        insert into ephemeral_devices (imei, organisation_id, created_by, expires_at)
        values (${imei}, ${caller.organisationId}::uuid, ${caller.userId}::uuid, now() + ${`${EPHEMERAL_LIFETIME_MS} milliseconds`}::interval)
        returning id`,
        );
      } catch (error) {
        if (pgCode(error) === '23505')
          throw new HttpError(409, said('api.debug.watching'), { imei: said('api.debug.watchingField') });
        throw error;
      }
      reply.status(201);
      return {
        success: true,
        ...spoken(said('api.debug.added')),
        data: await visibleDevice(db, caller, created!.id),
      };
    },
  );

  app.put<{ Params: { id: string } }>(
    '/device/ephemeral/:id/keep',
    {
      config: { permission: 'add-ephemeral-device' },
      schema: {
        tags: ['device'],
        summary: 'Keep a temporary device past its 24 hours, until removed',
        params: idParams,
        response: debugDocs.kept,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const device = await visibleDevice(db, caller, request.params.id);
      await query(db, sql`update ephemeral_devices set expires_at = null where id = ${device.id}::uuid`);
      return { success: true, ...spoken(said('api.debug.kept')), data: { ...device, expiresAt: null } };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/device/ephemeral/:id',
    {
      config: { permission: 'add-ephemeral-device' },
      schema: {
        tags: ['device'],
        summary: 'Remove a temporary device',
        params: idParams,
        response: done(400, 401, 403, 404, 429),
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const device = await visibleDevice(db, caller, request.params.id);
      await query(db, sql`delete from ephemeral_devices where id = ${device.id}::uuid`);
      return { success: true, ...spoken(said('api.debug.removed')) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/device/ephemeral/:id/frames',
    {
      config: { permission: 'debug' },
      schema: {
        tags: ['device'],
        summary:
          "A temporary device's frames since it was added, newest first: raw frame, decoded fields, checksum and error",
        params: idParams,
        response: debugDocs.frames,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const device = await visibleDevice(db, caller, request.params.id);
      return { success: true, data: { device, frames: await framesOf(db, device) } };
    },
  );
}
