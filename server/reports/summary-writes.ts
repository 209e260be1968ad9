import { sql, type SQL } from 'drizzle-orm';
import type { DayDetector, DaySummary, DetectorState, StopRow, TripRow } from './detector.ts';

/** What one round writes, gathered over its devices and written in a few statements. */
export class Writes {
  trips: (TripRow & { deviceId: string })[] = [];
  stops: (StopRow & { deviceId: string })[] = [];
  summaries: (DaySummary & { deviceId: string })[] = [];
  /** Devices whose open rows are replaced, and device days rebuilt from scratch. */
  reopened = new Set<string>();
  rebuilt: { deviceId: string; day: string }[] = [];
  states: { deviceId: string; day: string; processedUntil: string; state: DetectorState }[] = [];
  positions = 0;

  collect(deviceId: string, detector: DayDetector) {
    const closed = detector.takeClosed();
    this.trips.push(...closed.trips.map((t) => ({ ...t, deviceId })));
    this.stops.push(...closed.stops.map((s) => ({ ...s, deviceId })));
  }

  /** The day so far of the detector under way: its open rows and its summary. */
  collectOpen(deviceId: string, detector: DayDetector) {
    this.collect(deviceId, detector);
    const open = detector.openRows();
    this.trips.push(...open.trips.map((t) => ({ ...t, deviceId })));
    this.stops.push(...open.stops.map((s) => ({ ...s, deviceId })));
    this.summaries.push({ ...detector.summary(), deviceId });
    this.reopened.add(deviceId);
  }

  statements(): SQL[] {
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    const out: SQL[] = [];
    const reopened = [...this.reopened];
    if (reopened.length) {
      out.push(sql`delete from trips where open and device_id = any(${`{${reopened.join(',')}}`}::uuid[])`);
      out.push(sql`delete from stops where open and device_id = any(${`{${reopened.join(',')}}`}::uuid[])`);
    }
    if (this.rebuilt.length) {
      const rebuilt = JSON.stringify(this.rebuilt);
      out.push(
        sql`delete from trips t using jsonb_to_recordset(${rebuilt}::jsonb) as r("deviceId" uuid, day date) where t.device_id = r."deviceId" and t.day = r.day`,
      );
      out.push(
        sql`delete from stops t using jsonb_to_recordset(${rebuilt}::jsonb) as r("deviceId" uuid, day date) where t.device_id = r."deviceId" and t.day = r.day`,
      );
    }
    if (this.trips.length) {
      const rows = JSON.stringify(
        this.trips.map((t) => ({ ...t, startTime: iso(t.startTime), endTime: iso(t.endTime) })),
      );
      out.push(sql`insert into trips (device_id, day, start_time, end_time, start_latitude, start_longitude, end_latitude, end_longitude,
          distance_meters, duration_seconds, max_speed, average_speed, ignition_on_seconds, open)
        select "deviceId", day, "startTime", "endTime", "startLatitude", "startLongitude", "endLatitude", "endLongitude",
          "distanceMeters", "durationSeconds", "maxSpeed", "averageSpeed", "ignitionOnSeconds", open
        from jsonb_to_recordset(${rows}::jsonb) as x("deviceId" uuid, day date, "startTime" timestamptz, "endTime" timestamptz,
          "startLatitude" float8, "startLongitude" float8, "endLatitude" float8, "endLongitude" float8, "distanceMeters" float8,
          "durationSeconds" integer, "maxSpeed" real, "averageSpeed" real, "ignitionOnSeconds" integer, open boolean)`);
    }
    if (this.stops.length) {
      const rows = JSON.stringify(
        this.stops.map((s) => ({ ...s, startTime: iso(s.startTime), endTime: iso(s.endTime) })),
      );
      out.push(sql`insert into stops (device_id, day, start_time, end_time, latitude, longitude, duration_seconds, ignition, ignition_on_seconds, open)
        select "deviceId", day, "startTime", "endTime", latitude, longitude, "durationSeconds", ignition, "ignitionOnSeconds", open
        from jsonb_to_recordset(${rows}::jsonb) as x("deviceId" uuid, day date, "startTime" timestamptz, "endTime" timestamptz,
          latitude float8, longitude float8, "durationSeconds" integer, ignition boolean, "ignitionOnSeconds" integer, open boolean)`);
    }
    if (this.summaries.length) {
      // the last summary of a device day wins: a round may rebuild a day and then append to it
      const byKey = new Map(this.summaries.map((s) => [`${s.deviceId}/${s.day}`, s]));
      const rows = JSON.stringify(
        [...byKey.values()]
          .sort((a, b) => (a.deviceId + a.day < b.deviceId + b.day ? -1 : 1))
          .map((s) => ({
            ...s,
            firstIgnitionOn: iso(s.firstIgnitionOn),
            lastIgnitionOff: iso(s.lastIgnitionOff),
            firstFixTime: iso(s.firstFixTime),
            lastFixTime: iso(s.lastFixTime),
          })),
      );
      out.push(sql`insert into daily_summaries as d (device_id, day, distance_meters, running_seconds, idle_seconds, stopped_seconds,
          first_ignition_on, last_ignition_off, max_speed, trips, stops, positions, alert_counts, first_fix_time, last_fix_time, updated_at)
        select x."deviceId", x.day, x."distanceMeters", x."runningSeconds", x."idleSeconds", x."stoppedSeconds", x."firstIgnitionOn",
          x."lastIgnitionOff", x."maxSpeed", x.trips, x.stops, x.positions,
          coalesce((select jsonb_object_agg(e.type, e.n) from (select type, count(*)::integer as n from events
            where device_id = x."deviceId" and event_time >= (x.day::timestamp at time zone 'Asia/Kolkata')
              -- the alerts of the vehicle's own history (vehicles.tracked_from on)
              and event_time >= coalesce((select vh.tracked_from from vehicles vh where vh.device_id = x."deviceId"), '-infinity')
              and event_time < ((x.day + 1)::timestamp at time zone 'Asia/Kolkata') group by type) e), '{}'::jsonb),
          x."firstFixTime", x."lastFixTime", now()
        from jsonb_to_recordset(${rows}::jsonb) as x("deviceId" uuid, day date, "distanceMeters" float8, "runningSeconds" integer,
          "idleSeconds" integer, "stoppedSeconds" integer, "firstIgnitionOn" timestamptz, "lastIgnitionOff" timestamptz, "maxSpeed" real,
          trips integer, stops integer, positions integer, "firstFixTime" timestamptz, "lastFixTime" timestamptz)
        on conflict (device_id, day) do update set distance_meters = excluded.distance_meters, running_seconds = excluded.running_seconds,
          idle_seconds = excluded.idle_seconds, stopped_seconds = excluded.stopped_seconds, first_ignition_on = excluded.first_ignition_on,
          last_ignition_off = excluded.last_ignition_off, max_speed = excluded.max_speed, trips = excluded.trips, stops = excluded.stops,
          positions = excluded.positions, alert_counts = excluded.alert_counts, first_fix_time = excluded.first_fix_time,
          last_fix_time = excluded.last_fix_time, updated_at = now()`);
    }
    if (this.states.length) {
      out.push(sql`update trip_states t set day = x.day, processed_until = x."processedUntil", state = x.state, summarised_at = now()
        from jsonb_to_recordset(${JSON.stringify(this.states)}::jsonb) as x("deviceId" uuid, day date, "processedUntil" timestamptz, state jsonb)
        where t.device_id = x."deviceId"`);
    }
    return out;
  }
}
