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
  // the gateway appends a frame on every batch: a kept page would be forgotten at once
  listCache: false,
  fields: {
    imei: text({ priority: 1, readOnly: true, searchable: true, filterable: true, sortable: true }),
    // their foreign keys are triggers on devices and organisations (ReferenceField.foreignKey)
    deviceId: reference('device', { readOnly: true, filterable: true, onDelete: 'set null', foreignKey: false }),
    receivedAt: date({ priority: 1, readOnly: true, default: 'now', sortable: true, filterable: true }),
    frame: text({ readOnly: true, required: true }),
    parseResult: choice(PARSE_RESULTS, { priority: 2, readOnly: true, required: true, filterable: true }),
    message: text({ priority: 2, readOnly: true }),
    // frames of unknown IMEIs belong to no organisation
    organisationId: organisationField({ readOnly: true, nullable: true, foreignKey: false }),
  },
  list: ['receivedAt', 'imei', 'parseResult', 'frame', 'message'],
  recordLabel: ['imei'],
  defaultSort: ['receivedAt', 'DESC'],
  emptyMessage: 'resources.raw-logs.empty',
});
