import { boolean, choice, date, defineResource, number, organisationField, text } from '../define.ts';

/** Where positions go (docs/forwarding.md): an MQTT broker, an HTTP endpoint, or another AIS-140 server over TCP. */
export const FORWARDING_KINDS = ['MQTT', 'HTTP', 'AIS140'] as const;
export type ForwardingKind = (typeof FORWARDING_KINDS)[number];
/** What the destination's sender is doing: waiting for work, sending, catching up, down (backing off), paused (disabled). */
export const FORWARDING_STATES = ['IDLE', 'SENDING', 'CATCHING_UP', 'DOWN', 'PAUSED'] as const;

/**
 * A destination positions are forwarded to, per organisation: its sender reads the stored frames
 * of the organisation's tree from a cursor of its own (server/forwarding/), so the lag fields are
 * written by the server alone.
 */
export default defineResource({
  name: 'forwarding',
  api: '/forwarding-destinations',
  table: 'forwarding_destinations',
  path: '/management/forwarding',
  title: 'resources.forwarding.title',
  module: 'management-forwarding',
  scope: 'organisation',
  permissions: {
    create: 'add-forwarding',
    edit: 'edit-forwarding',
    delete: 'delete-forwarding',
    export: 'export-forwarding',
  },
  // the HTTP destination's signing secret (whsec_, made by the server) is no field: no list, read or
  // write answers it; this action's route does, to its holders (server/forwarding/secret.ts)
  rowActions: [{ id: 'reveal-forwarding-secret', label: 'permissions.reveal-forwarding-secret' }],
  fields: {
    name: text({ priority: 1, required: true, maxLength: 100, searchable: true, sortable: true }),
    kind: choice(FORWARDING_KINDS, {
      priority: 1,
      required: true,
      filterable: true,
      sortable: true,
      choiceLabels: 'forwarding.kinds',
    }),
    address: text({
      required: true,
      maxLength: 500,
      pattern: '^(mqtts?|https?|tcp)://[^\\s]+$',
      patternMessage: 'forwarding.addressPattern',
    }),
    enabled: boolean({ default: true, filterable: true }),
    state: choice(FORWARDING_STATES, {
      priority: 1,
      readOnly: true,
      default: 'IDLE',
      filterable: true,
      choiceLabels: 'forwarding.states',
    }),
    waiting: number({ priority: 2, integer: true, readOnly: true, default: 0 }),
    oldestUnsentAt: date({ priority: 2, readOnly: true }),
    lastSentAt: date({ priority: 3, readOnly: true }),
    lastError: text({ priority: 3, readOnly: true }),
    organisationId: organisationField({ priority: 2, sortable: true }),
  },
  list: ['name', 'kind', 'address', 'enabled', 'state', 'waiting', 'oldestUnsentAt', 'lastError', 'organisationId'],
  recordLabel: ['name'],
  defaultSort: ['name', 'ASC'],
  emptyMessage: 'resources.forwarding.empty',
  messages: {
    en: {
      title: 'Position forwarding',
      empty: 'No forwarding destinations for the applied filters...',
      fields: {
        name: 'Name',
        kind: 'Kind',
        address: 'Address',
        enabled: 'Enabled',
        state: 'State',
        waiting: 'Frames waiting',
        oldestUnsentAt: 'Oldest unsent frame',
        lastSentAt: 'Last sent',
        lastError: 'Last error',
        organisationId: 'Organisation',
      },
      permissions: {
        'add-forwarding': 'Add',
        'edit-forwarding': 'Edit',
        'delete-forwarding': 'Delete',
        'export-forwarding': 'Export',
        'reveal-forwarding-secret': 'Reveal secret',
      },
    },
    hi: {
      title: 'स्थिति अग्रेषण',
      empty: 'लागू फ़िल्टर के लिए कोई अग्रेषण गंतव्य नहीं...',
      fields: {
        name: 'नाम',
        kind: 'प्रकार',
        address: 'पता',
        enabled: 'सक्रिय',
        state: 'स्थिति',
        waiting: 'प्रतीक्षारत फ़्रेम',
        oldestUnsentAt: 'सबसे पुराना न भेजा गया फ़्रेम',
        lastSentAt: 'अंतिम बार भेजा',
        lastError: 'अंतिम त्रुटि',
        organisationId: 'संगठन',
      },
      permissions: {
        'add-forwarding': 'जोड़ें',
        'edit-forwarding': 'संपादित करें',
        'delete-forwarding': 'हटाएं',
        'export-forwarding': 'निर्यात करें',
        'reveal-forwarding-secret': 'सीक्रेट दिखाएं',
      },
    },
  },
});
