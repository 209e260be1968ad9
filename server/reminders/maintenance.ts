import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { requireCaller } from '../auth/caller.ts';
import { badRequest, spoken } from '../http/errors.ts';
import { idParams } from '../http/params.ts';
import type { ResourceHooks } from '../resources/hooks.ts';
import { said } from '../resources/messages.ts';
import { findRecord } from '../resources/records.ts';
import { writableRecord } from '../resources/routes.ts';
import { query } from '../resources/sql.ts';
import maintenanceSchedule, { type MaintenanceKind } from '../../resources/entities/maintenance-schedule.ts';
import { MAINTENANCE_DUE } from '../../resources/reports/event-types.ts';
import { DAY_MS, insertSweepEvent } from './common.ts';
import { resourceResponses } from '../openapi/resources.ts';

/** A vehicle's distance and engine (ignition-on) time so far: the sums of its device's daily summaries. */
export interface Usage {
  deviceId: string | null;
  meters: number;
  engineSeconds: number;
}

/**
 * The vehicles' usage, read from daily_summaries (one row per device per day, kept by the
 * summariser from the stored positions): the distance driven and the running plus idle seconds,
 * the time the ignition was on. The vehicle's odometer is this running total.
 */
export async function usageOf(db: Db, vehicleIds: string[]): Promise<Map<string, Usage>> {
  if (!vehicleIds.length) return new Map();
  const rows = await query<{ id: string; deviceId: string | null; meters: number; engineSeconds: number }>(
    db,
    sql`select v.id, v.device_id as "deviceId", coalesce(sum(d.distance_meters), 0)::float8 as meters,
      coalesce(sum(d.running_seconds + d.idle_seconds), 0)::float8 as "engineSeconds"
    from vehicles v left join daily_summaries d on d.device_id = v.device_id
    where v.id in (${sql.join(
      [...new Set(vehicleIds)].map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    group by v.id, v.device_id`,
  );
  return new Map(
    rows.map((r) => [r.id, { deviceId: r.deviceId, meters: Number(r.meters), engineSeconds: Number(r.engineSeconds) }]),
  );
}

interface Period {
  kind: MaintenanceKind;
  everyKm: number | null;
  everyHours: number | null;
  everyDays: number | null;
  periodStartedAt: string | Date;
  startMeters: number;
  startEngineSeconds: number;
}

/** How far the period has run, in the kind's unit (km, engine hours, days), and whether the service is due. */
export function stateOf(period: Period, usage: Usage | undefined, now: Date): { sinceStart: number; due: boolean } {
  const round = (n: number) => Math.max(0, Math.floor(n * 10) / 10);
  if (period.kind === 'DATE') {
    const days = (now.getTime() - new Date(period.periodStartedAt).getTime()) / DAY_MS;
    return { sinceStart: round(days), due: period.everyDays !== null && days >= period.everyDays };
  }
  if (period.kind === 'DISTANCE') {
    const km = ((usage?.meters ?? 0) - Number(period.startMeters)) / 1000;
    return { sinceStart: round(km), due: period.everyKm !== null && km >= period.everyKm };
  }
  const hours = ((usage?.engineSeconds ?? 0) - Number(period.startEngineSeconds)) / 3600;
  return { sinceStart: round(hours), due: period.everyHours !== null && hours >= period.everyHours };
}

const EVERY_FIELD: Record<MaintenanceKind, 'everyKm' | 'everyHours' | 'everyDays'> = {
  DISTANCE: 'everyKm',
  ENGINE_HOURS: 'everyHours',
  DATE: 'everyDays',
};

/** A schedule counts what its kind says: that field is required. */
function checkEvery(values: Record<string, unknown>) {
  const kind = values.kind as MaintenanceKind | undefined;
  if (!kind) return;
  const field = EVERY_FIELD[kind];
  if (values[field] === null || values[field] === undefined) {
    const message = said(`maintenance.required.${kind}`);
    throw badRequest(message, { [field]: message });
  }
}

/** The columns that start a period now, from the vehicle's usage now. */
async function newPeriod(db: Db, vehicleId: string, now: Date) {
  const usage = (await usageOf(db, [vehicleId])).get(vehicleId);
  return {
    period_started_at: sql`${now.toISOString()}::timestamptz`,
    start_meters: sql`${usage?.meters ?? 0}::float8`,
    start_engine_seconds: sql`${usage?.engineSeconds ?? 0}::float8`,
    due_raised_at: sql`null`,
    due_state: sql`'OK'`,
    since_start: sql`0`,
  };
}

const vehicleIdOf = (value: unknown) =>
  typeof value === 'object' && value !== null ? String((value as { id: unknown }).id) : String(value);

/** Sets the records' due state and progress as of now (the stored ones are the last sweep's). */
async function decorate(db: Db, records: Record<string, unknown>[], now = new Date()) {
  const usage = await usageOf(
    db,
    records.map((r) => String(r.vehicleId)),
  );
  for (const record of records) {
    const state = stateOf(record as unknown as Period, usage.get(String(record.vehicleId)), now);
    record.sinceStart = state.sinceStart;
    record.dueState = state.due ? 'DUE' : 'OK';
  }
}

export const maintenanceHooks: ResourceHooks = {
  async beforeCreate(ctx, columns, body) {
    checkEvery(body);
    for (const [column, value] of Object.entries(await newPeriod(ctx.db, vehicleIdOf(body.vehicleId), new Date())))
      columns.set(column, value);
  },
  async beforeUpdate(ctx, existing, columns, body) {
    const merged = { ...existing, ...body };
    checkEvery(merged);
    // another vehicle or another measure: what was counted so far means nothing for it
    const vehicleId = vehicleIdOf(merged.vehicleId);
    if (vehicleId !== String(existing.vehicleId) || merged.kind !== existing.kind)
      for (const [column, value] of Object.entries(await newPeriod(ctx.db, vehicleId, new Date())))
        columns.set(column, value);
    // another interval: the period's due is judged again, and raised again once it is reached
    else if (
      Number(merged[EVERY_FIELD[merged.kind as MaintenanceKind]]) !==
      Number(existing[EVERY_FIELD[merged.kind as MaintenanceKind]])
    )
      columns.set('due_raised_at', sql`null`);
  },
  // a list shows the state the last sweep (or a write) stored, and stays in the list cache; one read is live
  decorateOne: (db, record) => decorate(db, [record as Record<string, unknown>]),
  routes: maintenanceRoutes,
};

/** Done: the service is recorded now, and the next period starts from the vehicle's usage now. */
function maintenanceRoutes(app: FastifyInstance, db: Db) {
  app.post<{ Params: { id: string } }>(
    '/maintenance-schedules/:id/done',
    {
      config: { permission: 'done-maintenance-schedule' },
      schema: {
        tags: ['maintenance-schedule'],
        summary:
          'Record the service as done now: the next period starts from the vehicle’s distance and engine time now',
        params: idParams,
        response: resourceResponses.action(maintenanceSchedule, {
          message: said('maintenance.done', { name: 'Engine oil change' }),
          statuses: [400, 401, 403, 404, 429],
          example: { name: 'Engine oil change' },
        }),
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const existing = await writableRecord({ db, caller, request, resource: maintenanceSchedule }, request.params.id);
      const now = new Date();
      const period = await newPeriod(db, String(existing.vehicleId), now);
      await db.execute(sql`update maintenance_schedules set period_started_at = ${period.period_started_at},
        start_meters = ${period.start_meters}, start_engine_seconds = ${period.start_engine_seconds},
        due_raised_at = null, due_state = 'OK', since_start = 0, last_done_at = ${now.toISOString()}::timestamptz,
        updated_at = ${now.toISOString()}::timestamptz
        where id = ${existing.id}::uuid`);
      const record = await findRecord(db, maintenanceSchedule, caller, String(existing.id));
      return { success: true, ...spoken(said('maintenance.done', { name: String(existing.name) })), data: record };
    },
  );
}

interface SweptSchedule extends Period {
  id: string;
  name: string;
  vehicleId: string;
  organisationId: string;
  registrationNumber: string;
  dueRaisedAt: string | null;
  dueState: string;
  sinceStart: number;
}

/**
 * Brings every schedule's stored state up to `now` and raises MAINTENANCE_DUE once per period: the
 * update that sets `due_raised_at` claims the period (only while it is null and the period is the
 * one read), so two processes sweeping at once raise it once. Answers how many were raised.
 */
export async function sweepMaintenance(db: Db, now: Date): Promise<number> {
  const schedules = await query<SweptSchedule>(
    db,
    sql`select m.id, m.name, m.vehicle_id as "vehicleId", m.organisation_id as "organisationId", m.kind,
      m.every_km as "everyKm", m.every_hours as "everyHours", m.every_days as "everyDays",
      m.period_started_at as "periodStartedAt", m.start_meters as "startMeters",
      m.start_engine_seconds as "startEngineSeconds", m.due_raised_at as "dueRaisedAt", m.due_state as "dueState",
      m.since_start as "sinceStart", v.registration_number as "registrationNumber"
    from maintenance_schedules m join vehicles v on v.id = m.vehicle_id`,
  );
  const usage = await usageOf(
    db,
    schedules.map((s) => s.vehicleId),
  );
  let raised = 0;
  for (const schedule of schedules) {
    const vehicleUsage = usage.get(schedule.vehicleId);
    const state = stateOf(schedule, vehicleUsage, now);
    const dueState = state.due ? 'DUE' : 'OK';
    if (state.due && !schedule.dueRaisedAt) {
      const claimed = await db.transaction(async (tx) => {
        const rows = await query(
          tx,
          sql`update maintenance_schedules set due_raised_at = ${now.toISOString()}::timestamptz, due_state = 'DUE',
            since_start = ${state.sinceStart}
          where id = ${schedule.id}::uuid and due_raised_at is null
            and period_started_at = ${new Date(schedule.periodStartedAt).toISOString()}::timestamptz
          returning id`,
        );
        if (!rows.length) return false;
        if (vehicleUsage?.deviceId)
          await insertSweepEvent(tx, {
            type: MAINTENANCE_DUE,
            deviceId: vehicleUsage.deviceId,
            vehicleId: schedule.vehicleId,
            organisationId: schedule.organisationId,
            time: now,
            attributes: {
              scheduleId: schedule.id,
              scheduleName: schedule.name,
              kind: schedule.kind,
              every: schedule[EVERY_FIELD[schedule.kind]],
              sinceStart: state.sinceStart,
            },
          });
        return true;
      });
      if (claimed) raised++;
    } else if (dueState !== schedule.dueState || state.sinceStart !== Number(schedule.sinceStart)) {
      await db.execute(sql`update maintenance_schedules set due_state = ${dueState}, since_start = ${state.sinceStart}
        where id = ${schedule.id}::uuid`);
    }
  }
  return raised;
}
