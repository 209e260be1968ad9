import { boolean, choice, crudPermissions, defineResource, organisationField, reference, text } from '../define.ts';

export const DEVICE_STATUSES = ['NEW', 'ALLOCATED', 'INSTALLED', 'DEFECTED'] as const;
export const E_SIM_PROVIDERS = ['TAISYS', 'VENTEL'] as const;
/** A SIM's MSISDN, as the device and a completed SIM activation keep it. */
export const msisdn = (o: Parameters<typeof text>[0] = {}) => text({ rule: 'msisdn', ...o });

export const deviceActions = [
  'send-command',
  'rollback-device',
  'allocate-device-bulk',
  'update-firmware',
  'link-unlink-device',
  'raise-sim-activation',
  'create-activation',
] as const;

export default defineResource({
  name: 'device',
  api: '/device',
  table: 'devices',
  path: '/management/device',
  title: 'menu.management.devices',
  module: 'management-device',
  scope: 'organisation',
  // the fitment form's IMEI picker lists the devices a fitter may fit
  pickableBy: ['add-fitment', 'edit-fitment', 'create-activation'],
  permissions: crudPermissions('device'),
  fields: {
    imei: text({ priority: 1, required: true, rule: 'imei', unique: true, searchable: true, sortable: true }),
    name: text({ priority: 2, maxLength: 100, searchable: true, sortable: true }),
    uid: text({ maxLength: 50, searchable: true }),
    iccid: text({ rule: 'iccid', unique: true, searchable: true, sortable: true }),
    eSimProvider: choice(E_SIM_PROVIDERS, { filterable: true }),
    status: choice(DEVICE_STATUSES, { priority: 1, required: true, default: 'NEW', filterable: true, sortable: true }),
    modelId: reference('device-model', { filterable: true, seenAs: 'deviceModel' }),
    firmwareVersion: text({ maxLength: 50 }),
    sim1: msisdn({ searchable: true }),
    sim2: msisdn({ searchable: true }),
    active: boolean({ priority: 2, default: true, filterable: true }),
    organisationId: organisationField({ sortable: true }),
  },
  list: ['imei', 'name', 'iccid', 'eSimProvider', 'status', 'modelId', 'active', 'organisationId'],
  recordLabel: ['imei'],
  defaultSort: ['imei', 'ASC'],
  rowActions: deviceActions.map((id) => ({ id, label: `permissions.${id}` })),
  emptyMessage: 'resources.device.empty',
  globalSearch: {
    category: 'Devices',
    categoryOrder: 2,
    label: 'search.Devices',
    empty: 'search.noDevices',
    detail: ['iccid', 'organisationId'],
    open: '/management/device-details/{id}',
  },
});
