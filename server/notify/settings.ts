/**
 * The delivery settings (server/config.ts reads them with the rest): where e-mail, SMS and web push
 * go, which private address ranges a webhook may reach, how often a message is tried. Every variable
 * is listed in the README's "Notifications" section and in docs/notifications.md.
 */
export interface NotifyConfig {
  /** Deliver the outbox from this process (WAYMARK_DELIVER, on by default): any number of processes may. */
  deliver: boolean;
  mail: {
    /** smtp://user:password@host:587 (STARTTLS when offered) or smtps://…:465 (TLS from the start); none: logged, not sent. */
    smtpUrl: string | undefined;
    /** The From of every mail (MAIL_FROM). */
    from: string;
    /** Refuse to send over SMTP unless STARTTLS succeeds (SMTP_REQUIRE_TLS). */
    requireTls: boolean;
  };
  sms: {
    /** The provider's HTTP endpoint that takes one message per POST (SMS_URL); none: logged, not sent. */
    url: string | undefined;
    /** Sent as `Authorization: Bearer <key>` (SMS_API_KEY). */
    apiKey: string | undefined;
    /** The DLT-registered sender id, the "header" (SMS_SENDER_ID). */
    sender: string | undefined;
    /** The principal entity id registered on the DLT platform (SMS_DLT_ENTITY_ID). */
    dltEntityId: string | undefined;
    /** The DLT template id of each kind of message, {"password-reset": "1107…"} (SMS_DLT_TEMPLATES, JSON). */
    dltTemplates: Record<string, string>;
  };
  push: {
    /** VAPID keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, base64url); none: made once and kept in the database. */
    publicKey: string | undefined;
    privateKey: string | undefined;
    /** Who push services may contact about our messages, mailto: or https: (VAPID_SUBJECT). */
    subject: string;
  };
  /**
   * A reverse-geocoding service for the alerts' place (GEOCODER_URL): a URL with `{lat}` and `{lon}`
   * answering Nominatim's JSON (`display_name`); none: the alerts say the coordinates.
   */
  geocoderUrl: string | undefined;
  /** Private ranges a webhook or push endpoint may still reach (WEBHOOK_ALLOW_RANGES, CIDRs): none by default. */
  allowRanges: string[];
  /** Tries before a message goes to the dead letters (NOTIFY_MAX_ATTEMPTS, 8). */
  maxAttempts: number;
  /** The wait after the first failed try, doubling after each (NOTIFY_RETRY_SECONDS, 30 s; up to 6 hours). */
  retryBaseMs: number;
  /** How long a claimed message is its worker's before another may try it (NOTIFY_LEASE_SECONDS, 120): a killed process's claims lapse after this. */
  leaseMs: number;
  /** Deliveries in flight at once in this process (NOTIFY_CONCURRENCY, 20): a slow receiver holds one, not the others. */
  concurrency: number;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

function positive(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > max)
    throw new Error(`${name} must be a number from 1 to ${max}, got "${value}"`);
  return n;
}

function whole(name: string, value: string | undefined, fallback: number, max: number): number {
  const n = positive(name, value, fallback, max);
  if (!Number.isInteger(n)) throw new Error(`${name} must be a whole number from 1 to ${max}, got "${value}"`);
  return n;
}

function url(name: string, value: string | undefined, protocols: string[]): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value.trim());
  } catch {
    throw new Error(`${name} must be a URL, got "${value}"`);
  }
  if (!protocols.includes(parsed.protocol))
    throw new Error(`${name} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  return value.trim();
}

function geocoder(value: string | undefined): string | undefined {
  const template = url('GEOCODER_URL', value, ['http:', 'https:']);
  if (template && !(template.includes('{lat}') && template.includes('{lon}')))
    throw new Error(`GEOCODER_URL must name the place as {lat} and {lon}, got "${value}"`);
  return template;
}

function templates(value: string | undefined): Record<string, string> {
  if (value === undefined || value.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = null;
  }
  if (
    !parsed ||
    typeof parsed !== 'object' ||
    Array.isArray(parsed) ||
    Object.values(parsed).some((v) => typeof v !== 'string')
  )
    throw new Error(
      `SMS_DLT_TEMPLATES must be a JSON object of template ids, {"password-reset": "1107…"}, got "${value}"`,
    );
  return parsed as Record<string, string>;
}

export function notifyConfig(
  env: NodeJS.ProcessEnv,
  publicUrl: string,
  defaults: Partial<NotifyConfig> = {},
): NotifyConfig {
  const host = new URL(publicUrl).hostname || 'localhost';
  return {
    deliver: flag(env.WAYMARK_DELIVER, defaults.deliver ?? true),
    mail: {
      smtpUrl: url('SMTP_URL', env.SMTP_URL, ['smtp:', 'smtps:']) ?? defaults.mail?.smtpUrl,
      from: env.MAIL_FROM || defaults.mail?.from || `Waymark <no-reply@${host}>`,
      requireTls: flag(env.SMTP_REQUIRE_TLS, defaults.mail?.requireTls ?? false),
    },
    sms: {
      url: url('SMS_URL', env.SMS_URL, ['http:', 'https:']) ?? defaults.sms?.url,
      apiKey: env.SMS_API_KEY || defaults.sms?.apiKey,
      sender: env.SMS_SENDER_ID || defaults.sms?.sender,
      dltEntityId: env.SMS_DLT_ENTITY_ID || defaults.sms?.dltEntityId,
      dltTemplates: env.SMS_DLT_TEMPLATES ? templates(env.SMS_DLT_TEMPLATES) : (defaults.sms?.dltTemplates ?? {}),
    },
    push: {
      publicKey: env.VAPID_PUBLIC_KEY || defaults.push?.publicKey,
      privateKey: env.VAPID_PRIVATE_KEY || defaults.push?.privateKey,
      subject: env.VAPID_SUBJECT || defaults.push?.subject || `mailto:no-reply@${host}`,
    },
    geocoderUrl: geocoder(env.GEOCODER_URL) ?? defaults.geocoderUrl,
    allowRanges: env.WEBHOOK_ALLOW_RANGES
      ? env.WEBHOOK_ALLOW_RANGES.split(',')
          .map((r) => r.trim())
          .filter(Boolean)
      : (defaults.allowRanges ?? []),
    maxAttempts: positive('NOTIFY_MAX_ATTEMPTS', env.NOTIFY_MAX_ATTEMPTS, defaults.maxAttempts ?? 8, 100),
    retryBaseMs:
      env.NOTIFY_RETRY_SECONDS !== undefined && env.NOTIFY_RETRY_SECONDS !== ''
        ? positive('NOTIFY_RETRY_SECONDS', env.NOTIFY_RETRY_SECONDS, 30, 86_400) * 1000
        : (defaults.retryBaseMs ?? 30_000),
    leaseMs:
      env.NOTIFY_LEASE_SECONDS !== undefined && env.NOTIFY_LEASE_SECONDS !== ''
        ? positive('NOTIFY_LEASE_SECONDS', env.NOTIFY_LEASE_SECONDS, 120, 86_400) * 1000
        : (defaults.leaseMs ?? 120_000),
    concurrency: whole('NOTIFY_CONCURRENCY', env.NOTIFY_CONCURRENCY, defaults.concurrency ?? 20, 1000),
  };
}
