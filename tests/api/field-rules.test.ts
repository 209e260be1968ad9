import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleValidator, rules } from '../../core/rules.ts';
import { demoEmail, signIn, startTestServer, type TestServer } from './harness.ts';
import { call, type Api } from './resource-fixtures.ts';

let server: TestServer;
let admin: Api;
let customer: Api;
beforeAll(async () => {
  server = await startTestServer();
  admin = { app: server.app, token: (await signIn(server.app, demoEmail('superadmin'))).token.access.token };
  customer = { app: server.app, token: (await signIn(server.app, demoEmail('customer'))).token.access.token };
});
afterAll(async () => {
  await server?.close();
});

/** What the console's form says of a typed phone: undefined when it lets the form be sent. */
const formSays = (typed: string) => ruleValidator(rules.phone, 'Phone')(typed);
const REFUSED = 'Phone must be a 10-digit mobile number starting with 6, 7, 8 or 9';

describe('one phone rule for the form and the server', () => {
  it.each([
    ['98110 22233', '+919811022233'],
    ['+91 98110 22234', '+919811022234'],
    ['098110-22235', '+919811022235'],
  ])('stores %j, which the form accepts, as %s', async (typed, stored) => {
    expect(formSays(typed)).toBeUndefined();
    const saved = await call(customer, 'PUT', '/auth/profile', { phone: typed });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.phone).toBe(stored);
    expect((await call(customer, 'PUT', '/auth/profile', {})).json().data.phone).toBe(stored);
  });

  it.each(['5876543210', '12345', '+92 98765 43210', '98765 432101'])(
    'refuses %j, as the form does, with a clear message and no change',
    async (typed) => {
      expect(formSays(typed)).toEqual({ message: 'validation.mobile', args: { label: 'Phone' } });
      const before = (await call(customer, 'PUT', '/auth/profile', { phone: '9811022239' })).json().data.phone;
      const refused = await call(customer, 'PUT', '/auth/profile', { phone: typed, firstName: 'Changed' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ success: false, message: REFUSED, errors: { phone: REFUSED } });
      const after = await call(customer, 'PUT', '/auth/profile', {});
      expect(after.json().data).toMatchObject({ phone: before, firstName: 'Priya' });
    },
  );

  it("holds for a user's edit and the organisation's settings alike", async () => {
    const users = (
      await call(admin, 'GET', `/users?filter=${encodeURIComponent('{"phone":"+919800000007"}')}`)
    ).json() as { id: string; phone: string }[];
    expect(users.map((u) => u.phone)).toEqual(['+919800000007']);
    const fitter = users[0]!.id;
    const edit = await call(admin, 'PUT', `/users/${fitter}`, { phone: '5800000007' });
    expect([edit.statusCode, edit.json().errors]).toEqual([400, { phone: REFUSED }]);
    expect((await call(admin, 'GET', `/users/${fitter}`)).json().phone).toBe('+919800000007');

    const orgs = (await call(admin, 'GET', '/organisation?range=[0,99]')).json() as { id: string; tradeName: string }[];
    const org = orgs.find((o) => o.tradeName === 'Metro Auto Dealers')!.id;
    const settings = await call(admin, 'PUT', `/organisation/settings/${org}`, { sosPhone: '0 98300 00999' });
    expect([settings.statusCode, settings.json().data?.settings.sosPhone]).toEqual([200, '+919830000999']);
    const badSettings = await call(admin, 'PUT', `/organisation/settings/${org}`, { sosPhone: '4830000999' });
    expect([badSettings.statusCode, badSettings.json().errors]).toEqual([
      400,
      { sosPhone: 'SOS phone must be a 10-digit mobile number starting with 6, 7, 8 or 9' },
    ]);
    expect((await call(admin, 'GET', `/organisation/settings/${org}`)).json().data.settings.sosPhone).toBe(
      '+919830000999',
    );
  });

  it("finds the fitment form's customer by a phone typed with +91 or 0", async () => {
    for (const typed of ['+91 98000 00007', '098000-00007']) {
      const found = await call(admin, 'GET', `/users/lookup?phone=${encodeURIComponent(typed)}`);
      expect([found.statusCode, found.json().phone]).toEqual([200, '+919800000007']);
    }
    const bad = await call(admin, 'GET', '/users/lookup?phone=5800000007');
    expect([bad.statusCode, bad.json().message]).toEqual([
      400,
      'Phone must be a 10-digit mobile number starting with 6, 7, 8 or 9',
    ]);
  });
});
