import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { DEMO_PASSWORD, login, startTestServer, type TestServer } from '../harness.ts';
import { outbox } from '../../../server/db/schema.ts';
import { notifyConfig } from '../../../server/notify/settings.ts';
import { queueMessage } from '../../../server/outbox.ts';
import { startReceiver } from './receivers.ts';

// the demo fitter has an e-mail address and a phone (9800000007): the code goes where he signs in from
const FITTER_PHONE = '+919800000007';
let provider: Awaited<ReturnType<typeof startReceiver>>;
let server: TestServer;

beforeAll(async () => {
  // the provider refuses a number it cannot reach (400), and takes the rest
  provider = await startReceiver((request) => (JSON.parse(String(request.body)).to === '+910000000000' ? 400 : 202));
  server = await startTestServer({
    config: {
      notify: notifyConfig(
        {
          SMS_URL: `${provider.url}/v1/messages`,
          SMS_API_KEY: 'test-key-123',
          SMS_SENDER_ID: 'WYMARK',
          SMS_DLT_ENTITY_ID: '1101000000000000001',
          SMS_DLT_TEMPLATES: '{"password-reset": "1107000000000000042"}',
        },
        'http://localhost:8080',
      ),
    },
  });
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

const rowOf = async (id: string) => (await server.database.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;

describe('SMS through an HTTP provider (SMS_URL)', () => {
  it('sends the reset code by SMS to a user who asks with his phone number, with the DLT ids, and the code resets the password', async () => {
    const forgot = await server.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { username: '9800000007' },
    });
    const otpToken = forgot.json().data.otpToken as string;
    await expect.poll(() => provider.requests.length).toBe(1);
    const request = provider.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/v1/messages');
    expect(request.headers.authorization).toBe('Bearer test-key-123');
    expect(request.headers['content-type']).toBe('application/json');
    const sms = JSON.parse(String(request.body));
    expect(sms).toMatchObject({
      to: FITTER_PHONE,
      sender: 'WYMARK',
      dltEntityId: '1101000000000000001',
      dltTemplateId: '1107000000000000042',
    });
    const otp = (sms.text as string).match(/code is (\d{6})/)![1]!;

    // the delivery id the provider may drop a repeat by is the row's
    const [row] = await server.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, FITTER_PHONE))
      .orderBy(desc(outbox.createdAt));
    expect(row!.channel).toBe('sms');
    expect(sms.reference).toBe(row!.id);
    expect(request.headers['idempotency-key']).toBe(row!.id);
    await expect.poll(async () => (await rowOf(row!.id)).status).toBe('sent');
    expect((await rowOf(row!.id)).answer).toBe('202 {"status":"accepted","id":"provider-1"}');

    const reset = await server.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password?otp=${otp}`,
      payload: { otpToken, password: 'Texted-pass-2026' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(server.app, '9800000007', 'Texted-pass-2026')).statusCode).toBe(200);
    expect((await login(server.app, '9800000007', DEMO_PASSWORD)).statusCode).toBe(401);
  });

  it("puts a message the provider refuses (4xx) in the dead letters with the provider's answer", async () => {
    const id = await queueMessage(server.database.db, {
      channel: 'sms',
      recipient: '+910000000000',
      subject: 'Test',
      body: 'Test',
    });
    await expect.poll(async () => (await rowOf(id)).status).toBe('dead');
    const row = await rowOf(id);
    expect(row.attempts).toBe(1);
    expect(row.answer).toMatch(/^400 /);
  });
});
