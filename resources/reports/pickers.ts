/**
 * The report modules (resources/modules.ts, group 'reports'), whose users may list the vehicles and
 * groups they can see for the report pages' pickers (the declarations' pickableBy), without the
 * management modules. Spelled out here: modules.ts imports the entities, which import this.
 */
export const REPORT_MODULE_IDS: readonly string[] = [
  'alert',
  'offline',
  'sosalert',
  'vehicle-timeline',
  'monthly-summary',
  'duty-report',
  'raw-logs',
  'collection',
  'daily-run-summary',
  'daily-vehicle-operation-report',
  'route-violation',
  'd2d-collection',
  'total-run-summary',
  'ignition-trip',
  'custom-trip',
  'collection-cover',
].map((slug) => `report-${slug}`);
