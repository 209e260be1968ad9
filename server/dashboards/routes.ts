/**
 * The dashboards' figures: GET /dashboard/summary, /dashboard/charts, /erp/fitment-counts and
 * /erp/stock-counts. Each figure is gated by the module it comes from (a role without fitment gets
 * 403 on the fitment counts) and scoped as its list or report is. docs/reports.md, "Dashboards".
 */
import type { FastifyInstance } from 'fastify';
import { requireCaller, type Caller } from '../auth/caller.ts';
import { badRequest } from '../http/errors.ts';
import { indianDayRange, indianIsoDay } from '../../core/format/date.ts';
import { MAX_REPORT_DAYS } from '../../resources/reports/define.ts';
import { FLEET_MODULES } from '../../resources/dashboards.ts';
import {
  alertsByType,
  chartDays,
  dayFigures,
  deviceCounts,
  fitmentCounts,
  itemCounts,
  vehicleCounts,
} from './queries.ts';
import { message, said } from '../resources/messages.ts';
import { miscDocs } from '../openapi/misc.ts';

/** Any one of the three dashboards opens their figures. */
export const DASHBOARD_MODULES = ['dashboard', 'dashboard-v2', 'fleet-dashboard'];
/** How many days the charts show when no period is given: the last week, today included. */
export const DEFAULT_CHART_DAYS = 7;

const may = (caller: Caller, permission: string) => caller.isSuperAdmin || caller.permissions.includes(permission);
/** Whether the caller sees the fleet: its vehicles' states, distances and alerts (null figures otherwise). */
const seesFleet = (caller: Caller) => FLEET_MODULES.some((module) => may(caller, module));

const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const day = (description: string) => ({
  type: 'string',
  maxLength: 10,
  pattern: DAY_PATTERN,
  description,
  errorMessage: message('api.period.dayFormat'),
});

const DAY_MS = 86_400_000;

/** A yyyy-MM-dd that is a real day (2026-02-30 is not), as its midnight in Asia/Kolkata. */
function realDay(name: string, text: string): number {
  const range = indianDayRange(text);
  if (!range) throw badRequest(said('api.period.notRealDay', { name }), { [name]: said('api.period.notRealDate') });
  return range.from.getTime();
}

/** The charts' period: whole Asia/Kolkata days, from ≤ to, at most MAX_REPORT_DAYS of them. */
export function chartPeriod(query: { from?: string; to?: string }, now = Date.now()): { from: string; to: string } {
  const to = query.to ?? indianIsoDay(now);
  const toTime = realDay('to', to);
  const from = query.from ?? indianIsoDay(toTime - (DEFAULT_CHART_DAYS - 1) * DAY_MS);
  const fromTime = realDay('from', from);
  if (fromTime > toTime) throw badRequest(said('api.period.startAfterEnd'), { from: said('api.period.afterEnd') });
  if ((toTime - fromTime) / DAY_MS + 1 > MAX_REPORT_DAYS) {
    throw badRequest(said('api.period.tooLong', { days: MAX_REPORT_DAYS }), {
      to: said('api.period.atMostDays', { days: MAX_REPORT_DAYS }),
    });
  }
  return { from, to };
}

/** The dashboards' routes; their figures read from the replica when there is one (server/db/replica.ts). */
export function dashboardRoutes(app: FastifyInstance) {
  const tags = ['dashboards'];

  app.get(
    '/dashboard/summary',
    {
      config: { permission: DASHBOARD_MODULES },
      schema: {
        tags,
        response: miscDocs.summary,
        summary:
          "Vehicles by state, today's distance and alerts (Asia/Kolkata) and the ten vehicles that went furthest today (null without vehicle status or live tracking), and devices by status (with the device module)",
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const today = indianIsoDay();
      const fleet = seesFleet(caller);
      const [vehicles, figures, devices] = await app.reads.run(request, (db) =>
        Promise.all([
          fleet ? vehicleCounts(db, caller) : Promise.resolve(null),
          fleet ? dayFigures(db, caller, today) : Promise.resolve(null),
          may(caller, 'management-device') ? deviceCounts(db, caller) : Promise.resolve(null),
        ]),
      );
      return { success: true, data: { vehicles, today: figures, devices } };
    },
  );

  app.get<{ Querystring: { from?: string; to?: string } }>(
    '/dashboard/charts',
    {
      config: { permission: DASHBOARD_MODULES },
      schema: {
        tags,
        response: miscDocs.charts,
        summary: `Per Asia/Kolkata day: distance, running time, utilisation, vehicles offline (with vehicle status or live tracking; vehicles and alertsByType are null without) and fitments (with the fitment module); alerts by type over the period. At most ${MAX_REPORT_DAYS} days; the last ${DEFAULT_CHART_DAYS} by default`,
        querystring: {
          type: 'object',
          properties: {
            from: day('First day, yyyy-MM-dd (Asia/Kolkata)'),
            to: day('Last day, yyyy-MM-dd, included; today by default'),
          },
        },
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const period = chartPeriod(request.query);
      const fleet = seesFleet(caller);
      const [days, alerts] = await app.reads.run(request, (db) =>
        Promise.all([
          chartDays(db, caller, period.from, period.to, { fleet, fitments: may(caller, 'fitment') }),
          fleet ? alertsByType(db, caller, period.from, period.to) : Promise.resolve(null),
        ]),
      );
      return { success: true, data: { ...period, vehicles: days.vehicles, days: days.days, alertsByType: alerts } };
    },
  );

  app.get(
    '/erp/fitment-counts',
    {
      config: { permission: 'fitment' },
      schema: {
        tags,
        response: miscDocs.fitmentCounts,
        summary:
          "Fitments by activation status: fitted today, this month (Asia/Kolkata) and in all, in the caller's organisations",
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const data = await app.reads.run(request, (db) => fitmentCounts(db, caller, indianIsoDay()));
      return { success: true, data };
    },
  );

  app.get(
    '/erp/stock-counts',
    {
      config: { permission: ['management-device', 'management-item'] },
      schema: {
        tags,
        response: miscDocs.stockCounts,
        summary:
          "Devices by status and items by status (in units), in the caller's organisations; each null without its module",
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const [devices, items] = await app.reads.run(request, (db) =>
        Promise.all([
          may(caller, 'management-device') ? deviceCounts(db, caller) : Promise.resolve(null),
          may(caller, 'management-item') ? itemCounts(db, caller) : Promise.resolve(null),
        ]),
      );
      return { success: true, data: { devices, items } };
    },
  );
}
