import { choice, date, defineResource, organisationField, reference, text } from '../define.ts';

export const PARSE_RESULTS = ['OK', 'INVALID', 'UNKNOWN_DEVICE'] as const;

/** Every frame the gateway receives; written by the gateway, read-only here. */
export default defineResource({
  name: 'raw-logs',
  api: '/raw-logs',
  table: 'raw_logs',
  path: '/management/raw-logs',
  title: 'menu.management.rawLogs',
  module: 'management-raw-logs',
  scope: 'organisation',
  // the Raw logs report (/reports/raw-logs) lists the same rows
  readableByModules: ['report-raw-logs'],
  permissions: { export: 'export-raw-logs' },
  views: { create: false, edit: false },
  fields: {
    imei: text({ readOnly: true, searchable: true, filterable: true, sortable: true }),
    deviceId: reference('device', { readOnly: true, filterable: true }),
    receivedAt: date({ readOnly: true, sortable: true, filterable: true }),
    frame: text({ readOnly: true }),
    parseResult: choice(PARSE_RESULTS, { readOnly: true, filterable: true }),
    message: text({ readOnly: true }),
    organisationId: organisationField({ readOnly: true }),
  },
  list: ['receivedAt', 'imei', 'parseResult', 'frame', 'message'],
  recordLabel: ['imei'],
  defaultSort: ['receivedAt', 'DESC'],
  emptyMessage: 'resources.raw-logs.empty',
});
