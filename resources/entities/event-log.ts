import { date, defineResource, deviceHistory, json, number, reference, text } from '../define.ts';

/**
 * Alerts and state changes from devices and from geofence and route checks, written by the
 * gateway and read-only here: the rows of the Alert report (/reports/alert). An alert is seen by
 * the organisations that held its device at its time, not by the organisation stamped on it when it
 * arrived (docs/security.md); filters beyond the fields: from and to (server/tracking/resource-hooks.ts).
 */
export default defineResource({
  name: 'eventlogs',
  api: '/eventlogs',
  table: 'events',
  // no screen of its own: the Alert report shows them
  path: '/reports/alert',
  title: 'menu.reports.alert',
  module: 'report-alert',
  ...deviceHistory('eventTime'),
  fields: {
    type: text({ readOnly: true, required: true, filterable: true, sortable: true }),
    deviceId: reference('device', { readOnly: true, required: true, onDelete: 'cascade', filterable: true }),
    vehicleId: reference('vehicle', { readOnly: true, onDelete: 'set null', filterable: true }),
    eventTime: date({ readOnly: true, required: true, sortable: true, filterable: true }),
    latitude: number({ readOnly: true }),
    longitude: number({ readOnly: true }),
    attributes: json({ readOnly: true, default: {} }),
    imei: text({ readOnly: true, via: { reference: 'deviceId', field: 'imei' } }),
    registrationNumber: text({ readOnly: true, via: { reference: 'vehicleId', field: 'registrationNumber' } }),
  },
  list: ['eventTime', 'type'],
  recordLabel: ['type'],
  defaultSort: ['eventTime', 'DESC'],
});
