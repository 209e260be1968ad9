/** Every report's routes, registered from this one place (server/app.ts calls reportRoutes). */
import type { FastifyInstance } from 'fastify';
import { registerReport, type ReportSource } from './framework.ts';
import { alertReport, offlineReport, routeViolationReport } from './events.ts';
import { dailyOperationSource, dailyRunSource } from './daily-run.ts';
import { monthlySource, totalRunSource } from './total-run.ts';
import { customTripSource, ignitionTripSource } from './trips.ts';
import { dutyReport } from './duty.ts';
import { collectionCoverReport, collectionReport, d2dCollectionReport } from './collection-sources.ts';

export const reportSources: ReportSource[] = [
  alertReport,
  offlineReport,
  routeViolationReport,
  dailyRunSource,
  dailyOperationSource,
  totalRunSource,
  monthlySource,
  ignitionTripSource,
  customTripSource,
  dutyReport,
  collectionReport,
  d2dCollectionReport,
  collectionCoverReport,
];

export function reportRoutes(app: FastifyInstance) {
  for (const source of reportSources) registerReport(app, source);
}
