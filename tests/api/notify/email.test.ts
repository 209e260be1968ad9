import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DEMO_PASSWORD, demoEmail, login, signIn, startTestServer, bearer, type TestServer } from '../harness.ts';
import { outbox } from '../../../server/db/schema.ts';
import { notifyConfig } from '../../../server/notify/settings.ts';
import { emailChannel } from '../../../server/notify/email.ts';
import { DeliveryFailure } from '../../../server/notify/channel.ts';
import { queueMessage } from '../../../server/outbox.ts';
import { startSmtp } from './receivers.ts';

const PUBLIC_URL = 'http://localhost:8080';
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtp({ reject: (to) => to.startsWith('nobody@') });
  server = await startTestServer({
    config: {
      notify: notifyConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'Waymark Alerts <alerts@waymark.test>' }, PUBLIC_URL),
    },
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const rowOf = async (id: string) => (await server.database.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;
const lastRowTo = async (recipient: string) =>
  (
    await server.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, recipient))
      .orderBy(desc(outbox.createdAt))
      .limit(1)
  )[0]!;

async function forgot(username: string, language = 'en-IN,en') {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    headers: { 'accept-language': language },
    payload: { username },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.otpToken as string;
}

describe('e-mail over SMTP (SMTP_URL)', () => {
  it('mails the password-reset code to an e-mail username, and the code in the mail resets the password', async () => {
    const email = demoEmail('dealer');
    const otpToken = await forgot(email);
    const mail = await smtp.mailTo(email);
    expect(mail.from).toBe('alerts@waymark.test');
    expect(mail.headers.from).toBe('Waymark Alerts <alerts@waymark.test>');
    expect(mail.subject).toBe('Your Waymark password reset code');
    const otp = mail.text.match(/code is (\d{6})\. It expires in 15 minutes/)![1]!;
    expect(mail.text).toContain(`${PUBLIC_URL}/auth/reset-password/${otpToken}?token=`);

    const reset = await server.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password?otp=${otp}`,
      payload: { otpToken, password: 'Mailed-pass-2026' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(server.app, email, 'Mailed-pass-2026')).statusCode).toBe(200);
    expect((await login(server.app, email, DEMO_PASSWORD)).statusCode).toBe(401);

    // the row says it went, what the server answered, and carries the id the mail was sent with
    const row = await lastRowTo(email);
    await expect.poll(async () => (await rowOf(row.id)).status).toBe('sent');
    const sent = await rowOf(row.id);
    expect(sent.attempts).toBe(1);
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sent.answer).toMatch(/^250 /);
    expect(mail.headers['message-id']).toBe(`<${row.id}@waymark>`);
    expect(mail.headers['x-waymark-delivery']).toBe(row.id);
  });

  it('writes the mail in Hindi when the asking browser prefers Hindi', async () => {
    const email = demoEmail('rfc');
    await forgot(email, 'hi-IN,hi;q=0.9,en;q=0.8');
    const mail = await smtp.mailTo(email);
    expect(mail.subject).toBe('आपका Waymark पासवर्ड रीसेट कोड');
    expect(mail.text).toMatch(/\d{6}/);
    expect(mail.text).toContain('Waymark');
  });

  it("sends the vehicle's details with Send Mail", async () => {
    const dealer = await signIn(server.app, demoEmail('dealer'), 'Mailed-pass-2026');
    const vehicles = (
      await server.app.inject({
        method: 'GET',
        url: '/api/vehicle?range=[0,9]',
        headers: bearer(dealer.token.access.token),
      })
    ).json() as { id: string; registrationNumber: string }[];
    const vehicle = vehicles[0]!;
    const sent = await server.app.inject({
      method: 'POST',
      url: `/api/vehicle/${vehicle.id}/send-mail`,
      headers: bearer(dealer.token.access.token),
      payload: { email: 'fleet.owner@waymark.test' },
    });
    expect(sent.statusCode).toBe(200);
    const mail = await smtp.mailTo('fleet.owner@waymark.test');
    expect(mail.subject).toBe(`Vehicle ${vehicle.registrationNumber}`);
    expect(mail.text).toContain(`Registration Number: ${vehicle.registrationNumber}`);
  });

  it('puts a mail the SMTP server refuses for good (550) in the dead letters after one try', async () => {
    const id = await queueMessage(server.database.db, {
      channel: 'email',
      recipient: 'nobody@waymark.test',
      subject: 'Test',
      body: 'Test',
    });
    await expect.poll(async () => (await rowOf(id)).status).toBe('dead');
    const row = await rowOf(id);
    expect(row.attempts).toBe(1);
    expect(row.sentAt).toBeNull();
    expect(row.answer).toMatch(/550/);
  });
});

describe('SMTP_REQUIRE_TLS', () => {
  it('refuses to send in the clear to a server that offers no STARTTLS', async () => {
    const before = smtp.mails.length;
    const channel = emailChannel(
      notifyConfig({ SMTP_URL: smtp.url, SMTP_REQUIRE_TLS: '1' }, PUBLIC_URL).mail,
      {} as FastifyBaseLogger,
    );
    const failure = await channel
      .send({
        id: '3f1c2a9e-0000-4000-8000-000000000002',
        channel: 'email',
        recipient: 'someone@waymark.test',
        subject: 'Your code',
        body: 'Your code is 123456',
        options: {},
        attempts: 1,
      })
      .catch((error: unknown) => error);
    channel.close?.();
    expect(failure).toBeInstanceOf(DeliveryFailure);
    expect((failure as DeliveryFailure).answer).toMatch(/STARTTLS/i);
    expect(smtp.mails.length).toBe(before);
  });
});

describe('e-mail with no SMTP_URL', () => {
  it("goes to the log through nodemailer's JSON transport and is marked as not sent", async () => {
    const logged: { object: Record<string, unknown>; text: string }[] = [];
    const log = {
      info: (object: Record<string, unknown>, text: string) => logged.push({ object, text }),
    } as unknown as FastifyBaseLogger;
    const channel = emailChannel(notifyConfig({}, PUBLIC_URL).mail, log);
    const outcome = await channel.send({
      id: '3f1c2a9e-0000-4000-8000-000000000001',
      channel: 'email',
      recipient: 'someone@waymark.test',
      subject: 'Your code',
      body: 'Your code is 123456',
      options: {},
      attempts: 1,
    });
    expect(outcome).toEqual({ sent: false, answer: 'no SMTP_URL: written to the log' });
    expect(logged).toHaveLength(1);
    expect(logged[0]!.text).toContain('Your code is 123456');
    expect(logged[0]!.object.outbox).toMatchObject({
      to: [{ address: 'someone@waymark.test' }],
      subject: 'Your code',
      text: 'Your code is 123456',
      messageId: '<3f1c2a9e-0000-4000-8000-000000000001@waymark>',
    });
  });

  it('marks the reset code of a server with no SMTP_URL "logged", not sent', async () => {
    const bare = await startTestServer();
    try {
      const email = demoEmail('dealer');
      await bare.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { username: email } });
      const read = async () =>
        (
          await bare.database.db
            .select()
            .from(outbox)
            .where(eq(outbox.recipient, email))
            .orderBy(desc(outbox.createdAt))
        )[0];
      await expect.poll(async () => (await read())?.status).toBe('logged');
      const row = (await read())!;
      expect(row.sentAt).toBeNull();
      expect(row.answer).toBe('no SMTP_URL: written to the log');
    } finally {
      await bare.close();
    }
  });
});
