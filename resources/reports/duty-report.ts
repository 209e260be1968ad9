import { defineReport } from './define.ts';

/** The duty's defaults: a vehicle met its duty on a day with this much on-duty time (running + idle) and distance. */
export const DEFAULT_DUTY_HOURS = 8;
export const DEFAULT_DUTY_KM = 0;
export const DUTY_STATUSES = ['MET', 'SHORT'] as const;

/**
 * The duty report (patrol duty): one row per vehicle per Asia/Kolkata day of the period, whether or
 * not it reported, with its on-duty time, distance, first start, last stop and trips, and whether it
 * met the duty (dutyHours, dutyKm). Opened from Vehicle Status ("View Report") for a group.
 */
export default defineReport({
  slug: 'duty-report',
  api: '/report/patrol-duty/summary',
  title: 'menu.reports.dutyReport',
  columns: [
    { name: 'day', label: 'duty.columns.day', type: 'date', sortable: true, priority: 1 },
    {
      name: 'registrationNumber',
      label: 'duty.columns.registrationNumber',
      type: 'text',
      sortable: true,
      total: 'count',
      priority: 1,
    },
    { name: 'vehicleName', label: 'duty.columns.vehicleName', type: 'text', sortable: true, hidden: true },
    { name: 'groupName', label: 'duty.columns.groupName', type: 'text', sortable: true },
    {
      name: 'onDutySeconds',
      label: 'duty.columns.onDutySeconds',
      type: 'duration',
      sortable: true,
      total: 'sum',
      priority: 1,
    },
    {
      name: 'runningSeconds',
      label: 'duty.columns.runningSeconds',
      type: 'duration',
      sortable: true,
      total: 'sum',
      hidden: true,
    },
    {
      name: 'idleSeconds',
      label: 'duty.columns.idleSeconds',
      type: 'duration',
      sortable: true,
      total: 'sum',
      hidden: true,
    },
    {
      name: 'distanceMeters',
      label: 'duty.columns.distanceMeters',
      type: 'distance',
      sortable: true,
      total: 'sum',
      priority: 2,
    },
    { name: 'firstStart', label: 'duty.columns.firstStart', type: 'datetime', sortable: true, total: 'min' },
    { name: 'lastStop', label: 'duty.columns.lastStop', type: 'datetime', sortable: true, total: 'max' },
    { name: 'trips', label: 'duty.columns.trips', type: 'count', sortable: true, total: 'sum' },
    {
      name: 'status',
      label: 'duty.columns.status',
      type: 'text',
      sortable: true,
      labels: 'duty.statuses',
      priority: 2,
    },
  ],
  defaultSort: ['day', 'DESC'],
  defaultPreset: 'today',
  pickers: { vehicle: true, group: true },
  extraFilters: [
    { name: 'dutyHours', label: 'duty.filters.dutyHours', type: 'number' },
    { name: 'dutyKm', label: 'duty.filters.dutyKm', type: 'number' },
    {
      name: 'status',
      label: 'duty.columns.status',
      type: 'choice',
      choices: DUTY_STATUSES,
      choiceLabels: 'duty.statuses',
    },
  ],
  chart: {
    kind: 'bar',
    title: 'duty.chart',
    keyType: 'date',
    series: [
      { name: 'met', label: 'duty.statuses.MET', type: 'count' },
      { name: 'short', label: 'duty.statuses.SHORT', type: 'count' },
    ],
  },
  emptyMessage: 'duty.empty',
});
