import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, signIn, startTestServer, type TestServer } from './harness.ts';
import { call, type Api } from './resource-fixtures.ts';

let server: TestServer;
let dealer: Api;
let distributer: Api;
let orgs: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  dealer = { app: server.app, token: (await signIn(server.app, demoEmail('dealer'))).token.access.token };
  distributer = { app: server.app, token: (await signIn(server.app, demoEmail('distributer'))).token.access.token };
  const admin = { app: server.app, token: (await signIn(server.app, demoEmail('superadmin'))).token.access.token };
  orgs = Object.fromEntries(
    ((await call(admin, 'GET', '/organisation?range=[0,99]')).json() as { id: string; tradeName: string }[]).map(
      (o) => [o.tradeName, o.id],
    ),
  );
});
afterAll(async () => {
  await server?.close();
});

describe('organisation settings', () => {
  it('reads defaults, saves changes, and keeps them through an edit of the organisation', async () => {
    const admin = { app: server.app, token: (await signIn(server.app, demoEmail('admin'))).token.access.token };
    const id = orgs['Sunrise Logistics']!;
    // the thresholds are the defaults; the prices are the demo's for Sunrise's renewals
    expect((await call(admin, 'GET', `/organisation/settings/${id}`)).json().data.settings).toEqual({
      overspeedKmph: 80,
      idleMinutes: 5,
      offlineMinutes: 30,
      routeDeviationMeters: 200,
      alertEmail: null,
      sosPhone: null,
      sosEscalationMinutes: 5,
      sosEscalationContacts: [],
      priceOneYearPaise: 150000,
      priceTwoYearsPaise: 280000,
      minMovingKmph: 5,
      minParkingMinutes: 5,
      minTripMeters: 300,
      minTripSeconds: 60,
      requireTotpForAdmins: false,
    });
    const saved = await call(admin, 'PUT', `/organisation/settings/${id}`, {
      overspeedKmph: 60,
      sosPhone: '9876500000',
      alertEmail: '',
    });
    expect(saved.json()).toMatchObject({
      message: 'Settings saved',
      data: { settings: { overspeedKmph: 60, sosPhone: '+919876500000', alertEmail: null } },
    });
    const organisation = (await call(admin, 'GET', `/organisation/${id}`)).json();
    const edited = await call(admin, 'PUT', `/organisation/${id}`, {
      ...organisation,
      attributes: { logo: null },
      brandName: 'Sunrise',
    });
    expect(edited.statusCode).toBe(200);
    expect((await call(admin, 'GET', `/organisation/settings/${id}`)).json().data.settings.overspeedKmph).toBe(60);
  });

  it('refuses bad values, organisations out of reach and roles without setting-organisation', async () => {
    const admin = { app: server.app, token: (await signIn(server.app, demoEmail('superadmin'))).token.access.token };
    const bad = await call(admin, 'PUT', `/organisation/settings/${orgs['Metro Auto Dealers']}`, { offlineMinutes: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Offline after must be a whole number from 5 to 1440');
    const role = await call(admin, 'POST', '/roles', {
      name: 'DEALER_ADMIN',
      organisationId: orgs['Metro Auto Dealers'],
      authScopes: [{ id: 'management-organisation', allowed: true, actions: { 'setting-organisation': true } }],
    });
    await call(admin, 'POST', '/users', {
      firstName: 'Dealer',
      email: 'dealeradmin@settings.test',
      phone: '9222222222',
      password: 'Dealer-pass-1',
      roleId: role.json().id,
      organisationId: orgs['Metro Auto Dealers'],
    });
    const dealerAdmin = {
      app: server.app,
      token: (await signIn(server.app, 'dealeradmin@settings.test', 'Dealer-pass-1')).token.access.token,
    };
    expect((await call(dealerAdmin, 'GET', `/organisation/settings/${orgs['Sunrise Logistics']}`)).statusCode).toBe(
      200,
    );
    expect(
      (await call(dealerAdmin, 'GET', `/organisation/settings/${orgs['Bharat Telematics Pvt Ltd']}`)).statusCode,
    ).toBe(404);
    expect(
      (
        await call(dealerAdmin, 'PUT', `/organisation/settings/${orgs['Bharat Telematics Pvt Ltd']}`, {
          idleMinutes: 9,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(distributer, 'GET', `/organisation/settings/${orgs['Metro Auto Dealers']}`)).statusCode).toBe(
      403,
    );
    expect(
      (await call(dealer, 'PUT', `/organisation/settings/${orgs['Metro Auto Dealers']}`, { idleMinutes: 9 }))
        .statusCode,
    ).toBe(403);
  });
});
