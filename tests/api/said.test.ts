import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, login, signIn, startTestServer, type TestServer } from './harness.ts';
import { localise } from '../../providers/serverMessages.ts';
import hi from '../../core/i18n/hi.ts';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer({ demo: false });
  admin = (await signIn(server.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token.access.token;
});
afterAll(async () => {
  await server?.close();
});

const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
  const response = await server.app.inject({ method, url: `/api${url}`, headers: bearer(admin), payload });
  return { status: response.statusCode, body: response.json() };
};

describe('messages the console translates', () => {
  it('come with their key and values (a label as a key of its own), beside the English text', async () => {
    expect((await call('POST', '/device', { imei: '868347071111111', status: 'NEW' })).status).toBe(201);
    const again = await call('POST', '/device', { imei: '868347071111111', status: 'NEW' });
    expect(again).toEqual({
      status: 409,
      body: {
        success: false,
        message: 'This IMEI is already in use',
        messageKey: 'validation.unique',
        messageValues: { label: { key: 'resources.device.fields.imei' } },
        errors: { imei: 'This IMEI is already in use' },
        errorKeys: { imei: { key: 'validation.unique', values: { label: { key: 'resources.device.fields.imei' } } } },
      },
    });
  });

  it('come with their key from a JSON Schema too, which Ajv knows only as English text', async () => {
    const refused = await call('POST', '/device', { imei: '12345', status: 'NEW' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.imei).toBe(refused.body.message);
    expect(refused.body.messageKey).toBe('resources.device.imeiPattern');
    // the label's key: one of the keys whose English is "IMEI" (the same text, the same translation)
    expect(refused.body.errorKeys.imei).toMatchObject({
      key: 'resources.device.imeiPattern',
      values: { label: { key: expect.stringMatching(/^(resources\.device\.fields|debug)\.imei$/) } },
    });
    const status = await call('POST', '/device', { imei: '868347071111112', status: 'LOST' });
    expect(status.body.errorKeys.status).toMatchObject({
      key: 'validation.choice',
      values: { label: { key: 'resources.device.fields.status' } },
    });
  });

  it("come with their key for Ajv's own words too, where a schema gives no errorMessage, the English unchanged", async () => {
    const refused = await call('POST', '/auth/refresh-tokens', { refreshToken: 'x'.repeat(600) });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      message: 'must NOT have more than 512 characters',
      messageKey: 'api.schema.maxLength',
      messageValues: { limit: 512 },
    });
    const { translate } = polyglotI18nProvider(() => hi as unknown as TranslationMessages, 'hi');
    expect(localise(refused.body, translate).message).toBe('अधिकतम 512 अक्षर हो सकते हैं');
  });

  it("come with their key for the sign-in form's refusals, in the spec's words", async () => {
    const missing = await call('POST', '/auth/login', {});
    expect(missing.body).toMatchObject({
      message: 'The username field is required',
      messageKey: 'auth.usernameRequired',
    });
  });

  it('reach a Hindi user in Hindi: sign-in, report filter, schema and success messages', async () => {
    const { translate } = polyglotI18nProvider(() => hi as unknown as TranslationMessages, 'hi');
    const seen = (body: { message: string; errors?: Record<string, string> }) => localise(body, translate);
    const get = async (url: string) =>
      (await server.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(admin) })).json();

    const wrong = (await login(server.app, ADMIN_EMAIL, 'Wrong-pass-1')).json();
    expect(seen(wrong).message).toBe('उपयोगकर्ता नाम या पासवर्ड गलत है');

    const filter = encodeURIComponent(JSON.stringify({ from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' }));
    const report = await get(`/report/daily-run?filter=${filter}`);
    expect(report.message).toBe('The end of the period must come after its start');
    expect(seen(report)).toMatchObject({
      message: 'अवधि का अंत उसकी शुरुआत के बाद होना चाहिए',
      errors: { to: 'अवधि का अंत उसकी शुरुआत के बाद होना चाहिए' },
    });

    const wallet = await get(`/wallets/${crypto.randomUUID()}/transactions?transactionType=BOTH`);
    expect(wallet.message).toBe('The transaction type must be CREDIT or DEBIT');
    expect(seen(wallet).message).toBe('लेन-देन का प्रकार CREDIT या DEBIT होना चाहिए');

    const search = await get('/search?q=');
    expect(seen(search).message).toBe('खोजने के लिए कुछ लिखें');

    // a message naming a setting by its label, the label a key of its own
    const me = (await signIn(server.app, ADMIN_EMAIL, ADMIN_PASSWORD)).user as { organisationId?: string };
    const organisationId = me.organisationId ?? (await get('/organisation?range=[0,0]'))[0].id;
    const settings = await call('PUT', `/organisation/settings/${organisationId}`, { overspeedKmph: 500 });
    expect(settings.body.message).toBe('Overspeed limit must be a whole number from 20 to 200');
    expect(seen(settings.body).message).toBe('ओवरस्पीड सीमा 20 से 200 के बीच की पूर्ण संख्या होनी चाहिए');

    const saved = await call('PUT', `/organisation/settings/${organisationId}`, { overspeedKmph: 90 });
    expect(saved.body).toMatchObject({ success: true, message: 'Settings saved', messageKey: 'api.settings.saved' });
    expect(seen(saved.body).message).toBe('सेटिंग्स सहेजी गईं');
  });
});
