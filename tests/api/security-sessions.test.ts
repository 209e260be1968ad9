import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import argon2 from 'argon2';
import { desc, sql } from 'drizzle-orm';
import {
  bearer,
  DEMO_PASSWORD,
  demoEmail,
  encryptPassword,
  signIn,
  startTestServer,
  type TestServer,
} from './harness.ts';
import { outbox } from '../../server/db/schema.ts';
import { hashPasswordsCheaplyInTests } from '../../server/auth/passwords.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

let lastAddress = 10;
/** Each test speaks from an address of its own, so one test's rate limits do not reach another's. */
const newAddress = () => `127.0.0.${(lastAddress += 1)}`;

async function loginFrom(remoteAddress: string, username: string, password: string) {
  return server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    payload: { username, password: await encryptPassword(server.app, password) },
  });
}
const post = (remoteAddress: string, url: string, payload: object, headers = {}) =>
  server.app.inject({ method: 'POST', url: `/api${url}`, remoteAddress, payload, headers });
const me = (token: string, userId: string) =>
  server.app.inject({ method: 'GET', url: `/api/auth/logged-in-user/${userId}`, headers: bearer(token) });

describe('rate limits answer 429 with Retry-After', () => {
  it('limits reset codes per account: a fourth request within 15 minutes is refused', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await post(address, '/auth/forgot-password', { username: demoEmail('vendor') })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await post(newAddress(), '/auth/forgot-password', { username: demoEmail('vendor') });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/^Too many attempts\. Try again in \d+ minutes?\.$/),
    });
  });

  it('limits reset-code guesses per address, whatever code is named', async () => {
    const address = newAddress();
    const statuses = new Set<number>();
    for (let i = 0; i < 25; i += 1) {
      const response = await server.app.inject({
        method: 'POST',
        url: `/api/auth/reset-password?otp=${String(i).padStart(6, '0')}`,
        remoteAddress: address,
        payload: { otpToken: `made-up-${i}`, password: 'Guess-pass-1' },
      });
      statuses.add(response.statusCode);
    }
    expect([...statuses].sort()).toEqual([400, 429]);
  });

  it('limits sign-in per address and keeps no row for names that match no account', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 65; i += 1)
      statuses.push((await loginFrom(address, `nobody${i}@example.in`, 'Wrong-pass-1')).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429, 429, 429, 429]);
    const rows = await server.database.db.execute(sql`select count(*)::int as n from login_throttle`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('limits password changes per account', async () => {
    const session = await signIn(server.app, demoEmail('limited'));
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const response = await post(
        address,
        '/auth/change-password',
        { username: demoEmail('limited'), password: 'Not-the-pass-1', newpassword: 'Another-pass-2' },
        bearer(session.token.access.token),
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('one lockout per account', () => {
  it('counts failures by e-mail and by phone together: the tenth locks the account, with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const username = i % 2 ? demoEmail('inventory') : '9800000004';
      statuses.push((await loginFrom(newAddress(), username, 'Wrong-pass-1')).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 401, 429]);
    const locked = await loginFrom(newAddress(), '9800000004', DEMO_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect(locked.json().message).toMatch(/^Too many failed sign-in attempts\. This account is locked/);
  });
});

describe('an unknown account costs a password check too', () => {
  // the harness hashes cheaply; this test measures sign-in, so it runs at the server's own cost
  beforeAll(() => hashPasswordsCheaplyInTests(false));
  afterAll(() => hashPasswordsCheaplyInTests());

  it("verifies the password against a decoy hash when no account matches, as costly as an account's own", async () => {
    // an account's hash made now, at the production cost: a password change
    const session = await signIn(server.app, demoEmail('manufacturer'));
    const changed = await post(
      newAddress(),
      '/auth/change-password',
      { username: demoEmail('manufacturer'), password: DEMO_PASSWORD, newpassword: 'Decoy-cost-7' },
      bearer(session.token.access.token),
    );
    expect(changed.statusCode).toBe(200);
    const stored = await server.database.db.execute(
      sql`select password_hash as hash from users where email = ${demoEmail('manufacturer')}`,
    );
    const accountHash = (stored as unknown as { rows: { hash: string }[] }).rows[0]!.hash;
    const verify = vi.spyOn(argon2, 'verify');
    try {
      const response = await loginFrom(newAddress(), 'no-such-person@example.in', 'Some-pass-1');
      expect(response.statusCode).toBe(401);
      expect(verify).toHaveBeenCalledTimes(1);
      // argon2id as OWASP's first configuration (19 MiB, 2 passes, 1 lane), the decoy's parameters the account's
      const parameters = (hash: string) => hash.split('$').slice(1, 4).join('$');
      expect(parameters(accountHash)).toBe('argon2id$v=19$m=19456,p=1,t=2');
      expect(parameters(verify.mock.calls[0]![0])).toBe(parameters(accountHash));
    } finally {
      verify.mockRestore();
    }
  });

  it("makes an older hash again at today's parameters once the right password is given, so it costs the decoy's", async () => {
    const email = demoEmail('dealer');
    const hashOf = async () =>
      (
        (await server.database.db.execute(
          sql`select password_hash as hash from users where email = ${email}`,
        )) as unknown as {
          rows: { hash: string }[];
        }
      ).rows[0]!.hash;
    // as every password was hashed before 28 November 2026: the library's defaults
    const old = await argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id });
    await server.database.db.execute(sql`update users set password_hash = ${old} where email = ${email}`);
    expect((await loginFrom(newAddress(), email, 'Wrong-pass-1')).statusCode).toBe(401);
    expect(await hashOf()).toBe(old);
    expect((await loginFrom(newAddress(), email, DEMO_PASSWORD)).statusCode).toBe(200);
    const now = await hashOf();
    expect(now.split('$').slice(1, 4).join('$')).toBe('argon2id$v=19$m=19456,p=1,t=2');
    expect(await argon2.verify(now, DEMO_PASSWORD)).toBe(true);
  });
});

describe('access tokens end with their session', () => {
  it('refuses an access token once its session signed out', async () => {
    const session = await signIn(server.app, demoEmail('vendor'));
    expect((await me(session.token.access.token, session.user.id)).statusCode).toBe(200);
    const out = await server.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: session.token.refresh.token },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(session.token.access.token, session.user.id)).statusCode).toBe(401);
  });

  it('ends the other sessions on a password change and keeps the one that changed it', async () => {
    const changer = await signIn(server.app, demoEmail('custom'));
    const other = await signIn(server.app, demoEmail('custom'));
    const changed = await post(
      newAddress(),
      '/auth/change-password',
      { username: demoEmail('custom'), password: DEMO_PASSWORD, newpassword: 'Changed-pass-9' },
      bearer(changer.token.access.token),
    );
    expect(changed.statusCode).toBe(200);
    expect((await me(other.token.access.token, other.user.id)).statusCode).toBe(401);
    expect((await me(changer.token.access.token, changer.user.id)).statusCode).toBe(200);
  });

  it('ends every session on a password reset', async () => {
    const session = await signIn(server.app, demoEmail('fitter'));
    const forgot = await post(newAddress(), '/auth/forgot-password', { username: demoEmail('fitter') });
    const { otpToken } = forgot.json().data as { otpToken: string };
    const [message] = await server.database.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(1);
    const otp = /code is (\d{6})/.exec(message!.body)![1];
    const reset = await server.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password?otp=${otp}`,
      payload: { otpToken, password: 'Reset-pass-77' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(session.token.access.token, session.user.id)).statusCode).toBe(401);
  });

  it('keeps only the newest reset code working', async () => {
    const address = newAddress();
    const first = (await post(address, '/auth/forgot-password', { username: demoEmail('rfc') })).json().data
      .otpToken as string;
    const [firstMessage] = await server.database.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(1);
    const firstOtp = /code is (\d{6})/.exec(firstMessage!.body)![1];
    expect((await post(address, '/auth/forgot-password', { username: demoEmail('rfc') })).statusCode).toBe(200);
    const stale = await server.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password?otp=${firstOtp}`,
      payload: { otpToken: first, password: 'Reset-pass-78' },
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe('This reset code is invalid or has expired. Ask for a new one.');
  });
});
