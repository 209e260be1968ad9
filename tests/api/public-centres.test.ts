import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { call, demoWorld, type Api } from './resource-fixtures.ts';

let server: TestServer;
let as: Record<string, Api>;
let orgs: Record<string, string>;
let users: { id: string; email: string; organisationId: string }[];

const anonymous = (url: string) => server.app.inject({ method: 'GET', url: `/api${url}`, remoteAddress: '10.9.8.7' });

beforeAll(async () => {
  server = await startTestServer();
  ({ as, orgs } = await demoWorld(server.app, ['superadmin', 'admin', 'dealer', 'distributer', 'customer']));
  users = (await call(as.superadmin!, 'GET', '/users?range=[0,99]')).json();
});
afterAll(async () => {
  await server?.close();
});

describe('public centre directories', () => {
  it('lists the demo listings by kind with published fields only, the RFC with its opted-in contact', async () => {
    const ssc = (await anonymous('/public/centres?kind=SSC')).json();
    expect(ssc.data.total).toBe(2);
    expect(ssc.data.centres.map((c: { name: string }) => c.name)).toEqual([
      'Metro Auto Dealers',
      'Sharma Distributors',
    ]);
    const rfc = await anonymous('/public/centres?kind=RFC');
    expect(rfc.statusCode).toBe(200);
    expect(rfc.json().data.centres).toEqual([
      {
        name: 'Metro Auto Dealers',
        address: '22 Park Street, Mullick Bazar',
        district: 'Kolkata',
        state: 'WB',
        phone: '+919830000202',
        latitude: 22.5526,
        longitude: 88.3527,
        contacts: [{ name: 'Deepak Joshi', phone: '+919800000010' }],
      },
    ]);
    // nothing beyond the published fields: no ids, e-mails, GST, user ids
    const text = rfc.body + JSON.stringify(ssc);
    for (const secret of [
      'hello@metroauto.in',
      'sales@sharmadist.in',
      '@demo.waymark.in',
      orgs['Metro Auto Dealers']!,
      ...users.map((u) => u.id),
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(Object.keys(ssc.data.centres[0]).sort()).toEqual([
      'address',
      'contacts',
      'district',
      'latitude',
      'longitude',
      'name',
      'phone',
      'state',
    ]);
  });

  it('filters by state, district and search text, pages, and names the places present', async () => {
    expect(
      (await anonymous('/public/centres?kind=SSC&state=WB&district=howrah'))
        .json()
        .data.centres.map((c: { name: string }) => c.name),
    ).toEqual(['Sharma Distributors']);
    expect((await anonymous('/public/centres?kind=SSC&state=UP')).json().data).toMatchObject({ centres: [], total: 0 });
    expect(
      (await anonymous('/public/centres?kind=SSC&q=park%20street'))
        .json()
        .data.centres.map((c: { name: string }) => c.name),
    ).toEqual(['Metro Auto Dealers']);
    expect((await anonymous('/public/centres?kind=SSC&q=100%25')).json().data.total).toBe(0);
    const paged = (await anonymous('/public/centres?kind=SSC&perPage=1&page=2')).json().data;
    expect(paged).toMatchObject({ total: 2, page: 2, perPage: 1 });
    expect(paged.centres.map((c: { name: string }) => c.name)).toEqual(['Sharma Distributors']);
    expect((await anonymous('/public/centres/places?kind=SSC')).json().data.states).toEqual([
      { state: 'WB', districts: ['Howrah', 'Kolkata'] },
    ]);
    expect((await anonymous('/public/centres/places?kind=RFC')).json().data.states).toEqual([
      { state: 'WB', districts: ['Kolkata'] },
    ]);
  });

  it('refuses bad filters with a message and caps the page size', async () => {
    const noKind = await anonymous('/public/centres');
    expect(noKind.statusCode).toBe(400);
    expect((await anonymous('/public/centres?kind=XYZ')).json().message).toBe('kind must be SSC or RFC');
    expect((await anonymous('/public/centres?kind=SSC&perPage=5000')).statusCode).toBe(400);
    expect((await anonymous(`/public/centres?kind=SSC&q=${'x'.repeat(500)}`)).statusCode).toBe(400);
    expect((await anonymous('/public/centres?kind=SSC&state=Narnia')).json().message).toBe('Choose a state of India');
  });

  it('publishes nothing of an unlisted organisation, and stops publishing when the listing is switched off', async () => {
    const customerOrg = orgs['Sunrise Logistics']!;
    expect((await anonymous('/public/centres?kind=SSC&q=Sunrise')).json().data.total).toBe(0);
    const off = await call(as.superadmin!, 'PUT', `/organisation/listing/${orgs['Sharma Distributors']}`, {
      isSsc: false,
      isRfc: false,
    });
    expect(off.json().message).toBe('The organisation is not listed publicly');
    expect(
      (await anonymous('/public/centres?kind=SSC')).json().data.centres.map((c: { name: string }) => c.name),
    ).toEqual(['Metro Auto Dealers']);
    // a contact who is disabled is no longer published
    const rfcAdmin = users.find((u) => u.email === 'rfcadmin@demo.waymark.in')!;
    await call(as.superadmin!, 'PUT', `/users/${rfcAdmin.id}`, {
      ...(await call(as.superadmin!, 'GET', `/users/${rfcAdmin.id}`)).json(),
      isEnabled: false,
      password: undefined,
    });
    expect((await anonymous('/public/centres?kind=RFC')).json().data.centres[0].contacts).toEqual([]);
    expect(
      (await call(as.superadmin!, 'GET', `/organisation/listing/${customerOrg}`)).json().data.listing,
    ).toMatchObject({ isSsc: false, isRfc: false });
  });

  it('lets those who may change the settings edit a listing, with clear refusals', async () => {
    const dealerOrg = orgs['Metro Auto Dealers']!;
    const read = (await call(as.admin!, 'GET', `/organisation/listing/${dealerOrg}`)).json().data;
    expect(read.listing).toMatchObject({ isRfc: true, district: 'Kolkata', state: 'WB' });
    // the RFC admin was disabled above: no longer offered, nor shown as chosen
    expect(read.candidates.map((c: { name: string }) => c.name)).toEqual([
      'Arjun Yadav',
      'Farhan Qureshi',
      'Kavya Nair',
      'Neha Gupta',
    ]);
    expect(read.listing.contactUserIds).toEqual([]);
    const missing = await call(as.admin!, 'PUT', `/organisation/listing/${dealerOrg}`, {
      isSsc: true,
      isRfc: false,
      address: '',
      district: '',
      state: '',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({
      address: 'A listed centre needs its address',
      district: 'A listed centre needs its district',
      state: 'A listed centre needs its state',
    });
    const stranger = users.find((u) => u.email === 'customer@demo.waymark.in')!;
    const foreign = await call(as.admin!, 'PUT', `/organisation/listing/${dealerOrg}`, {
      ...read.listing,
      contactUserIds: [stranger.id],
    });
    expect(foreign.json()).toMatchObject({ message: "Choose contacts among the organisation's enabled users" });
    const half = await call(as.admin!, 'PUT', `/organisation/listing/${dealerOrg}`, {
      ...read.listing,
      latitude: 22.5,
      longitude: null,
    });
    expect(half.json().message).toBe('Give both the latitude and the longitude, or neither');
    // roles without setting-organisation, and organisations out of reach
    expect((await call(as.dealer!, 'PUT', `/organisation/listing/${dealerOrg}`, read.listing)).statusCode).toBe(403);
    expect((await call(as.customer!, 'GET', `/organisation/listing/${dealerOrg}`)).statusCode).toBe(403);
    expect(
      (await server.app.inject({ method: 'PUT', url: `/api/organisation/listing/${dealerOrg}`, payload: read.listing }))
        .statusCode,
    ).toBe(401);
    const moved = await call(as.admin!, 'PUT', `/organisation/listing/${dealerOrg}`, {
      ...read.listing,
      district: '  Howrah ',
      phone: '98300 00303',
    });
    expect(moved.statusCode).toBe(200);
    expect((await anonymous('/public/centres?kind=RFC&district=Howrah')).json().data.centres[0]).toMatchObject({
      district: 'Howrah',
      phone: '+919830000303',
    });
  });

  it('throttles each address', async () => {
    let last = 0;
    for (let i = 0; i < 125 && last !== 429; i++) {
      last = (
        await server.app.inject({
          method: 'GET',
          url: '/api/public/centres/places?kind=RFC',
          remoteAddress: '10.1.1.1',
        })
      ).statusCode;
    }
    expect(last).toBe(429);
    expect(
      (
        await server.app.inject({
          method: 'GET',
          url: '/api/public/centres/places?kind=RFC',
          remoteAddress: '10.1.1.2',
        })
      ).statusCode,
    ).toBe(200);
  });
});
