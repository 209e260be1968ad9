/**
 * The event reports: every alert (and the SOS alerts alone, through the same API), the vehicles
 * gone offline, and the route violations. Events are scoped by who held the device when the event
 * happened; rows name the vehicle that holds the device now, or the device where the caller sees no vehicle.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../auth/caller.ts';
import { heldByCaller, heldHistory } from '../tracking/ownership.ts';
import { visibleVehicles } from '../tracking/routes.ts';
import { DEFAULT_SETTINGS } from '../organisations/settings.ts';
import alert from '../../resources/reports/alert.ts';
import offline from '../../resources/reports/offline.ts';
import routeViolation from '../../resources/reports/route-violation.ts';
import { ROUTE_VIOLATION } from '../../resources/reports/event-types.ts';
import { searchCondition, vehicleCondition, type ReportFilter, type ReportSource } from './framework.ts';
import { vehicleColumns } from './run-scope.ts';
import { sinceTracked } from './day-scope.ts';

/** "latitude,longitude" to 6 decimals, or null. */
const place = (latitude: SQL, longitude: SQL) =>
  sql`case when ${latitude} is null or ${longitude} is null then null else round(${latitude}::numeric, 6)::text || ',' || round(${longitude}::numeric, 6)::text end`;

/**
 * The events of the caller's devices in the period (alias t), with the device (d) and the vehicle
 * (v) holding it now when the event is of that vehicle's own history (sinceTracked): an earlier one
 * shows under the device, its IMEI and name.
 */
function eventsInPeriod(caller: Caller, filter: ReportFilter, columns: SQL, conditions: SQL[], joins = sql``): SQL {
  return sql`select ${columns}
    from ${heldHistory(caller, 'events', 'event_time')} join devices d on d.id = t.device_id
      left join vehicles v on v.device_id = t.device_id and ${sinceTracked(sql`t.event_time`)} ${joins}
    where t.event_time >= ${filter.from}::timestamptz and t.event_time < ${filter.to}::timestamptz
      and ${vehicleCondition(filter)} and ${sql.join(conditions, sql` and `)}`;
}

/**
 * An SOS's case (server/sos/cases.ts): the latest its device opened at or before it, so a repeat
 * while the case was open shows the case it joined; with who acknowledged it.
 */
const sosCaseJoin = sql`left join lateral (select c.* from sos_cases c
    where t.type = 'SOS' and c.device_id = t.device_id and c.opened_at <= t.event_time
    order by c.opened_at desc limit 1) sc on true
  left join users ack on ack.id = sc.acknowledged_by`;
const sosCaseColumns = sql`case when sc.id is null then null when sc.acknowledged_at is not null then 'acknowledged'
    when sc.escalation_level > 0 then 'escalated' else 'open' end as "sosStatus",
  sc.escalation_level as "escalationLevel", sc.acknowledged_at as "acknowledgedAt",
  nullif(trim(concat_ws(' ', ack.first_name, ack.last_name)), '') as "acknowledgedBy", sc.note as "acknowledgementNote"`;

/** A caller granted the SOS report alone reads the SOS alerts alone. */
const sosOnly = (caller: Caller) => !caller.isSuperAdmin && !caller.permissions.includes('report-alert');

function alertRows(caller: Caller, filter: ReportFilter): SQL {
  const type = sosOnly(caller) ? 'SOS' : (filter.extra.type as string | undefined);
  return eventsInPeriod(
    caller,
    filter,
    sql`t.id, t.event_time as "eventTime", ${vehicleColumns(caller)}, d.imei, t.type, ${place(sql`t.latitude`, sql`t.longitude`)} as place,
      t.speed, coalesce(t.attributes->>'geofenceName', t.attributes->>'routeName') as details, ${sosCaseColumns}`,
    [
      type ? sql`t.type = ${type}` : sql`true`,
      searchCondition(filter, [sql`v.registration_number`, sql`v.name`, sql`d.imei`, sql`t.type`]),
    ],
    sosCaseJoin,
  );
}

export const alertReport: ReportSource = {
  declaration: alert,
  // the SOS report's page reads the same API with the type SOS
  permission: ['report-alert', 'report-sosalert'],
  rows: alertRows,
  chart: (rows) =>
    sql`select r.type as key, count(*)::integer as count from ${rows} r group by r.type order by 2 desc, 1`,
};

export const offlineReport: ReportSource = {
  declaration: offline,
  rows: (caller, filter) => {
    const minutes =
      typeof filter.extra.minutes === 'number'
        ? sql`${filter.extra.minutes}::float8`
        : sql`coalesce((o.attributes->'settings'->>'offlineMinutes')::float8, ${DEFAULT_SETTINGS.offlineMinutes}::float8)`;
    return sql`select v.id, v.registration_number as "registrationNumber", v.name as "vehicleName", d.imei, g.name as "groupName",
        s.last_seen_at as "lastSeenAt", floor(extract(epoch from now() - s.last_seen_at))::integer as "offlineSeconds",
        ${place(sql`(s.last_position->>'latitude')::float8`, sql`(s.last_position->>'longitude')::float8`)} as place
      from vehicles v join organisations o on o.id = v.organisation_id
      join devices d on d.id = v.device_id join device_states s on s.device_id = v.device_id
      left join vehicle_groups g on g.id = v.group_id
      where ${visibleVehicles(caller)} and ${heldByCaller(caller, sql`v.device_id`, sql`now()`)}
        and s.last_seen_at < now() - ${minutes} * interval '1 minute'
        and ${vehicleCondition(filter)} and ${searchCondition(filter, [sql`v.registration_number`, sql`v.name`, sql`d.imei`])}`;
  },
};

export const routeViolationReport: ReportSource = {
  declaration: routeViolation,
  rows: (caller, filter) =>
    eventsInPeriod(
      caller,
      filter,
      sql`t.id, t.event_time as "eventTime", ${vehicleColumns(caller)}, coalesce(t.attributes->>'routeName', (select rt.name from routes rt where rt.id::text = t.attributes->>'routeId')) as "routeName",
      ${place(sql`t.latitude`, sql`t.longitude`)} as place, (t.attributes->>'meters')::float8 as "metersOffRoute"`,
      [
        sql`t.type = ${ROUTE_VIOLATION}`,
        searchCondition(filter, [
          sql`v.registration_number`,
          sql`v.name`,
          sql`d.imei`,
          sql`t.attributes->>'routeName'`,
        ]),
      ],
    ),
};
