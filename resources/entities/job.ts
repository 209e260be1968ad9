import { boolean, choice, date, defineResource, organisationField, reference, text } from '../define.ts';

export const JOB_FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly', 'custom'] as const;
export const DEPARTMENTS = ['SWM', 'TRANSPORT'] as const;

export default defineResource({
  name: 'job',
  api: '/job-schedule',
  table: 'job_schedules',
  path: '/management/job',
  title: 'menu.management.jobs',
  module: 'management-job',
  scope: 'organisation',
  permissions: { create: 'add-job', export: 'export-job' },
  views: { create: true, edit: false },
  fields: {
    name: text({ priority: 1, required: true, maxLength: 100, searchable: true, sortable: true }),
    vehicleId: reference('vehicle', { priority: 1, required: true, filterable: true }),
    routeId: reference('route', { priority: 2, filterable: true }),
    department: choice(DEPARTMENTS, { filterable: true }),
    isRecurring: boolean({ default: false, filterable: true }),
    frequency: choice(JOB_FREQUENCIES, { default: 'daily', nullable: true, filterable: true }),
    startDate: date({ priority: 2, required: true, sortable: true }),
    endDate: date({ sortable: true }),
    wardId: reference('admin-division', { filterable: true, onDelete: 'set null' }),
    organisationId: organisationField({ sortable: true }),
  },
  list: ['name', 'vehicleId', 'routeId', 'department', 'isRecurring', 'frequency', 'startDate', 'endDate'],
  recordLabel: ['name'],
  defaultSort: ['startDate', 'DESC'],
  emptyMessage: 'resources.job.empty',
});
