import {
  array,
  boolean,
  choice,
  date,
  defineResource,
  number,
  object,
  organisationField,
  reference,
  text,
} from '../define.ts';
import { E_SIM_PROVIDERS, msisdn } from './device.ts';

export const SIM_ORDER_STATUSES = ['INITIATED', 'APPROVED', 'COMPLETED', 'REJECTED'] as const;
export type SimOrderStatus = (typeof SIM_ORDER_STATUSES)[number];
/** Orders that can no longer be changed: Change Status and Edit are off for them. */
export const CLOSED_SIM_ORDER_STATUSES: readonly SimOrderStatus[] = ['COMPLETED', 'REJECTED'];

/** What the Change Status dialog offers; DONE completes the order and marks the SIM activated. */
export const SIM_STATUS_CHOICES = ['APPROVED', 'DONE', 'REJECTED'] as const;
export type SimStatusChoice = (typeof SIM_STATUS_CHOICES)[number];
/** The mobile operators whose M2M profiles the e-SIMs carry (the spec does not list them). */
export const SIM_OPERATORS = ['AIRTEL', 'BSNL', 'VI', 'JIO'] as const;

/** The named activation durations of the spec, in days: "1 year" = 365, "2 year" = 730 (names in sim.durations). */
export const ACTIVATION_DURATIONS = [365, 730] as const;
export const MAX_SIM_IPS = 4;
export const MAX_SIM_NUMBERS = 4;

/** What Change Status to DONE records, with the rules its payload is checked by (the spec's field names). */
export const SIM_DETAILS = {
  sim1: msisdn({ label: 'sim.dialog.sim1' }),
  sim2: msisdn({ label: 'sim.dialog.sim2' }),
  sim1_operator: choice(SIM_OPERATORS, { label: 'sim.dialog.sim1_operator' }),
  sim2_operator: choice(SIM_OPERATORS, { label: 'sim.dialog.sim2_operator' }),
  eSimProvider: choice(E_SIM_PROVIDERS, { label: 'sim.dialog.eSimProvider' }),
  isSimActivated: boolean(),
  simActivationApprovedBy: text(),
  simActivationDate: date(),
};
/** The part of SIM_DETAILS the Change Status dialog asks for. */
export const SIM_DETAIL_INPUTS = ['sim1', 'sim2', 'sim1_operator', 'sim2_operator', 'eSimProvider'] as const;

/** An IPv4 address or host name, with an optional port: where the SIM's device will report. */
const SERVER_ADDRESS = '^([A-Za-z0-9-]+\\.)*[A-Za-z0-9-]+(:\\d{1,5})?$';

/**
 * A SIM activation order: raised for a device by a dealer or distributor, approved and completed
 * by the device's manufacturer (or SUPER_ADMIN). The list is generated; the form and the Change
 * Status dialog are the console's own (custom-pages/sim-activation).
 */
export default defineResource({
  name: 'sim-activation',
  api: '/sim-activation',
  table: 'sim_activations',
  path: '/sim-activation-order',
  title: 'menu.simActivationOrder',
  module: 'sim-activation-order',
  scope: 'organisation',
  // edits and status changes go through PUT /sim-activation/{id} of server/sim-activations
  permissions: { create: 'add-sim-activation-order', export: 'export-sim-activation-order' },
  alsoPermittedBy: { create: ['raise-sim-activation'] },
  fields: {
    imei: text({ priority: 1, required: true, rule: 'imei', searchable: true, sortable: true, filterable: true }),
    uid: text({ readOnly: true, searchable: true }),
    deviceId: reference('device', {
      readOnly: true,
      required: true,
      onDelete: 'cascade',
      listed: false,
      filterable: true,
    }),
    ips: array('text', {
      required: true,
      minItems: 1,
      maxItems: MAX_SIM_IPS,
      minItemsMessage: 'sim.ipsRequired',
      maxItemsMessage: 'sim.ipsMax',
      itemPattern: SERVER_ADDRESS,
      itemPatternMessage: 'sim.ipPattern',
    }),
    numbers: array('phone', {
      required: true,
      minItems: 1,
      maxItems: MAX_SIM_NUMBERS,
      minItemsMessage: 'sim.numbersRequired',
      maxItemsMessage: 'sim.numbersMax',
    }),
    durationInDays: number({
      priority: 2,
      required: true,
      integer: true,
      min: 1,
      max: 3650,
      sortable: true,
      format: 'duration',
    }),
    status: choice(SIM_ORDER_STATUSES, {
      priority: 1,
      readOnly: true,
      default: 'INITIATED',
      filterable: true,
      sortable: true,
      choiceLabels: 'sim.statuses',
    }),
    manufacturerId: reference('organisation', { readOnly: true, filterable: true }),
    // written only by Change Status to DONE, whose payload these fields' rules validate
    attributes: object({ simDetails: object(SIM_DETAILS) }, { readOnly: true, default: {} }),
    organisationId: organisationField({ priority: 2, sortable: true }),
    createdAt: date({ priority: 2, readOnly: true, sortable: true }),
  },
  list: ['imei', 'uid', 'status', 'durationInDays', 'numbers', 'manufacturerId', 'organisationId', 'createdAt'],
  recordLabel: ['imei'],
  defaultSort: ['createdAt', 'DESC'],
  rowActions: [
    { id: 'change-status-result-table', label: 'sim.changeStatus' },
    { id: 'edit-sim-activation-order', label: 'list.edit' },
  ],
  // the form and its edit/{device} path are custom-pages/sim-activation's
  views: { create: 'custom', edit: false },
  searchPlaceholder: 'sim.search',
  emptyMessage: 'sim.empty',
  defaultFilter: { status: 'INITIATED' },
  filterPanel: ['status'],
  menu: { group: 'top' },
});
