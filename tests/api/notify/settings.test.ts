import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { AddressGuard } from '../../../server/notify/guarded-http.ts';

describe('delivery settings', () => {
  it('default to logging e-mail and SMS, delivering in this process, 8 tries from 30 s', () => {
    const { notify } = loadConfig({ PUBLIC_URL: 'https://track.example.in/' });
    expect(notify.mail).toEqual({ smtpUrl: undefined, from: 'Waymark <no-reply@track.example.in>', requireTls: false });
    expect(notify.sms.url).toBeUndefined();
    expect(notify).toMatchObject({
      deliver: true,
      maxAttempts: 8,
      retryBaseMs: 30_000,
      leaseMs: 120_000,
      concurrency: 20,
      allowRanges: [],
    });
    expect(notify.push.subject).toBe('mailto:no-reply@track.example.in');
  });

  it('read SMTP, the SMS provider with its DLT ids, allowed ranges and retries', () => {
    const { notify } = loadConfig({
      SMTP_URL: 'smtps://u:p@smtp.example.in:465',
      MAIL_FROM: 'Alerts <alerts@example.in>',
      SMS_URL: 'https://sms.example.in/send',
      SMS_DLT_TEMPLATES: '{"password-reset":"1107000000000000042"}',
      WEBHOOK_ALLOW_RANGES: '10.8.0.0/16, fd00:1::/64',
      NOTIFY_MAX_ATTEMPTS: '3',
      NOTIFY_RETRY_SECONDS: '5',
      NOTIFY_LEASE_SECONDS: '10',
      NOTIFY_CONCURRENCY: '50',
      WAYMARK_DELIVER: '0',
      GEOCODER_URL: 'https://geo.example.in/reverse?format=jsonv2&lat={lat}&lon={lon}',
    });
    expect(notify.geocoderUrl).toBe('https://geo.example.in/reverse?format=jsonv2&lat={lat}&lon={lon}');
    expect(notify.mail.smtpUrl).toBe('smtps://u:p@smtp.example.in:465');
    expect(notify.sms.dltTemplates).toEqual({ 'password-reset': '1107000000000000042' });
    expect(notify).toMatchObject({
      deliver: false,
      maxAttempts: 3,
      retryBaseMs: 5000,
      leaseMs: 10_000,
      concurrency: 50,
      allowRanges: ['10.8.0.0/16', 'fd00:1::/64'],
    });
    const guard = new AddressGuard(notify.allowRanges);
    expect(guard.refuses('10.8.1.2')).toBe(false);
    expect(guard.refuses('10.9.1.2')).toBe(true);
    expect(guard.refuses('fd00:1::5')).toBe(false);
    expect(guard.refuses('fd00:ec2::254')).toBe(true);
    expect(guard.refuses('93.184.216.34')).toBe(false);
  });

  it('refuse what cannot work, at start-up', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://smtp.example.in' })).toThrow(
      /SMTP_URL must start with smtp:\/\/ or smtps:\/\//,
    );
    expect(() => loadConfig({ SMS_DLT_TEMPLATES: 'password-reset=1107' })).toThrow(
      /SMS_DLT_TEMPLATES must be a JSON object/,
    );
    expect(() => loadConfig({ NOTIFY_MAX_ATTEMPTS: '0' })).toThrow(/NOTIFY_MAX_ATTEMPTS/);
    expect(() => loadConfig({ NOTIFY_CONCURRENCY: '0' })).toThrow(/NOTIFY_CONCURRENCY/);
    expect(() => loadConfig({ NOTIFY_CONCURRENCY: '2.5' })).toThrow(/NOTIFY_CONCURRENCY/);
    expect(() => loadConfig({ GEOCODER_URL: 'https://geo.example.in/reverse' })).toThrow(/\{lat\} and \{lon\}/);
    expect(() => loadConfig({ GEOCODER_URL: 'ftp://geo.example.in/{lat}/{lon}' })).toThrow(/GEOCODER_URL must start/);
    expect(() => new AddressGuard(['10.8.0.0/40'])).toThrow(/prefix/);
  });
});
