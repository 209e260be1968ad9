import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, signIn, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer({ demo: false });
  admin = (await signIn(server.app, ADMIN_EMAIL, ADMIN_PASSWORD)).token.access.token;
});
afterAll(async () => { await server?.close(); });

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
        success: false, message: 'This IMEI is already in use',
        messageKey: 'validation.unique', messageValues: { label: { key: 'resources.device.fields.imei' } },
        errors: { imei: 'This IMEI is already in use' },
        errorKeys: { imei: { key: 'validation.unique', values: { label: { key: 'resources.device.fields.imei' } } } },
      },
    });
  });

  it('leave a message without a key as it was', async () => {
    const refused = await call('PUT', '/wallets/deduct', {});
    expect(refused.status).toBe(400);
    expect(refused.body.message).toEqual(expect.any(String));
    expect(refused.body.messageKey).toBeUndefined();
  });
});
