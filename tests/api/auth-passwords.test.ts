import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { bearer, DEMO_PASSWORD, demoEmail, login, signIn, startTestServer, type TestServer } from './harness.ts';
import { outbox, roles, users } from '../../server/db/schema.ts';
import { createUser } from '../../server/users/service.ts';
import { PASSWORD_RULE_MESSAGE } from '../../server/auth/passwords.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function lastMessageTo(recipient: string) {
  const [row] = await server.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, recipient))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return row;
}

async function forgot(username: string) {
  const response = await server.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { username } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const reset = (query: string, payload: object) =>
  server.app.inject({ method: 'POST', url: `/api/auth/reset-password?${query}`, payload });

describe('forgot and reset password', () => {
  it('queues a one-time code and resets with it once', async () => {
    const email = demoEmail('dealer');
    const answer = await forgot(email);
    expect(answer.success).toBe(true);
    const message = await lastMessageTo(email);
    const otp = message!.body.match(/code is (\d{6})/)![1]!;
    const wrong = await reset(`otp=${otp === '000000' ? '111111' : '000000'}`, {
      otpToken: answer.data.otpToken,
      password: 'New-pass-2026',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The reset code is incorrect');
    const ok = await reset(`otp=${otp}`, { otpToken: answer.data.otpToken, password: 'New-pass-2026' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().success).toBe(true);
    const reused = await reset(`otp=${otp}`, { otpToken: answer.data.otpToken, password: 'Other-pass-2026' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toMatch(/invalid or has expired/);
    expect((await login(server.app, email, 'New-pass-2026')).statusCode).toBe(200);
    expect((await login(server.app, email, DEMO_PASSWORD)).statusCode).toBe(401);
  });

  it('signs out every existing session of the user on reset', async () => {
    const email = demoEmail('distributer');
    const before = await signIn(server.app, email);
    const answer = await forgot(email);
    const otp = (await lastMessageTo(email))!.body.match(/code is (\d{6})/)![1]!;
    expect((await reset(`otp=${otp}`, { otpToken: answer.data.otpToken, password: 'New-pass-2026' })).statusCode).toBe(
      200,
    );
    const refresh = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-tokens',
      payload: { refreshToken: before.token.refresh.token },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('writes the code in the language the asking browser prefers, English otherwise', async () => {
    const email = demoEmail('rfc');
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' },
      payload: { username: email },
    });
    expect(answer.json()).toMatchObject({ success: true, messageKey: 'api.auth.resetSent' });
    const hindi = (await lastMessageTo(email))!;
    expect(hindi.subject).toBe('आपका Waymark पासवर्ड रीसेट कोड');
    expect(hindi.body).toMatch(/^आपका Waymark पासवर्ड रीसेट कोड \d{6} है। यह 15 मिनट में समाप्त हो जाएगा।/);
    const again = await server.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
      payload: { username: email },
    });
    const english = (await lastMessageTo(email))!;
    expect(english.subject).toBe('Your Waymark password reset code');
    expect(english.body).toMatch(/^Your Waymark password reset code is \d{6}\. It expires in 15 minutes\./);
    const otp = english.body.match(/code is (\d{6})/)![1]!;
    const ok = await reset(`otp=${otp}`, { otpToken: again.json().data.otpToken, password: 'Rfc-pass-2026' });
    expect(ok.json()).toEqual({
      success: true,
      message: 'Your password has been reset. Sign in with the new password.',
      messageKey: 'api.auth.resetDone',
    });
  });

  it('resets with the e-mailed link token', async () => {
    const email = demoEmail('inventory');
    await forgot(email);
    const body = (await lastMessageTo(email))!.body;
    // the link is built from PUBLIC_URL (here its default), never from the request's Host header
    expect(body).toMatch(/http:\/\/localhost:8080\/auth\/reset-password\/[\w-]+\?token=/);
    const link = body.match(/token=([\w-]+)/)![1]!;
    const ok = await reset(`token=${link}`, { password: 'Link-pass-2026' });
    expect(ok.statusCode).toBe(200);
    expect((await login(server.app, email, 'Link-pass-2026')).statusCode).toBe(200);
    expect((await reset(`token=${link}`, { password: 'Link-pass-2027' })).statusCode).toBe(400);
  });

  it('sends the code by SMS to a user who has only a phone number', async () => {
    const limited = await signIn(server.app, demoEmail('limited'));
    const [role] = await server.database.db.select().from(roles).where(eq(roles.name, 'FITTER'));
    await createUser(server.database.db, {
      firstName: 'Only',
      phone: '+919811111111',
      password: 'Phone-pass-1',
      roleId: role!.id,
      organisationId: (await server.database.db.select().from(users).where(eq(users.id, limited.user.id)))[0]!
        .organisationId,
    });
    await forgot('9811111111');
    const message = await lastMessageTo('+919811111111');
    expect(message?.channel).toBe('sms');
    expect(message?.body).toMatch(/code is \d{6}/);
  });

  it('answers the same for an unknown account and queues nothing', async () => {
    const answer = await forgot('ghost@example.com');
    expect(answer.success).toBe(true);
    expect(answer.data.otpToken).toBeTruthy();
    expect(await lastMessageTo('ghost@example.com')).toBeUndefined();
  });

  it('refuses a weak new password and keeps the old one', async () => {
    const email = demoEmail('limited');
    const answer = await forgot(email);
    const otp = (await lastMessageTo(email))!.body.match(/code is (\d{6})/)![1]!;
    const weak = await reset(`otp=${otp}`, { otpToken: answer.data.otpToken, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(PASSWORD_RULE_MESSAGE);
    expect((await login(server.app, email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('stops accepting guesses after five wrong codes', async () => {
    const email = demoEmail('rfcadmin');
    const answer = await forgot(email);
    const otp = (await lastMessageTo(email))!.body.match(/code is (\d{6})/)![1]!;
    const guess = otp === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++)
      await reset(`otp=${guess}`, { otpToken: answer.data.otpToken, password: 'New-pass-2026' });
    const right = await reset(`otp=${otp}`, { otpToken: answer.data.otpToken, password: 'New-pass-2026' });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toMatch(/invalid or has expired/);
  });
});

describe('change password', () => {
  const change = (token: string, payload: object) =>
    server.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: bearer(token), payload });

  it('changes the password with the current one', async () => {
    const email = demoEmail('fitter');
    const session = await signIn(server.app, email);
    const response = await change(session.token.access.token, {
      username: email,
      password: DEMO_PASSWORD,
      newpassword: 'Fitter-2027',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Password changed successfully',
      messageKey: 'api.auth.passwordChanged',
    });
    expect((await login(server.app, email, 'Fitter-2027')).statusCode).toBe(200);
  });

  it('refuses a wrong current password, a weak new one and another user', async () => {
    const email = demoEmail('vendor');
    const session = await signIn(server.app, demoEmail('manufacturer'));
    const wrongUser = await change(session.token.access.token, {
      username: email,
      password: DEMO_PASSWORD,
      newpassword: 'Vendor-2027',
    });
    expect(wrongUser.statusCode).toBe(403);
    const own = demoEmail('manufacturer');
    const wrongCurrent = await change(session.token.access.token, {
      username: own,
      password: 'Wrong-pass-1',
      newpassword: 'Maker-2027',
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().message).toBe('The current password is incorrect');
    const weak = await change(session.token.access.token, {
      username: own,
      password: DEMO_PASSWORD,
      newpassword: 'weak',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual({ newpassword: PASSWORD_RULE_MESSAGE });
    expect((await login(server.app, own, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { username: 'a', password: 'b', newpassword: 'c' },
    });
    expect(response.statusCode).toBe(401);
  });
});
