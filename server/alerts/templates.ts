/** The alerts' texts per channel, in English or Hindi (core/i18n/alerts-*.ts): short SMS, e-mail with a subject, console title, webhook JSON with ids. */
import type { Language } from '../resources/messages.ts';
import { textIn } from '../resources/messages.ts';

export interface AlertFacts {
  eventId: number | null;
  ruleId: string;
  ruleName: string;
  eventType: string;
  eventTime: Date;
  deviceId: string | null;
  vehicleId: string | null;
  registrationNumber: string | null;
  organisationId: string;
  latitude: number | null;
  longitude: number | null;
  attributes: Record<string, unknown>;
  /** The place's address, when a reverse-geocoding lookup answered one. */
  address?: string | null;
}

export interface AlertTexts {
  sms: string;
  subject: string;
  email: string;
  consoleTitle: string;
  consoleBody: string;
  link: string;
  /** The webhook's `data`: ids and facts, no prose. */
  webhook: Record<string, unknown>;
}

/** dd/MM/yyyy HH:mm in Asia/Kolkata, as the console shows times. */
export function indianTime(time: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kolkata',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(time)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** The coordinates of the event's place, or null (none, or the 0,0 of a device without a fix). */
const coordinatesOf = (facts: AlertFacts): string | null => {
  if (facts.latitude === null || facts.longitude === null) return null;
  if (facts.latitude === 0 && facts.longitude === 0) return null;
  return `${facts.latitude.toFixed(5)}, ${facts.longitude.toFixed(5)}`;
};

/**
 * What a message names as the place: the address when one is known, but an SMS the coordinates (a
 * DLT template's variable holds 30 characters, and an address is often longer). The alerts' texts
 * and the SOS escalation's both say it so.
 */
export function placeIn<T>(sms: boolean, address: string | null | undefined, coordinates: T): string | T {
  return !sms && address ? address : coordinates;
}

/** What the event's attributes say beside its type: the speed, the minutes offline, the balance. */
function detailOf(language: Language, facts: AlertFacts): string {
  const a = facts.attributes;
  if (typeof a.speed === 'number')
    return textIn(language, 'alerts.template.detailSpeed', { speed: Math.round(a.speed) });
  if (facts.eventType === 'DEVICE_OFFLINE' && typeof a.minutes === 'number')
    return textIn(language, 'alerts.template.detailOffline', { minutes: a.minutes });
  if (facts.eventType === 'WALLET_LOW' && typeof a.balance === 'number')
    return textIn(language, 'alerts.template.detailWallet', { balance: (a.balance / 100).toFixed(2) });
  return '';
}

export function alertTexts(language: Language, facts: AlertFacts, publicUrl: string): AlertTexts {
  const base = publicUrl.replace(/\/+$/, '');
  const link = facts.vehicleId ? `${base}/vehicle/edit/${facts.vehicleId}` : `${base}/account/wallet`;
  const placeText = (place: string | null) =>
    place ? textIn(language, 'alerts.template.place', { place }) : textIn(language, 'alerts.template.noPlace');
  const values = {
    event: textIn(language, `tracking.events.${facts.eventType}`),
    vehicle: facts.registrationNumber ?? textIn(language, 'alerts.template.wallet'),
    place: placeText(placeIn(false, facts.address, coordinatesOf(facts))),
    time: indianTime(facts.eventTime),
    rule: facts.ruleName,
    detail: detailOf(language, facts),
    link,
  };
  return {
    sms: textIn(language, 'alerts.template.smsText', {
      ...values,
      place: placeText(placeIn(true, facts.address, coordinatesOf(facts))),
    }),
    subject: textIn(language, 'alerts.template.subject', values),
    email: textIn(language, 'alerts.template.emailBody', values),
    consoleTitle: textIn(language, 'alerts.template.consoleTitle', values),
    consoleBody: textIn(language, 'alerts.template.consoleBody', values),
    link,
    webhook: {
      eventId: facts.eventId === null ? null : String(facts.eventId),
      ruleId: facts.ruleId,
      eventType: facts.eventType,
      eventTime: facts.eventTime.toISOString(),
      deviceId: facts.deviceId,
      vehicleId: facts.vehicleId,
      registrationNumber: facts.registrationNumber,
      organisationId: facts.organisationId,
      latitude: facts.latitude,
      longitude: facts.longitude,
      address: facts.address ?? null,
      attributes: facts.attributes,
      link,
    },
  };
}
