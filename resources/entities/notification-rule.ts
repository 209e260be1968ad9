import { array, boolean, choice, defineResource, number, organisationField, reference, text } from '../define.ts';
import { EVENT_TYPES } from '../reports/event-types.ts';
import { rules } from '../../core/rules.ts';

/** How a rule picks vehicles: every vehicle of its organisation's tree, a group's, or those listed. */
export const RULE_VEHICLE_SCOPES = ['ALL', 'GROUP', 'VEHICLES'] as const;
/** Where a rule's alerts go; `console` is the bell (user_notifications). */
export const RULE_CHANNELS = ['email', 'sms', 'webhook', 'push', 'console'] as const;
export const RULE_LANGUAGES = ['en', 'hi'] as const;
/** The throttle an OVERSPEED rule gets when its form leaves it empty: one per vehicle per 10 minutes. */
export const DEFAULT_OVERSPEED_THROTTLE_MINUTES = 10;

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const HH_MM = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
const r = (name: string) => `resources.notificationrules.${name}`;

/**
 * An alert rule of an organisation (issue 26): which events (type, vehicles) tell whom (users of
 * the organisation's tree, contacts) through which channels, with quiet hours (Asia/Kolkata, never
 * for SOS) and a throttle per vehicle. The decision is made by a trigger on `events` in the same
 * transaction (docs/notifications.md, "Alert rules").
 */
export default defineResource({
  name: 'notificationrules',
  api: '/notificationrules',
  table: 'notification_rules',
  path: '/management/notification-rules',
  title: r('title'),
  module: 'management-notificationrules',
  scope: 'organisation',
  permissions: crudPermissions(),
  extraPermissions: ['reveal-notification-rule-secret'],
  fields: {
    name: text({ priority: 1, required: true, maxLength: 100, searchable: true, sortable: true }),
    eventType: choice(EVENT_TYPES, {
      priority: 1,
      required: true,
      filterable: true,
      sortable: true,
      choiceLabels: 'tracking.events',
    }),
    offlineMinutes: number({
      integer: true,
      min: 5,
      max: 10080,
      nullable: true,
      shownWhen: { field: 'eventType', is: ['DEVICE_OFFLINE'] },
    }),
    // whole rupees (the wallet keeps paise): the form's money input refuses an empty optional amount
    walletBelow: number({
      integer: true,
      min: 1,
      max: 10_000_000,
      nullable: true,
      shownWhen: { field: 'eventType', is: ['WALLET_LOW'] },
    }),
    vehicleScope: choice(RULE_VEHICLE_SCOPES, { default: 'ALL', priority: 2, choiceLabels: 'alerts.scopes' }),
    // picked by name; the server keeps only the one the scope uses (server/alerts/rule-hooks.ts)
    groupId: reference('groups', {
      onDelete: 'set null',
      priority: 3,
      shownWhen: { field: 'vehicleScope', is: ['GROUP'] },
    }),
    vehicleIds: array('text', {
      reference: 'vehicle',
      priority: 3,
      maxItems: 500,
      itemPattern: UUID,
      itemPatternMessage: 'alerts.messages.badId',
      shownWhen: { field: 'vehicleScope', is: ['VEHICLES'] },
    }),
    channels: array('text', {
      choices: RULE_CHANNELS,
      choiceLabels: 'alerts.channels',
      required: true,
      minItems: 1,
      maxItems: RULE_CHANNELS.length,
      minItemsMessage: 'alerts.messages.channelsRequired',
      itemPattern: `^(${RULE_CHANNELS.join('|')})$`,
      itemPatternMessage: 'alerts.messages.badChannel',
    }),
    // users of the rule's organisation tree, picked by name and e-mail
    userIds: array('text', {
      reference: 'user',
      priority: 2,
      maxItems: 100,
      itemPattern: UUID,
      itemPatternMessage: 'alerts.messages.badId',
    }),
    // contacts outside the users: e-mail addresses and mobile numbers (+91)
    contactEmails: array('text', {
      maxItems: 50,
      itemPattern: rules.email.pattern,
      itemPatternMessage: rules.email.message,
    }),
    contactPhones: array('phone', { maxItems: 50 }),
    webhookUrl: text({
      maxLength: 500,
      pattern: '^https?://\\S+$',
      patternMessage: 'alerts.messages.badUrl',
      shownWhen: { field: 'channels', is: ['webhook'] },
    }),
    // made by the server (whsec_…); answered whole on create, and to holders of reveal-notification-rule-secret
    webhookSecret: text({
      readOnly: true,
      listed: false,
      reveal: { permission: 'reveal-notification-rule-secret', path: 'secret' },
    }),
    language: choice(RULE_LANGUAGES, { default: 'en', choiceLabels: 'alerts.languages' }),
    quietFrom: text({ pattern: HH_MM, patternMessage: 'alerts.messages.badTime' }),
    quietTo: text({ pattern: HH_MM, patternMessage: 'alerts.messages.badTime' }),
    throttleMinutes: number({ integer: true, min: 0, max: 1440, nullable: true }),
    enabled: boolean({ default: true, filterable: true }),
    organisationId: organisationField({ sortable: true }),
  },
  list: ['name', 'eventType', 'vehicleScope', 'groupId', 'vehicleIds', 'userIds', 'enabled', 'organisationId'],
  recordLabel: ['name'],
  defaultSort: ['name', 'ASC'],
  emptyMessage: r('empty'),
  messages: {
    en: {
      title: 'Alert rules',
      empty: 'No alert rules for the applied filters...',
      fields: {
        name: 'Name',
        eventType: 'Event',
        offlineMinutes: 'Offline for (minutes)',
        walletBelow: 'Wallet below (₹, whole rupees)',
        vehicleScope: 'Vehicles',
        groupId: 'Group',
        vehicleIds: 'Chosen vehicles',
        channels: 'Channels',
        userIds: 'Users to tell',
        contactEmails: 'Contact e-mails',
        contactPhones: 'Contact mobile numbers',
        webhookUrl: 'Webhook URL',
        webhookSecret: 'Webhook secret',
        language: 'Language of the messages',
        quietFrom: 'Quiet from (HH:MM, IST)',
        quietTo: 'Quiet until (HH:MM, IST)',
        throttleMinutes: 'At most one per vehicle every (minutes)',
        enabled: 'Enabled',
        organisationId: 'Organisation',
      },
      permissions: {
        'add-notification-rule': 'Add',
        'edit-notification-rule': 'Edit',
        'delete-notification-rule': 'Delete',
        'export-notification-rule': 'Export',
        'reveal-notification-rule-secret': 'Reveal the webhook secret',
      },
    },
    hi: {
      title: 'अलर्ट नियम',
      empty: 'लागू फ़िल्टर के लिए कोई अलर्ट नियम नहीं...',
      fields: {
        name: 'नाम',
        eventType: 'घटना',
        offlineMinutes: 'ऑफ़लाइन (मिनट)',
        walletBelow: 'वॉलेट इससे कम (₹, पूरे रुपये)',
        vehicleScope: 'वाहन',
        groupId: 'समूह',
        vehicleIds: 'चुने हुए वाहन',
        channels: 'चैनल',
        userIds: 'किन उपयोगकर्ताओं को बताएं',
        contactEmails: 'संपर्क ई-मेल',
        contactPhones: 'संपर्क मोबाइल नंबर',
        webhookUrl: 'वेबहुक URL',
        webhookSecret: 'वेबहुक सीक्रेट',
        language: 'संदेशों की भाषा',
        quietFrom: 'शांत समय से (HH:MM, IST)',
        quietTo: 'शांत समय तक (HH:MM, IST)',
        throttleMinutes: 'प्रति वाहन अधिकतम एक, हर (मिनट)',
        enabled: 'सक्रिय',
        organisationId: 'संगठन',
      },
      permissions: {
        'add-notification-rule': 'जोड़ें',
        'edit-notification-rule': 'संपादित करें',
        'delete-notification-rule': 'हटाएं',
        'export-notification-rule': 'निर्यात करें',
        'reveal-notification-rule-secret': 'वेबहुक सीक्रेट देखें',
      },
    },
  },
});

function crudPermissions() {
  return {
    create: 'add-notification-rule',
    edit: 'edit-notification-rule',
    delete: 'delete-notification-rule',
    export: 'export-notification-rule',
  };
}
