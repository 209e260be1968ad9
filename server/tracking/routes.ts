import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Caller } from '../auth/caller.ts';
import { requireCaller } from '../auth/caller.ts';
import vehicleStatuses from '../../resources/vehicle-statuses.ts';
import { parseListQuery } from '../resources/list-query.ts';
import { listQuerystring, MAX_EXPORT_PAGE, MAX_LIST_PAGE, sendList } from '../resources/routes.ts';
import { andInScope, isSuperAdmin } from '../resources/scope.ts';
import { inOrganisationTree } from '../organisations/scope.ts';
import { query } from '../resources/sql.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { normalise, rules } from '../../core/rules.ts';
import { PUBLIC } from '../http/permissions.ts';
import { MINUTE, perAccount, perAddress, throttle } from '../http/rate-limits.ts';
import { CERTIFICATE_LOOKUPS_PER_MINUTE } from '../certificates/routes.ts';
import rawLogs from '../../resources/entities/raw-logs.ts';
import { hasPermission } from '../../core/permissions.ts';
import { VEHICLE_STATES, vehicleStateSql } from './status.ts';
import { lastPositionSql } from './last-position.ts';
import { heldByCaller } from './ownership.ts';
import { checkPeriod, playback, playbackPage, playbackPageQuery } from './playback.ts';
import { isoParameter, uuidParameter } from './query-params.ts';
import { said } from '../resources/messages.ts';
import { trackingDocs } from '../openapi/tracking.ts';

/** The port checker's "frames arrive": a frame in this many minutes (what a fitter waiting by the vehicle wants to know). */
export const PORT_CHECK_RECENT_MINUTES = 10;

/** Checks of one IMEI from one address in a minute: a fitter's Check and a few more, never a watch on when a vehicle runs. */
export const PORT_CHECKS_PER_IMEI_PER_MINUTE = 20;

/** Who sees the port checker's detail: a caller who may read the raw logs (the screen or the report), of the frames those show them. */
const readsRawLogs = (caller: Caller) =>
  [rawLogs.module, ...(rawLogs.readableByModules ?? [])].some((id) =>
    hasPermission(caller.isSuperAdmin, caller.permissions, id),
  );

/** Vehicles (`v`) the caller may see. */
export function visibleVehicles(caller: Caller): SQL {
  return isSuperAdmin(caller) ? sql`true` : inOrganisationTree(sql`v.organisation_id`, caller.organisationPath);
}

/** One row per visible vehicle with its device's latest state: the Vehicle Status table and the live snapshot. */
export function vehicleStatesSql(caller: Caller): SQL {
  return sql`select v.id, v.name, v.registration_number, v.category, v.group_id, g.name as group_name,
      v.organisation_id, o.brand_name as organisation_name, v.is_tracking_activated, d.id as device_id, d.imei,
      ${vehicleStateSql} as status, s.last_seen_at, (s.last_position->>'fixTime')::timestamptz as fix_time,
      (s.last_position->>'latitude')::float8 as latitude, (s.last_position->>'longitude')::float8 as longitude,
      coalesce((s.last_position->>'speed')::float8, 0) as speed, coalesce((s.last_position->>'heading')::float8, 0) as heading,
      (s.last_position->>'ignition')::boolean as ignition, v.created_at
    from vehicles v
    join organisations o on o.id = v.organisation_id
    left join devices d on d.id = v.device_id
    left join device_states s on s.device_id = v.device_id
    left join vehicle_groups g on g.id = v.group_id
    where ${visibleVehicles(caller)}`;
}

export function trackingRoutes(app: FastifyInstance, db: Db) {
  const tags = ['tracking'];

  const statusList =
    (maxPage: number) =>
    async (request: FastifyRequest<{ Querystring: Record<string, unknown> }>, reply: FastifyReply) => {
      const caller = await requireCaller(request);
      const list = parseListQuery(vehicleStatuses, request.query, { maxPage });
      const from = sql`(${vehicleStatesSql(caller)}) t`;
      const where = list.where.length ? sql`where ${sql.join(list.where, sql` and `)}` : sql``;
      const [rows, [count]] = await Promise.all([
        query(
          db,
          sql`select t.id, t.name, t.registration_number as "registrationNumber", t.category, t.group_id as "groupId",
        t.group_name as "groupName", t.organisation_id as "organisationId", t.organisation_name as "organisationName",
        t.is_tracking_activated as "isTrackingActivated", t.device_id as "deviceId", t.imei, t.status,
        to_json(t.last_seen_at) #>> '{}' as "lastSeenAt", to_json(t.fix_time) #>> '{}' as "fixTime",
        t.latitude, t.longitude, t.speed, t.heading, t.ignition
        from ${from} ${where} order by ${list.orderBy} limit ${list.end - list.start + 1} offset ${list.start}`,
        ),
        query<{ total: number }>(db, sql`select count(*)::integer as total from ${from} ${where}`),
      ]);
      return sendList(reply, vehicleStatuses, list.start, rows as never[], Number(count?.total ?? 0));
    };

  app.get(
    '/vehicle/statuses',
    {
      config: { permission: 'vehicle-status' },
      schema: {
        tags,
        summary: 'Each visible vehicle with its state: running, idle, stopped, offline or noData',
        querystring: listQuerystring,
        response: trackingDocs.statuses,
      },
    },
    statusList(MAX_LIST_PAGE),
  );
  app.get(
    '/vehicle/statuses/export',
    {
      config: { permission: 'vehicle-status' },
      schema: {
        tags,
        summary: 'The Vehicle Status rows for an export',
        querystring: listQuerystring,
        response: trackingDocs.statuses,
      },
    },
    statusList(MAX_EXPORT_PAGE),
  );

  app.get<{ Querystring: Record<string, unknown> }>(
    '/vehicle/statuses/summary',
    {
      config: { permission: 'vehicle-status' },
      schema: {
        tags,
        summary: 'How many visible vehicles are in each state (the filter applies, except status)',
        querystring: listQuerystring,
        response: trackingDocs.statusCounts,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      // the list's own parsing answers a bad filter with 400; the counts ignore the state filter
      const list = parseListQuery(vehicleStatuses, request.query, {
        maxPage: 1,
        extraFilters: { status: () => sql`true` },
      });
      const where = list.where.length ? sql`where ${sql.join(list.where, sql` and `)}` : sql``;
      const rows = await query<{ status: string; total: number }>(
        db,
        sql`select t.status, count(*)::integer as total
      from (${vehicleStatesSql(caller)}) t ${where} group by t.status`,
      );
      const counts = Object.fromEntries(VEHICLE_STATES.map((s) => [s, 0])) as Record<string, number>;
      for (const row of rows) counts[row.status] = Number(row.total);
      return { success: true, data: { ...counts, total: Object.values(counts).reduce((a, b) => a + b, 0) } };
    },
  );

  app.get<{ Querystring: { vehicleId?: string } }>(
    '/vehicle/position/track',
    {
      config: { permission: 'live-tracking' },
      schema: {
        tags,
        summary: 'The latest position of one vehicle, or of every visible vehicle',
        querystring: {
          type: 'object',
          properties: {
            vehicleId: { type: 'string', description: 'The vehicle (uuid); all visible vehicles without it' },
          },
        },
        response: trackingDocs.track,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const only = request.query.vehicleId
        ? sql`where t.id = ${uuidParameter('vehicleId', request.query.vehicleId)}::uuid`
        : sql``;
      const rows = await query(
        db,
        sql`select t.id as "vehicleId", t.name, t.registration_number as "registrationNumber", t.device_id as "deviceId",
        t.imei, t.status, to_json(t.last_seen_at) #>> '{}' as "lastSeenAt", ${lastPositionSql('s')} as "position", s.last_health as "health"
      from (${vehicleStatesSql(caller)}) t left join device_states s on s.device_id = t.device_id ${only} order by t.registration_number`,
      );
      if (request.query.vehicleId && !rows.length) throw notFound();
      return { success: true, data: request.query.vehicleId ? rows[0] : rows };
    },
  );

  app.get<{ Querystring: { vehicleId?: string; from?: string; to?: string; after?: string; limit?: string } }>(
    '/vehicle/position/playback',
    {
      config: { permission: 'route-playback' },
      schema: {
        tags,
        summary:
          "A vehicle's path in a period (at most a week), a page of points at a time (`next` names the following page); the first page has the stops and summary",
        querystring: {
          type: 'object',
          properties: {
            vehicleId: { type: 'string', description: 'The vehicle (uuid)' },
            from: { type: 'string', description: 'ISO 8601 instant' },
            to: { type: 'string', description: 'ISO 8601 instant, at most a week after from' },
            ...playbackPageQuery,
          },
        },
        response: trackingDocs.playback,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const vehicleId = uuidParameter('vehicleId', request.query.vehicleId);
      const from = isoParameter('from', request.query.from);
      const to = isoParameter('to', request.query.to);
      checkPeriod(from, to);
      const scope = {
        vehicles: visibleVehicles(caller),
        held: (deviceId: SQL, time: SQL) => heldByCaller(caller, deviceId, time),
      };
      return { success: true, data: await playback(db, scope, vehicleId, from, to, playbackPage(request.query)) };
    },
  );

  app.get(
    '/gateway/status',
    {
      config: { permission: 'management-raw-logs' },
      schema: {
        tags,
        summary: "This process's gateway: connections, frames stored, backlog and memory",
        response: trackingDocs.gateway,
      },
    },
    async () => {
      if (!app.gateway) throw notFound(said('api.gateway.notHere'));
      return { success: true, data: app.gateway.status() };
    },
  );

  const imeiOf = (request: FastifyRequest) =>
    normalise(rules.imei, ((request.query as { imei?: unknown }).imei as string) ?? '');
  // the certificate lookup's limit per address; per IMEI counted per address too, so that nobody's
  // checks ever refuse another address's (docs/decisions.md, "The port checker")
  const checks = throttle(app, 'check-port', [
    perAddress(CERTIFICATE_LOOKUPS_PER_MINUTE, MINUTE),
    perAccount(PORT_CHECKS_PER_IMEI_PER_MINUTE, MINUTE, (request) => `${request.ip}/${imeiOf(request)}`),
  ]);
  app.get<{ Querystring: { imei?: string } }>(
    '/check-port',
    {
      config: { permission: PUBLIC },
      preHandler: checks,
      schema: {
        tags,
        summary: `Port checker: whether frames from an IMEI reached the server in the last ${PORT_CHECK_RECENT_MINUTES} minutes`,
        description:
          "Public, throttled. `detail` (frames in 24 hours, the last frame's time and how it was read) only for a signed-in caller who may read raw logs, of the frames in their scope; null for anyone else.",
        querystring: { type: 'object', properties: { imei: { type: 'string', description: 'The 15-digit IMEI' } } },
        response: trackingDocs.portCheck,
      },
    },
    async (request) => {
      const imei = imeiOf(request);
      if (!new RegExp(rules.imei.pattern).test(imei)) throw badRequest(said('api.gateway.imeiDigits'));
      const [recent] = await query<{ received: boolean }>(
        db,
        sql`select exists (select 1 from raw_logs
      where imei = ${imei} and received_at > now() - make_interval(mins => ${PORT_CHECK_RECENT_MINUTES})) as received`,
      );
      const caller = await request.loadCaller();
      const detail = caller && readsRawLogs(caller) ? await portCheckDetail(db, caller, imei) : null;
      return {
        success: true,
        data: { imei, received: Boolean(recent?.received), withinMinutes: PORT_CHECK_RECENT_MINUTES, detail },
      };
    },
  );
}

/** The raw logs of an IMEI that the caller may read, summed up: frames in 24 hours, and the last one's time and reading; null when there are none. */
async function portCheckDetail(db: Db, caller: Caller, imei: string) {
  const [row] = await query<{
    framesLast24Hours: number;
    lastReceivedAt: string;
    parseResult: string;
    message: string | null;
  }>(
    db,
    sql`
    select (select count(*)::integer from raw_logs t where t.imei = ${imei} and t.received_at > now() - interval '24 hours'${andInScope(rawLogs, caller, 'read')}) as "framesLast24Hours",
           to_json(l.received_at) #>> '{}' as "lastReceivedAt", l.parse_result as "parseResult", l.message
    from (select received_at, parse_result, message from raw_logs t where t.imei = ${imei}${andInScope(rawLogs, caller, 'read')} order by received_at desc limit 1) l`,
  );
  return row ? { ...row, framesLast24Hours: Number(row.framesLast24Hours) } : null;
}
