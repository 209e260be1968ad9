/**
 * Columns the run and trip reports share (labels under runReports.columns in the i18n files), so
 * that "Distance" or "Vehicle" reads and adds up the same in every one of them.
 */
import type { ReportColumn, ReportColumnType } from './define.ts';

export const runColumn = (name: string, type: ReportColumnType, more: Partial<ReportColumn> = {}): ReportColumn => ({
  name,
  label: `runReports.columns.${name}`,
  type,
  sortable: true,
  ...more,
});

/** The vehicle holding the device now: registration number (the device's IMEI when the caller cannot see that vehicle) and name. */
export const vehicleColumns = (more: Partial<ReportColumn> = {}): ReportColumn[] => [
  runColumn('registrationNumber', 'text', { priority: 1, ...more }),
  runColumn('vehicleName', 'text'),
];

/** The day's or period's running, idle and stopped time, summed in the totals row. */
export const timeColumns = (): ReportColumn[] => [
  runColumn('running', 'duration', { total: 'sum', priority: 2 }),
  runColumn('idle', 'duration', { total: 'sum' }),
  runColumn('stopped', 'duration', { total: 'sum' }),
];

/** A vehicle's figures summed over a period (total run summary, monthly summary): each adds up in the totals row. */
export const periodSumColumns = (): ReportColumn[] => [
  runColumn('distance', 'distance', { total: 'sum', priority: 1 }),
  ...timeColumns(),
  runColumn('maxSpeed', 'speed', { total: 'max' }),
  runColumn('trips', 'count', { total: 'sum' }),
  runColumn('alerts', 'count', { total: 'sum' }),
  runColumn('daysActive', 'count', { total: 'sum' }),
];
