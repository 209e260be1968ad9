import type { DemoApi } from './demo-wallets.ts';

/**
 * The demo's alert rules, through the API as a user makes them (issue 26): Sunrise Logistics'
 * owner hears of an SOS in the console and by e-mail, and of an overspeed in the console at most
 * once per vehicle per 10 minutes. With no SMTP_URL configured the e-mails go to the log, marked
 * not sent (docs/notifications.md).
 */
export async function seedAlertRules(api: DemoApi, orgs: Record<string, string>, created: Record<string, string>) {
  await api('POST', '/notificationrules', {
    name: 'SOS to the fleet owner',
    eventType: 'SOS',
    channels: ['console', 'email'],
    userIds: [created.CUSTOMER],
    organisationId: orgs.customer,
  });
  await api('POST', '/notificationrules', {
    name: 'Overspeed, once per vehicle every 10 minutes',
    eventType: 'OVERSPEED',
    channels: ['console'],
    userIds: [created.CUSTOMER],
    throttleMinutes: 10,
    organisationId: orgs.customer,
  });
}
