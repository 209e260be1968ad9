import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  bearer,
  DEMO_PASSWORD,
  demoEmail,
  login,
  signIn,
  startTestServer,
  type TestServer,
} from './harness.ts';
import { loginThrottle, users } from '../../server/db/schema.ts';
import { userTotp } from '../../server/db/account-schema.ts';
import { MAX_FAILURES } from '../../server/auth/throttle.ts';
import { query } from '../../server/resources/sql.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const post = (url: string, payload: object, token?: string) =>
  server.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: token ? bearer(token) : {} });
/** The code of the time step `steps` after now: each sign-in of a test takes a later one, as no code is taken twice. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** Turns the authenticator on for a signed-in user; answers its secret and recovery codes. */
async function enrol(token: string) {
  const setup = await post('/auth/totp/setup', {}, token);
  expect(setup.statusCode).toBe(200);
  const { secret, uri } = setup.json().data as { secret: string; uri: string };
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  expect(uri).toContain(`secret=${secret}`);
  const confirm = await post('/auth/totp/confirm', { code: await codeAt(secret) }, token);
  expect(confirm.statusCode).toBe(200);
  return { secret, recoveryCodes: confirm.json().data.recoveryCodes as string[] };
}

async function challengeOf(email: string) {
  const response = await login(server.app, email, DEMO_PASSWORD);
  expect(response.statusCode).toBe(200);
  return response.json().data as { secondStep?: string; challenge?: string; token?: unknown };
}

describe('two-step sign-in with an authenticator app', () => {
  it('enrols, then asks for a code after the password, takes each code once, and stores no secret in the clear', async () => {
    const email = demoEmail('customer');
    const { user, token } = await signIn(server.app, email);
    const { secret, recoveryCodes } = await enrol(token.access.token);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const [row] = await server.database.db.select().from(userTotp).where(eq(userTotp.userId, user.id));
    expect(row!.sealedSecret).not.toContain(secret);
    expect(row!.recoveryCodeHashes.join()).not.toContain(recoveryCodes[0]!.replace('-', ''));

    const first = await challengeOf(email);
    expect(first).toEqual({ secondStep: 'totp', challenge: expect.any(String) });
    expect(first).not.toHaveProperty('token');

    const code = await codeAt(secret, 1);
    const done = await post('/auth/login/second-step', { challenge: first.challenge, code });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.token.access.token.split('.')).toHaveLength(3);
    expect(done.json().data.user.email).toBe(email);

    // the same code again, even with a new challenge: refused
    const again = await post('/auth/login/second-step', { challenge: (await challengeOf(email)).challenge, code });
    expect(again.statusCode).toBe(401);
    expect(again.json().messageKey).toBe('api.totp.wrongCode');
  });

  it('takes a recovery code once, and refuses a made-up challenge', async () => {
    const email = demoEmail('fitter');
    const { token } = await signIn(server.app, email);
    const { recoveryCodes } = await enrol(token.access.token);
    const recoveryCode = recoveryCodes[3]!.toUpperCase();
    const used = await post('/auth/login/second-step', {
      challenge: (await challengeOf(email)).challenge,
      recoveryCode,
    });
    expect(used.statusCode).toBe(200);
    const twice = await post('/auth/login/second-step', {
      challenge: (await challengeOf(email)).challenge,
      recoveryCode,
    });
    expect(twice.statusCode).toBe(401);

    const state = await server.app.inject({
      method: 'GET',
      url: '/api/auth/totp',
      headers: bearer(token.access.token),
    });
    expect(state.json().data).toEqual({ enabled: true, recoveryCodesLeft: 9, required: false });

    const forged = await post('/auth/login/second-step', { challenge: token.access.token, code: '123456' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().messageKey).toBe('api.totp.challengeExpired');
  });

  it('counts wrong codes toward the same lock as wrong passwords', async () => {
    const email = demoEmail('vendor');
    const { user, token } = await signIn(server.app, email);
    const { secret } = await enrol(token.access.token);
    const { challenge } = await challengeOf(email);
    let last = 0;
    for (let i = 0; i < MAX_FAILURES; i++)
      last = (await post('/auth/login/second-step', { challenge, code: '000000' })).statusCode;
    expect(last).toBe(429);
    // locked: even the right code is refused until the lock ends
    const right = await post('/auth/login/second-step', { challenge, code: await codeAt(secret, 1) });
    expect(right.statusCode).toBe(429);
    await server.database.db.delete(loginThrottle).where(eq(loginThrottle.userId, user.id));
  });

  it('turns off only with a code, and a disabled user gets no session from a right code', async () => {
    const email = demoEmail('inventory');
    const { user, token } = await signIn(server.app, email);
    const { secret } = await enrol(token.access.token);
    const noCode = await post('/auth/totp/disable', {}, token.access.token);
    expect(noCode.statusCode).toBe(400);

    const { challenge } = await challengeOf(email);
    await server.database.db.update(users).set({ isEnabled: false }).where(eq(users.id, user.id));
    const refused = await post('/auth/login/second-step', { challenge, code: await codeAt(secret, 1) });
    expect(refused.statusCode).toBe(403);
    await server.database.db.update(users).set({ isEnabled: true }).where(eq(users.id, user.id));

    const off = await post('/auth/totp/disable', { code: await codeAt(secret, 1) }, token.access.token);
    expect(off.statusCode).toBe(200);
    const plain = await challengeOf(email);
    expect(plain).toHaveProperty('token');
  });

  it("requires an authenticator of an organisation's administrators when it says so, and only of them", async () => {
    const admin = await signIn(server.app, ADMIN_EMAIL, ADMIN_PASSWORD);
    const dealer = await signIn(server.app, demoEmail('dealer'));
    const [{ organisationId }] = await query<{ organisationId: string }>(
      server.database.db,
      sql`select organisation_id as "organisationId" from users where id = ${dealer.user.id}::uuid`,
    );
    const settings = await server.app.inject({
      method: 'GET',
      url: `/api/organisation/settings/${organisationId}`,
      headers: bearer(admin.token.access.token),
    });
    const put = await server.app.inject({
      method: 'PUT',
      url: `/api/organisation/settings/${organisationId}`,
      headers: bearer(admin.token.access.token),
      payload: { ...settings.json().data.settings, requireTotpForAdmins: true },
    });
    expect(put.statusCode).toBe(200);

    // the fitter of the same organisation manages no users or roles: one step, as before
    expect(await challengeOf(demoEmail('rfc'))).toHaveProperty('token');
    const step = await challengeOf(demoEmail('dealer'));
    expect(step.secondStep).toBe('enrol');
    const setup = await post('/auth/login/enrol', { challenge: step.challenge });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json().data as { secret: string };
    // a challenge to enrol is not one to pass the second step
    expect((await post('/auth/login/second-step', { challenge: step.challenge, code: '123456' })).statusCode).toBe(401);
    const done = await post('/auth/login/enrol/confirm', { challenge: step.challenge, code: await codeAt(secret) });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.recoveryCodes).toHaveLength(10);
    expect(done.json().data.token.access.token).toBeTruthy();

    const off = await post(
      '/auth/totp/disable',
      { code: await codeAt(secret, 1) },
      done.json().data.token.access.token,
    );
    expect(off.statusCode).toBe(403);
    expect(off.json().messageKey).toBe('api.totp.requiredHere');
  });
});
