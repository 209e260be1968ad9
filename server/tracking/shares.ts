import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client.ts';
import type { AuthKeys } from '../auth/keys.ts';
import { requireCaller } from '../auth/caller.ts';
import { query } from '../resources/sql.ts';
import { badRequest, forbidden, HttpError, notFound, spoken } from '../http/errors.ts';
import { hasPermission } from '../../core/permissions.ts';
import { PUBLIC } from '../http/permissions.ts';
import { DATE_PATTERN } from '../resources/validation.ts';
import { visibleVehicles } from './routes.ts';
import { heldInTree } from './ownership.ts';
import { checkPeriod, MAX_PLAYBACK_DAYS, playback, playbackPage, playbackPageQuery } from './playback.ts';
import { message, said } from '../resources/messages.ts';
import { shareDocs } from '../openapi/shares.ts';
import { done, withExample } from '../openapi/shared.ts';

const KINDS = { live: 'share-live-tracking', playback: 'share-playback' } as const;
type ShareKind = keyof typeof KINDS;
/** Longest a link may live: a week. */
const MAX_HOURS = 168;
const AUDIENCE = 'waymark-share';

const gone = () => new HttpError(410, said('api.shares.gone'));

/** Share links are signed with their own key, derived from the server's secret, so no other token passes for one. */
const shareKey = (keys: AuthKeys) => crypto.createHmac('sha256', keys.jwtSecret).update('share-links').digest();

/** The address a shared link opens in the console. */
export function shareUrl(kind: ShareKind, shareId: string, token: string): string {
  return kind === 'live'
    ? `/public/share/live-tracking?token=${token}`
    : `/public/playback/share/${shareId}?token=${token}`;
}

const shareBody = {
  type: 'object',
  required: ['kind', 'vehicleId', 'expiresInHours'],
  additionalProperties: false,
  properties: {
    kind: { type: 'string', enum: ['live', 'playback'], errorMessage: message('api.shares.kind') },
    vehicleId: { type: 'string', format: 'uuid', errorMessage: message('api.reports.chooseVehicle') },
    expiresInHours: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_HOURS,
      errorMessage: message('api.shares.hours', { max: MAX_HOURS }),
    },
    // a date-time whose date is one the database stores (years 1900..2100), so year 0 is the field's 400
    from: {
      type: 'string',
      format: 'date-time',
      pattern: DATE_PATTERN,
      errorMessage: message('api.shares.start'),
    },
    to: { type: 'string', format: 'date-time', pattern: DATE_PATTERN, errorMessage: message('api.shares.end') },
  },
};

interface ShareRow {
  id: string;
  kind: ShareKind;
  vehicleId: string;
  periodFrom: string | null;
  periodTo: string | null;
  expiresAt: string;
  revokedAt: string | null;
  /** The path of the organisation the link was made for: it shows the device's history of that tree's periods only. */
  organisationPath: string;
}

/** The shared period, cut to MAX_PLAYBACK_DAYS for links made before periods were limited. */
function sharedPeriod(share: ShareRow): { from: string; to: string } {
  const from = share.periodFrom!;
  const longest = Date.parse(from) + MAX_PLAYBACK_DAYS * 86_400_000;
  return { from, to: Date.parse(share.periodTo!) > longest ? new Date(longest).toISOString() : share.periodTo! };
}

/**
 * Signed, expiring, revocable public links: a vehicle's live position, or its playback over a
 * period. The link carries a token naming the share; the share row decides whether it still works.
 */
export function shareRoutes(app: FastifyInstance, db: Db, keys: AuthKeys) {
  const tags = ['sharing'];
  const key = shareKey(keys);

  app.post<{ Body: { kind: ShareKind; vehicleId: string; expiresInHours: number; from?: string; to?: string } }>(
    '/share-playback',
    {
      config: { permission: Object.values(KINDS) },
      schema: {
        tags,
        summary: "Create a public link to a vehicle's live position or to a playback",
        body: withExample(shareBody, shareDocs.shareExample),
        response: shareDocs.shareCreated,
      },
    },
    async (request, reply) => {
      const caller = await requireCaller(request);
      const { kind, vehicleId, expiresInHours, from, to } = request.body;
      if (!hasPermission(caller.isSuperAdmin, caller.permissions, KINDS[kind])) throw forbidden();
      if (kind === 'playback') {
        if (!from || !to) throw badRequest(said('api.period.chooseToShare'));
        checkPeriod(from, to);
      }
      const [vehicle] = await query<{ organisationId: string }>(
        db,
        sql`select v.organisation_id as "organisationId" from vehicles v
      where v.id = ${vehicleId}::uuid and ${visibleVehicles(caller)}`,
      );
      if (!vehicle) throw notFound(said('api.vehicles.notFound'));
      const expiresAt = new Date(Date.now() + expiresInHours * 3600_000);
      const [share] = await query<{ id: string }>(
        db,
        sql`insert into shares (kind, vehicle_id, period_from, period_to, expires_at, created_by, organisation_id)
      values (${kind}, ${vehicleId}::uuid, ${kind === 'playback' ? from! : null}::timestamptz, ${kind === 'playback' ? to! : null}::timestamptz,
              ${expiresAt.toISOString()}::timestamptz, ${caller.userId}::uuid, ${vehicle.organisationId}::uuid) returning id`,
      );
      const token = await new SignJWT({ kind })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(share!.id)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      reply.status(201);
      return {
        success: true,
        data: { id: share!.id, kind, token, url: shareUrl(kind, share!.id, token), expiresAt: expiresAt.toISOString() },
      };
    },
  );

  app.get<{ Querystring: { vehicleId?: string } }>(
    '/share-playback',
    {
      config: { permission: Object.values(KINDS) },
      schema: {
        tags,
        summary: 'The links still working for a vehicle',
        querystring: {
          type: 'object',
          required: ['vehicleId'],
          properties: { vehicleId: { type: 'string', format: 'uuid' } },
        },
        response: shareDocs.shares,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const rows = await query(
        db,
        sql`select s.id, s.kind, to_json(s.expires_at) #>> '{}' as "expiresAt", to_json(s.created_at) #>> '{}' as "createdAt"
      from shares s join vehicles v on v.id = s.vehicle_id
      where s.vehicle_id = ${request.query.vehicleId!}::uuid and ${visibleVehicles(caller)} and s.revoked_at is null and s.expires_at > now()
      order by s.created_at desc`,
      );
      return { success: true, data: rows };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/share-playback/:id',
    {
      config: { permission: Object.values(KINDS) },
      schema: {
        tags,
        summary: 'Withdraw a link: it stops working at once',
        params: { type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, required: ['id'] },
        response: done(400, 401, 403, 404, 429),
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const [row] = await query(
        db,
        sql`update shares s set revoked_at = now() from vehicles v
      where s.id = ${request.params.id}::uuid and v.id = s.vehicle_id and ${visibleVehicles(caller)} and s.revoked_at is null returning s.id`,
      );
      if (!row) throw notFound();
      return { success: true, ...spoken(said('tracking.share.withdrawn')) };
    },
  );

  app.get<{ Querystring: { token: string; after?: string; limit?: string } }>(
    '/public/share-playback',
    {
      config: { permission: PUBLIC },
      schema: {
        tags,
        summary:
          'What a shared link shows: the live position, or a page of the playback of the shared period (`next` names the following page)',
        querystring: {
          type: 'object',
          properties: { token: { type: 'string', maxLength: 1000 }, ...playbackPageQuery },
          required: ['token'],
        },
        response: shareDocs.shared,
      },
    },
    async (request) => {
      let shareId: string;
      try {
        const { payload } = await jwtVerify(request.query.token, key, { audience: AUDIENCE, algorithms: ['HS256'] });
        shareId = String(payload.sub);
      } catch {
        throw gone();
      }
      const [share] = await query<ShareRow>(
        db,
        sql`select s.id, s.kind, s.vehicle_id as "vehicleId", to_json(s.period_from) #>> '{}' as "periodFrom",
      to_json(s.period_to) #>> '{}' as "periodTo", to_json(s.expires_at) #>> '{}' as "expiresAt", to_json(s.revoked_at) #>> '{}' as "revokedAt",
      o.path as "organisationPath"
      from shares s join organisations o on o.id = s.organisation_id where s.id = ${shareId}::uuid`,
      );
      if (!share || share.revokedAt || Date.parse(share.expiresAt) <= Date.now()) throw gone();
      if (share.kind === 'playback') {
        // the period is the share's own: nothing in the query can widen it
        const { from, to } = sharedPeriod(share);
        const scope = {
          vehicles: sql`true`,
          held: (deviceId: SQL, time: SQL) => heldInTree(deviceId, time, share.organisationPath),
        };
        const data = await playback(db, scope, share.vehicleId, from, to, playbackPage(request.query));
        return {
          success: true,
          data: {
            kind: share.kind,
            expiresAt: share.expiresAt,
            playback: { ...data, vehicle: { ...data.vehicle, deviceId: undefined } },
          },
        };
      }
      const [live] = await query(
        db,
        sql`select v.name, v.registration_number as "registrationNumber", to_json(s.last_seen_at) #>> '{}' as "lastSeenAt",
        (s.last_position->>'latitude')::float8 as latitude, (s.last_position->>'longitude')::float8 as longitude,
        coalesce((s.last_position->>'speed')::float8, 0) as speed, coalesce((s.last_position->>'heading')::float8, 0) as heading,
        s.last_position->>'fixTime' as "fixTime"
      from vehicles v left join device_states s on s.device_id = v.device_id where v.id = ${share.vehicleId}::uuid`,
      );
      // the vehicle deleted since: the link has nothing left to show
      if (!live) throw gone();
      return { success: true, data: { kind: share.kind, expiresAt: share.expiresAt, live } };
    },
  );
}
