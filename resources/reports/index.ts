/**
 * Every declared report page (/reports/<slug>): the console routes each slug to the one report
 * page; server/reports/index.ts registers their APIs. Add a declaration here to publish a report.
 */
import type { ReportDeclaration } from './define.ts';
import alert from './alert.ts';
import sosalert from './sosalert.ts';
import offline from './offline.ts';
import routeViolation from './route-violation.ts';
import dailyRunSummary from './daily-run-summary.ts';
import dailyVehicleOperation from './daily-vehicle-operation-report.ts';
import totalRunSummary from './total-run-summary.ts';
import monthlySummary from './monthly-summary.ts';
import ignitionTrip from './ignition-trip.ts';
import customTrip from './custom-trip.ts';
import duty from './duty-report.ts';
import collection from './collection.ts';
import d2dCollection from './d2d-collection.ts';
import collectionCover from './collection-cover.ts';

export const reports: ReportDeclaration[] = [
  alert,
  sosalert,
  offline,
  routeViolation,
  dailyRunSummary,
  dailyVehicleOperation,
  totalRunSummary,
  monthlySummary,
  ignitionTrip,
  customTrip,
  duty,
  collection,
  d2dCollection,
  collectionCover,
];

export const findReport = (slug: string | undefined) => reports.find((r) => r.slug === slug);
