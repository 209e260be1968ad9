import {
  choice,
  crudPermissions,
  date,
  defineResource,
  number,
  organisationField,
  reference,
  text,
} from '../define.ts';

/** What a maintenance schedule counts: the vehicle's kilometres, its engine (ignition-on) hours, or days. */
export const MAINTENANCE_KINDS = ['DISTANCE', 'ENGINE_HOURS', 'DATE'] as const;
export type MaintenanceKind = (typeof MAINTENANCE_KINDS)[number];
export const MAINTENANCE_STATES = ['OK', 'DUE'] as const;

/**
 * A vehicle's service, due every N km, every N engine hours or every N days from the start of its
 * period (server/reminders/maintenance.ts). The server keeps where the period started (the
 * vehicle's distance and engine time then), says whether it is due, raises MAINTENANCE_DUE once per
 * period, and "Done" starts the next period from now. docs/notifications.md, "Maintenance".
 */
export default defineResource({
  name: 'maintenance-schedule',
  api: '/maintenance-schedules',
  table: 'maintenance_schedules',
  // a fleet owner's own page beside his vehicles, not a management module (customers hold none)
  path: '/maintenance-schedule',
  title: 'resources.maintenance-schedule.title',
  module: 'maintenance-schedule',
  menu: { group: 'top', badge: 'new' },
  scope: 'organisation',
  permissions: crudPermissions('maintenance-schedule'),
  fields: {
    name: text({ priority: 1, required: true, maxLength: 100, searchable: true, sortable: true }),
    vehicleId: reference('vehicle', { priority: 1, required: true, filterable: true, onDelete: 'cascade' }),
    kind: choice(MAINTENANCE_KINDS, {
      priority: 2,
      required: true,
      filterable: true,
      sortable: true,
      choiceLabels: 'maintenance.kinds',
    }),
    everyKm: number({ integer: true, min: 1, max: 1_000_000 }),
    everyHours: number({ integer: true, min: 1, max: 100_000 }),
    everyDays: number({ integer: true, min: 1, max: 3650 }),
    // kept by the server: the state of the current period, as the last sweep or read computed it
    dueState: choice(MAINTENANCE_STATES, {
      priority: 1,
      readOnly: true,
      default: 'OK',
      filterable: true,
      sortable: true,
      choiceLabels: 'maintenance.states',
    }),
    // km, engine hours or days since the period started, in the kind's unit
    sinceStart: number({ priority: 2, readOnly: true, default: 0 }),
    periodStartedAt: date({ readOnly: true, required: true, sortable: true }),
    startMeters: number({ readOnly: true, default: 0, listed: false }),
    startEngineSeconds: number({ readOnly: true, default: 0, listed: false }),
    lastDoneAt: date({ readOnly: true, sortable: true }),
    // when this period's MAINTENANCE_DUE was raised: once per period
    dueRaisedAt: date({ readOnly: true, listed: false }),
    organisationId: organisationField({ sortable: true }),
  },
  list: ['name', 'vehicleId', 'kind', 'dueState', 'sinceStart', 'periodStartedAt', 'lastDoneAt', 'organisationId'],
  recordLabel: ['name'],
  defaultSort: ['name', 'ASC'],
  emptyMessage: 'resources.maintenance-schedule.empty',
  rowActions: [{ id: 'done-maintenance-schedule', label: 'permissions.done-maintenance-schedule' }],
  messages: {
    en: {
      title: 'Maintenance Schedules',
      empty: 'No maintenance schedules for the applied filters...',
      fields: {
        name: 'Service',
        vehicleId: 'Vehicle',
        kind: 'Every',
        everyKm: 'Every (km)',
        everyHours: 'Every (engine hours)',
        everyDays: 'Every (days)',
        dueState: 'State',
        sinceStart: 'Since last service',
        periodStartedAt: 'Period started',
        startMeters: 'Distance at start (m)',
        startEngineSeconds: 'Engine time at start (s)',
        lastDoneAt: 'Last done',
        dueRaisedAt: 'Due raised',
        organisationId: 'Organisation',
      },
      permissions: {
        'add-maintenance-schedule': 'Add',
        'edit-maintenance-schedule': 'Edit',
        'delete-maintenance-schedule': 'Delete',
        'export-maintenance-schedule': 'Export',
        'done-maintenance-schedule': 'Done',
      },
    },
    hi: {
      title: 'रखरखाव अनुसूचियाँ',
      empty: 'लागू फ़िल्टर के लिए कोई रखरखाव अनुसूची नहीं...',
      fields: {
        name: 'सर्विस',
        vehicleId: 'वाहन',
        kind: 'हर',
        everyKm: 'हर (किमी)',
        everyHours: 'हर (इंजन घंटे)',
        everyDays: 'हर (दिन)',
        dueState: 'स्थिति',
        sinceStart: 'पिछली सर्विस से',
        periodStartedAt: 'अवधि शुरू',
        startMeters: 'शुरुआत में दूरी (मी)',
        startEngineSeconds: 'शुरुआत में इंजन समय (से)',
        lastDoneAt: 'पिछली बार की गई',
        dueRaisedAt: 'देय सूचना',
        organisationId: 'संगठन',
      },
      permissions: {
        'add-maintenance-schedule': 'जोड़ें',
        'edit-maintenance-schedule': 'संपादित करें',
        'delete-maintenance-schedule': 'हटाएं',
        'export-maintenance-schedule': 'निर्यात करें',
        'done-maintenance-schedule': 'पूर्ण',
      },
    },
  },
});
