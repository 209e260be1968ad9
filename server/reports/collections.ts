import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../auth/caller.ts';
import type { ReportFilter } from '../../resources/reports/define.ts';
import { heldByCaller } from '../tracking/ownership.ts';
import { visibleVehicles } from '../tracking/routes.ts';
import { inOrganisationTree } from '../organisations/scope.ts';
import { isSuperAdmin } from '../resources/scope.ts';
import { dayStart } from './day-scope.ts';
import { searchCondition, vehicleCondition } from './framework.ts';

/**
 * Smart-city collection (docs/reports.md, "Collection reports"): a household or bin (a POI with a
 * kind) is collected on a day when the vehicle of a job that schedules it passes within the POI's
 * radius during the job's window that day. Computed from positions on each request: a bounding
 * box per job window narrows the positions in SQL, a grid of cells pairs each position with the
 * few points near it (a key lookup, not every point with every position), then the exact haversine
 * distance decides.
 */

/** Metres per degree of latitude (a little more than the true 111,132: the box errs on the wide side). */
const METRES_PER_DEGREE = 111_000;
const M = sql.raw(`${METRES_PER_DEGREE}::float8`);
/** The smallest grid cell, in degrees (about 55 m). */
const MIN_CELL = sql.raw('0.0005');

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** An ilike pattern: contains the text. */
const contains = (text: string) => `%${escapeLike(text)}%`;

/** The caller's collection points: POIs with a kind, in their organisation tree. */
function pointsVisible(caller: Caller, alias: string): SQL {
  const column = sql.raw(`${alias}.organisation_id`);
  return isSuperAdmin(caller)
    ? sql`${sql.raw(alias)}.kind is not null`
    : sql`${sql.raw(alias)}.kind is not null and ${inOrganisationTree(column, caller.organisationPath)}`;
}

/** Conditions on the point (alias poi) and its ward (alias w) from the report's own filters. */
function pointConditions(filter: ReportFilter): SQL {
  const parts: SQL[] = [];
  const { ward, tagType, kind } = filter.extra;
  if (typeof ward === 'string' && ward)
    parts.push(sql`(w.name ilike ${contains(ward)} or w.code ilike ${contains(ward)})`);
  if (typeof tagType === 'string' && tagType) parts.push(sql`poi.tag_type = ${tagType}`);
  if (typeof kind === 'string' && kind) parts.push(sql`poi.kind = ${kind}`);
  return parts.length ? sql` and ${sql.join(parts, sql` and `)}` : sql``;
}

/**
 * One row per job, per Asia/Kolkata day of the period it runs on, per point it schedules, with
 * when that point was first collected in the window (null: missed). Columns: job_id, day,
 * vehicle_id, vehicle_name, poi_id, poi_name, kind, tag_type, ward_id, ward_name, circle_id,
 * circle_name, collected_at.
 */
export function visitsSql(caller: Caller, filter: ReportFilter): SQL {
  const from = sql`${filter.from}::timestamptz`;
  const to = sql`${filter.to}::timestamptz`;
  const held = (time: SQL) => heldByCaller(caller, sql`jd.device_id`, time);
  return sql`with job_days as (
      select j.id as job_id, v.id as vehicle_id, v.name as vehicle_name, v.device_id, j.ward_id as job_ward_id,
        j.organisation_id as job_organisation_id, d.day,
        greatest(case when not j.is_recurring then j.start_date
            when t.end_tod is null or t.end_tod = t.start_tod then ${dayStart(sql`d.day`)}
            else ((d.day + t.start_tod) at time zone 'Asia/Kolkata') end, ${dayStart(sql`d.day`)}, ${from},
          -- the vehicle's own history only (greatest passes over a null tracked_from)
          v.tracked_from) as starts,
        least(case when not j.is_recurring then coalesce(j.end_date, ${dayStart(sql`(t.first_day + 1)`)})
            when t.end_tod is null or t.end_tod = t.start_tod then ${dayStart(sql`(d.day + 1)`)}
            when t.end_tod > t.start_tod then ((d.day + t.end_tod) at time zone 'Asia/Kolkata')
            else ((d.day + 1 + t.end_tod) at time zone 'Asia/Kolkata') end,
          case when j.is_recurring then 'infinity'::timestamptz else ${dayStart(sql`(d.day + 1)`)} end, ${to}) as ends
      from job_schedules j
      join vehicles v on v.id = j.vehicle_id and v.device_id is not null
      cross join lateral (select (j.start_date at time zone 'Asia/Kolkata')::date as first_day,
        (j.end_date at time zone 'Asia/Kolkata')::date as last_day,
        (j.start_date at time zone 'Asia/Kolkata')::time as start_tod,
        (j.end_date at time zone 'Asia/Kolkata')::time as end_tod) t
      join lateral (select g::date as day from generate_series((${from} at time zone 'Asia/Kolkata')::date,
        ((${to} - interval '1 microsecond') at time zone 'Asia/Kolkata')::date, interval '1 day') g) d
        on d.day >= t.first_day and d.day <= coalesce(t.last_day, case when j.is_recurring then d.day else t.first_day end)
      where ${visibleVehicles(caller)} and ${vehicleCondition(filter)}
        -- waste collection is the SWM department's work; a job of another department visits no collection points
        and coalesce(j.department, 'SWM') = 'SWM'
        and (not j.is_recurring or coalesce(j.frequency, 'daily') in ('daily', 'custom')
          or (j.frequency = 'weekly' and extract(isodow from d.day) = extract(isodow from t.first_day))
          or (j.frequency = 'monthly' and extract(day from d.day) = extract(day from t.first_day))
          or (j.frequency = 'yearly' and to_char(d.day, 'MM-DD') = to_char(t.first_day, 'MM-DD')))
    ),
    windows as (
      select * from job_days jd where jd.starts < jd.ends
        and (${held(sql`jd.starts`)} or ${held(sql`(least(jd.ends, now()) - interval '1 microsecond')`)})
    ),
    points as materialized (
      select wi.job_id, wi.day, wi.vehicle_id, wi.vehicle_name, wi.device_id, wi.starts, wi.ends,
        poi.id as poi_id, poi.name as poi_name, poi.kind, poi.tag_type, poi.radius_meters as radius,
        (poi.location->'coordinates'->>1)::float8 as lat, (poi.location->'coordinates'->>0)::float8 as lon,
        w.id as ward_id, w.name as ward_name, c.id as circle_id, c.name as circle_name
      from windows wi
      join points_of_interest poi on (case when wi.job_ward_id is null then poi.organisation_id = wi.job_organisation_id
        else poi.ward_id = wi.job_ward_id end)
      left join admin_divisions w on w.id = poi.ward_id
      left join admin_divisions c on c.id = w.parent_id
      where ${pointsVisible(caller, 'poi')}${pointConditions(filter)}
    ),
    reach as (
      -- each point's reach in degrees: its radius north-south, and east-west at its latitude
      select pt.*, pt.radius / ${M} as dlat, pt.radius / (${M} * cos(radians(pt.lat))) as dlon from points pt
    ),
    grid as (
      -- square cells at least as wide as the widest reach: a point's box spans at most 2 by 2 cells
      select greatest(${MIN_CELL}::float8, max(greatest(dlat, dlon)) * 2) as size from reach
    ),
    cells as (
      select r.job_id, r.day, r.poi_id, r.lat, r.lon, r.radius, cy::int as cy, cx::int as cx
      from reach r cross join grid g
      cross join lateral generate_series(floor((r.lat - r.dlat) / g.size)::int, floor((r.lat + r.dlat) / g.size)::int) cy
      cross join lateral generate_series(floor((r.lon - r.dlon) / g.size)::int, floor((r.lon + r.dlon) / g.size)::int) cx
    ),
    boxes as (
      select job_id, day, device_id, starts, ends, min(lat - dlat) as south, max(lat + dlat) as north,
        min(lon - dlon) as west, max(lon + dlon) as east
      from reach group by job_id, day, device_id, starts, ends
    ),
    near as materialized (
      -- the window's positions inside the box around all its points, each in its grid cell
      select b.job_id, b.day, p.device_id, p.fix_time, p.latitude, p.longitude,
        floor(p.latitude / g.size)::int as cy, floor(p.longitude / g.size)::int as cx
      from boxes b cross join grid g
      join positions p on p.device_id = b.device_id and p.fix_time >= b.starts and p.fix_time < b.ends
      where p.latitude between b.south and b.north and p.longitude between b.west and b.east
    ),
    cell_map as (
      -- per job window, its cells as keys of one object, each naming the points whose box covers it
      select job_id, day, jsonb_object_agg(key, here) as map from (
        select job_id, day, cy::text || ':' || cx::text as key, jsonb_agg(jsonb_build_array(poi_id, lat, lon, radius)) as here
        from cells group by job_id, day, cy, cx) k
      group by job_id, day
    ),
    hits as (
      -- a position meets only the points listed under its cell (a key lookup, not a join of every
      -- point with every position); the exact distance decides
      select n.job_id, n.day, (e->>0)::uuid as poi_id, min(n.fix_time) as collected_at
      from near n join cell_map m on m.job_id = n.job_id and m.day = n.day
      cross join lateral jsonb_array_elements(m.map -> (n.cy::text || ':' || n.cx::text)) e
      where 2 * 6371008.8 * asin(least(1, sqrt(power(sin(radians(n.latitude - (e->>1)::float8) / 2), 2)
          + cos(radians((e->>1)::float8)) * cos(radians(n.latitude)) * power(sin(radians(n.longitude - (e->>2)::float8) / 2), 2))))
          <= (e->>3)::float8
        and ${heldByCaller(caller, sql`n.device_id`, sql`n.fix_time`)}
      group by n.job_id, n.day, (e->>0)::uuid
    )
    select pt.job_id, pt.day, pt.vehicle_id, pt.vehicle_name, pt.poi_id, pt.poi_name, pt.kind, pt.tag_type,
      pt.ward_id, pt.ward_name, pt.circle_id, pt.circle_name, h.collected_at
    from points pt left join hits h on h.job_id = pt.job_id and h.day = pt.day and h.poi_id = pt.poi_id`;
}

/** The search box over the given output columns of a report's rows. */
const searchOf = (filter: ReportFilter, columns: string[]): SQL =>
  searchCondition(
    filter,
    columns.map((c) => sql.raw(c)),
  );

const collectedCondition = (filter: ReportFilter): SQL =>
  filter.extra.collected === 'YES' || filter.extra.collected === 'NO'
    ? sql`collected = ${filter.extra.collected}`
    : sql`true`;

/** collection: per vehicle per day, the points its jobs scheduled, collected and missed. */
export function collectionSql(caller: Caller, filter: ReportFilter): SQL {
  return sql`select * from (
      select r.vehicle_id || '/' || r.day as id, to_char(r.day, 'YYYY-MM-DD') as day, r.vehicle_id as "vehicleId",
        r.vehicle_name as "vehicleName", count(*)::int as scheduled, count(r.collected_at)::int as collected,
        (count(*) - count(r.collected_at))::int as missed,
        round(100.0 * count(r.collected_at) / count(*), 1)::float8 as percent
      from (select day, vehicle_id, vehicle_name, poi_id, min(collected_at) as collected_at
        from (${visitsSql(caller, filter)}) x group by day, vehicle_id, vehicle_name, poi_id) r
      group by r.day, r.vehicle_id, r.vehicle_name
    ) x0 where ${searchOf(filter, ['"vehicleName"'])}`;
}

/** The collection chart: per day, points collected and missed over every matching vehicle (`rows`: the report's rows). */
export function collectionChartSql(rows: SQL): SQL {
  return sql`select day as key, sum(collected)::int as collected, sum(missed)::int as missed
    from ${rows} c group by day order by day`;
}

/** d2d-collection: each household per day it was scheduled: collected or not, when, by which vehicle. */
export function d2dCollectionSql(caller: Caller, filter: ReportFilter): SQL {
  const households: ReportFilter = { ...filter, extra: { kind: 'HOUSEHOLD', ...filter.extra } };
  return sql`select * from (
      select r.poi_id || '/' || r.day as id, to_char(r.day, 'YYYY-MM-DD') as day, r.poi_id as "poiId", r.poi_name as "poiName",
        r.kind, r.tag_type as "tagType", r.ward_name as "wardName", r.circle_name as "circleName",
        case when min(r.collected_at) is null then 'NO' else 'YES' end as collected, to_json(min(r.collected_at)) #>> '{}' as "collectedAt",
        (array_agg(r.vehicle_name order by r.collected_at nulls last, r.vehicle_name))[1] as "vehicleName",
        case when min(r.collected_at) is null then 0 else 1 end as "collectedCount"
      from (${visitsSql(caller, households)}) r
      group by r.day, r.poi_id, r.poi_name, r.kind, r.tag_type, r.ward_name, r.circle_name
    ) x0 where ${collectedCondition(filter)} and ${searchOf(filter, ['"poiName"', '"wardName"', '"vehicleName"'])}`;
}

/**
 * collection-cover: per ward (or per circle, extra filter level=CIRCLE) the households and bins it
 * has, how many were collected at least once in the period, and the share covered.
 */
export function collectionCoverSql(caller: Caller, filter: ReportFilter): SQL {
  const circles = filter.extra.level === 'CIRCLE';
  const division = circles ? sql`coalesce(w.parent_id, w.id)` : sql`w.id`;
  return sql`with covered as (
      select distinct x.poi_id from (${visitsSql(caller, { ...filter, extra: { ...filter.extra, ward: '' } })}) x where x.collected_at is not null
    )
    select * from (
      select d.id, d.name, d.kind as level, p.name as "parentName",
        count(poi.id) filter (where poi.kind = 'HOUSEHOLD')::int as households,
        count(cv.poi_id) filter (where poi.kind = 'HOUSEHOLD')::int as "householdsCovered",
        count(poi.id) filter (where poi.kind = 'BIN')::int as bins,
        count(cv.poi_id) filter (where poi.kind = 'BIN')::int as "binsCovered",
        case when count(poi.id) = 0 then null else round(100.0 * count(cv.poi_id) / count(poi.id), 1)::float8 end as percent
      from admin_divisions d
      left join admin_divisions p on p.id = d.parent_id
      left join (points_of_interest poi join admin_divisions w on w.id = poi.ward_id)
        on ${division} = d.id and ${pointsVisible(caller, 'poi')}${pointConditions({ ...filter, extra: { ...filter.extra, ward: '' } })}
      left join covered cv on cv.poi_id = poi.id
      where d.kind = ${circles ? 'CIRCLE' : 'WARD'}
        and ${isSuperAdmin(caller) ? sql`true` : inOrganisationTree(sql`d.organisation_id`, caller.organisationPath)}
        ${typeof filter.extra.ward === 'string' && filter.extra.ward ? sql`and (d.name ilike ${contains(filter.extra.ward)} or d.code ilike ${contains(filter.extra.ward)})` : sql``}
      group by d.id, d.name, d.kind, p.name
    ) x0 where ${searchOf(filter, ['name', '"parentName"'])}`;
}

/** The cover chart: coverage % per ward (or circle), every matching row (`rows`: the report's rows). */
export function collectionCoverChartSql(rows: SQL): SQL {
  return sql`select name as key, percent from ${rows} c where percent is not null order by name`;
}
