import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Caller } from '../auth/caller.ts';
import { requireCaller } from '../auth/caller.ts';
import { date, defineResource, number, reference, text, type ResourceDeclaration } from '../../resources/define.ts';
import vehicleStatuses from '../../resources/vehicle-statuses.ts';
import { parseListQuery, type ListQuery } from '../resources/list-query.ts';
import { isDateText } from '../resources/validation.ts';
import { listQuerystring, MAX_EXPORT_PAGE, MAX_LIST_PAGE, sendList } from '../resources/routes.ts';
import { isSuperAdmin } from '../resources/scope.ts';
import { inOrganisationTree } from '../organisations/scope.ts';
import { query, UUID_PATTERN } from '../resources/sql.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { normalise, rules } from '../../core/rules.ts';
import { PUBLIC } from '../http/permissions.ts';
import { VEHICLE_STATES, vehicleStateSql } from './status.ts';
import { heldByCaller } from './ownership.ts';
import { checkPeriod, playback, playbackPage, playbackPageQuery } from './playback.ts';

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

const positionsList = defineResource({
  name: 'positions', api: '/positions', table: 'positions', path: '', title: '', module: 'route-playback',
  scope: 'organisation', permissions: {},
  fields: {
    deviceId: reference('device', { filterable: true }),
    fixTime: date({ sortable: true, filterable: true }),
    speed: number({ sortable: true, filterable: true }),
    packetType: text({ filterable: true }),
  },
  list: ['fixTime', 'speed'],
  recordLabel: ['fixTime'],
  defaultSort: ['fixTime', 'DESC'],
});

/** Alerts and state changes from devices and from geofence and route checks. */
const eventList = defineResource({
  name: 'eventlogs', api: '/eventlogs', table: 'events', path: '/reports/alert', title: 'menu.reports.alert', module: 'report-alert',
  scope: 'organisation', permissions: {},
  fields: {
    type: text({ filterable: true, sortable: true }),
    deviceId: reference('device', { filterable: true }),
    vehicleId: reference('vehicle', { filterable: true }),
    eventTime: date({ sortable: true, filterable: true }),
  },
  list: ['eventTime', 'type'],
  recordLabel: ['type'],
  defaultSort: ['eventTime', 'DESC'],
});

const iso = (name: string, value: unknown): string => {
  // years 1900 to 2100 only: year 0 or 99999 parse in JavaScript but not in PostgreSQL
  if (!isDateText(value) || Number.isNaN(Date.parse(value))) {
    throw badRequest(`The ${name} parameter must be an ISO date and time`, { [name]: `The ${name} parameter must be an ISO date and time` });
  }
  return new Date(value).toISOString();
};
const uuid = (name: string, value: unknown): string => {
  if (typeof value !== 'string' || !UUID_PATTERN.test(value)) throw badRequest(`The ${name} parameter is not valid`);
  return value;
};

const POSITION_COLUMNS = sql`t.id, t.device_id as "deviceId", to_json(t.fix_time) #>> '{}' as "fixTime",
  to_json(t.received_at) #>> '{}' as "receivedAt", t.latitude, t.longitude, t.speed, t.heading, t.altitude, t.satellites,
  t.ignition, t.gps_fix as "gpsFix", t.live, t.packet_type as "packetType", t.attributes`;

/** One page of a read-only list and the count of rows matching, on the list contract. */
async function sendPage(db: Db, reply: FastifyReply, resource: ResourceDeclaration, list: ListQuery, { columns, from, scope }: { columns: SQL; from: SQL; scope?: SQL }) {
  const conditions = [...(scope ? [scope] : []), ...list.where];
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const [rows, [count]] = await Promise.all([
    query(db, sql`select ${columns} from ${from} ${where} order by ${list.orderBy} limit ${list.end - list.start + 1} offset ${list.start}`),
    query<{ total: number }>(db, sql`select count(*)::integer as total from ${from} ${where}`),
  ]);
  return sendList(reply, resource, list.start, rows as never[], Number(count?.total ?? 0));
}

export function trackingRoutes(app: FastifyInstance, db: Db) {
  const tags = ['tracking'];

  const statusList = (maxPage: number) => async (request: FastifyRequest<{ Querystring: Record<string, unknown> }>, reply: FastifyReply) => {
    const caller = await requireCaller(request);
    const list = parseListQuery(vehicleStatuses, request.query, { maxPage });
    return sendPage(db, reply, vehicleStatuses, list, {
      from: sql`(${vehicleStatesSql(caller)}) t`,
      columns: sql`t.id, t.name, t.registration_number as "registrationNumber", t.category, t.group_id as "groupId",
        t.group_name as "groupName", t.organisation_id as "organisationId", t.organisation_name as "organisationName",
        t.is_tracking_activated as "isTrackingActivated", t.device_id as "deviceId", t.imei, t.status,
        to_json(t.last_seen_at) #>> '{}' as "lastSeenAt", to_json(t.fix_time) #>> '{}' as "fixTime",
        t.latitude, t.longitude, t.speed, t.heading, t.ignition`,
    });
  };

  app.get('/vehicle/statuses', {
    config: { permission: 'vehicle-status' },
    schema: { tags, summary: 'Each visible vehicle with its state: running, idle, stopped, offline or noData', querystring: listQuerystring },
  }, statusList(MAX_LIST_PAGE));
  app.get('/vehicle/statuses/export', {
    config: { permission: 'vehicle-status' },
    schema: { tags, summary: 'The Vehicle Status rows for an export', querystring: listQuerystring },
  }, statusList(MAX_EXPORT_PAGE));

  app.get<{ Querystring: Record<string, unknown> }>('/vehicle/statuses/summary', {
    config: { permission: 'vehicle-status' },
    schema: { tags, summary: 'How many visible vehicles are in each state (the filter applies, except status)', querystring: listQuerystring },
  }, async (request) => {
    const caller = await requireCaller(request);
    // the list's own parsing answers a bad filter with 400; the counts ignore the state filter
    const list = parseListQuery(vehicleStatuses, request.query, { maxPage: 1, extraFilters: { status: () => sql`true` } });
    const where = list.where.length ? sql`where ${sql.join(list.where, sql` and `)}` : sql``;
    const rows = await query<{ status: string; total: number }>(db, sql`select t.status, count(*)::integer as total
      from (${vehicleStatesSql(caller)}) t ${where} group by t.status`);
    const counts = Object.fromEntries(VEHICLE_STATES.map((s) => [s, 0])) as Record<string, number>;
    for (const row of rows) counts[row.status] = Number(row.total);
    return { success: true, data: { ...counts, total: Object.values(counts).reduce((a, b) => a + b, 0) } };
  });

  app.get<{ Querystring: { vehicleId?: string } }>('/vehicle/position/track', {
    config: { permission: 'live-tracking' },
    schema: { tags, summary: 'The latest position of one vehicle, or of every visible vehicle', querystring: { type: 'object', properties: { vehicleId: { type: 'string' } } } },
  }, async (request) => {
    const caller = await requireCaller(request);
    const only = request.query.vehicleId ? sql`where t.id = ${uuid('vehicleId', request.query.vehicleId)}::uuid` : sql``;
    const rows = await query(db, sql`select t.id as "vehicleId", t.name, t.registration_number as "registrationNumber", t.device_id as "deviceId",
        t.imei, t.status, to_json(t.last_seen_at) #>> '{}' as "lastSeenAt", s.last_position as "position", s.last_health as "health"
      from (${vehicleStatesSql(caller)}) t left join device_states s on s.device_id = t.device_id ${only} order by t.registration_number`);
    if (request.query.vehicleId && !rows.length) throw notFound();
    return { success: true, data: request.query.vehicleId ? rows[0] : rows };
  });

  app.get<{ Querystring: { vehicleId?: string; from?: string; to?: string; after?: string; limit?: string } }>('/vehicle/position/playback', {
    config: { permission: 'route-playback' },
    schema: {
      tags, summary: "A vehicle's path in a period (at most a week), a page of points at a time (`next` names the following page); the first page has the stops and summary",
      querystring: { type: 'object', properties: { vehicleId: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, ...playbackPageQuery } },
    },
  }, async (request) => {
    const caller = await requireCaller(request);
    const vehicleId = uuid('vehicleId', request.query.vehicleId);
    const from = iso('from', request.query.from);
    const to = iso('to', request.query.to);
    checkPeriod(from, to);
    const scope = { vehicles: visibleVehicles(caller), held: (deviceId: SQL, time: SQL) => heldByCaller(caller, deviceId, time) };
    return { success: true, data: await playback(db, scope, vehicleId, from, to, playbackPage(request.query)) };
  });

  app.get<{ Querystring: Record<string, unknown> }>('/positions', {
    config: { permission: 'route-playback' },
    schema: {
      tags, summary: 'Stored positions on the list contract; filter by imei, deviceId, vehicleId, from and to (ISO times)',
      querystring: { ...listQuerystring, properties: { ...listQuerystring.properties, imei: { type: 'string' }, deviceId: { type: 'string' }, vehicleId: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } } },
    },
  }, async (request, reply) => {
    const caller = await requireCaller(request);
    const list = parseListQuery(positionsList, request.query, {
      maxPage: MAX_EXPORT_PAGE,
      extraFilters: {
        imei: (value) => sql`t.device_id = (select id from devices where imei = ${String(value)})`,
        vehicleId: (value) => sql`t.device_id = (select device_id from vehicles where id = ${uuid('vehicleId', value)}::uuid)`,
        from: (value) => sql`t.fix_time >= ${iso('from', value)}::timestamptz`,
        to: (value) => sql`t.fix_time <= ${iso('to', value)}::timestamptz`,
      },
    });
    return sendPage(db, reply, positionsList, list, {
      from: sql`positions t join devices d on d.id = t.device_id`,
      columns: sql`${POSITION_COLUMNS}, d.imei`,
      scope: heldByCaller(caller, sql`t.device_id`, sql`t.fix_time`),
    });
  });

  app.get<{ Querystring: Record<string, unknown> }>('/eventlogs', {
    config: { permission: 'report-alert' },
    schema: {
      tags, summary: 'Alerts (SOS, tamper, power cut, harsh driving, overspeed, ignition, geofence, route) on the list contract; filter by type, deviceId, vehicleId, from and to',
      querystring: { ...listQuerystring, properties: { ...listQuerystring.properties, from: { type: 'string' }, to: { type: 'string' } } },
    },
  }, async (request, reply) => {
    const caller = await requireCaller(request);
    const list = parseListQuery(eventList, request.query, {
      maxPage: MAX_EXPORT_PAGE,
      extraFilters: {
        from: (value) => sql`t.event_time >= ${iso('from', value)}::timestamptz`,
        to: (value) => sql`t.event_time <= ${iso('to', value)}::timestamptz`,
      },
    });
    return sendPage(db, reply, eventList, list, {
      from: sql`events t join devices d on d.id = t.device_id left join vehicles v on v.id = t.vehicle_id`,
      columns: sql`t.id, t.type, t.device_id as "deviceId", t.vehicle_id as "vehicleId", to_json(t.event_time) #>> '{}' as "eventTime",
        t.latitude, t.longitude, t.attributes, d.imei, v.registration_number as "registrationNumber"`,
      // by who held the device at the event's time, not by the organisation stamped on it when it arrived
      scope: heldByCaller(caller, sql`t.device_id`, sql`t.event_time`),
    });
  });

  app.get('/gateway/status', {
    config: { permission: 'management-raw-logs' },
    schema: { tags, summary: "This process's gateway: connections, frames stored, backlog and memory" },
  }, async () => {
    if (!app.gateway) throw notFound('No gateway runs in this process');
    return { success: true, data: app.gateway.status() };
  });

  app.get<{ Querystring: { imei?: string } }>('/check-port', {
    config: { permission: PUBLIC },
    schema: { tags, summary: 'Port checker: whether frames from an IMEI reached the server, when, and how the last one parsed', querystring: { type: 'object', properties: { imei: { type: 'string' } } } },
  }, async (request) => {
    const imei = normalise(rules.imei, request.query.imei ?? '');
    if (!new RegExp(rules.imei.pattern).test(imei)) throw badRequest('The IMEI must be 15 digits');
    const [row] = await query<{ total: number; lastReceivedAt: string | null; parseResult: string | null; message: string | null; firstReceivedAt: string | null }>(db, sql`
      select (select count(*)::integer from raw_logs where imei = ${imei} and received_at > now() - interval '24 hours') as total,
             to_json(l.received_at) #>> '{}' as "lastReceivedAt", l.parse_result as "parseResult", l.message
      from (select 1) one left join lateral (select received_at, parse_result, message from raw_logs where imei = ${imei} order by received_at desc limit 1) l on true`);
    return {
      success: true,
      data: { imei, received: Boolean(row?.lastReceivedAt), framesLast24Hours: Number(row?.total ?? 0), lastReceivedAt: row?.lastReceivedAt ?? null, parseResult: row?.parseResult ?? null, message: row?.message ?? null },
    };
  });
}
