import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, signIn, startTestServer, type TestServer } from './harness.ts';

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

  it("leave a message without a key as it was: Ajv's own words where a schema gives none", async () => {
    const refused = await call('POST', '/auth/refresh-tokens', { refreshToken: 'x'.repeat(600) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('must NOT have more than 512 characters');
    expect(refused.body.messageKey).toBeUndefined();
  });

  it("come with their key for the sign-in form's refusals, in the spec's words", async () => {
    const missing = await call('POST', '/auth/login', {});
    expect(missing.body).toMatchObject({
      message: 'The username field is required',
      messageKey: 'auth.usernameRequired',
    });
  });
});
