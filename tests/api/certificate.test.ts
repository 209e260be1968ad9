import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer, demoEmail, DEMO_PASSWORD, signIn, startTestServer, type TestServer } from './harness.ts';
import { call, demoWorld, uploadPngs, type Api } from './resource-fixtures.ts';
import { CERTIFICATE_LOOKUPS_PER_MINUTE } from '../../server/certificates/routes.ts';
import type { CertificateData } from '../../resources/certificate.ts';

let server: TestServer;
let as: Record<string, Api>;
let devices: { id: string; imei: string; status: string; organisationId: string }[];
let orgs: Record<string, string>;
/** The fitment this file makes, with RC, device and KYC uploads. */
let imei: string;
let kycLinks: string[];
let outsider: Api;

/** Every string anywhere in a JSON answer. */
const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];

const anonymous = (url: string, ip = '10.0.0.1') =>
  server.app.inject({ method: 'GET', url: `/api${url}`, remoteAddress: ip });

beforeAll(async () => {
  server = await startTestServer();
  ({ as, devices, orgs } = await demoWorld<(typeof devices)[number]>(server.app, [
    'superadmin',
    'dealer',
    'fitter',
    'customer',
    'rfcadmin',
  ]));
  // a fitment by the dealer of a device of its own, with every kind of image
  const device = devices.find((d) => d.organisationId === orgs['Metro Auto Dealers'] && d.status === 'ALLOCATED')!;
  imei = device.imei;
  const [rc1, rc2, d1, d2] = await uploadPngs(as.dealer!, 'IMAGE', 4);
  kycLinks = await uploadPngs(as.dealer!, 'DOC', 2);
  const created = await call(as.dealer!, 'POST', '/fitment', {
    vehicle: {
      category: 'TRUCK',
      registrationNumber: 'UP78CT9001',
      engineNo: 'ENG777',
      chassisNo: 'CHS777',
      regDate: '2025-06-01',
      rto: 'Kanpur Nagar-UP78',
      rtoCode: 'UP_UP78',
      make: 'Tata',
      model: 'Ace',
      rcImages: [rc1, rc2],
    },
    device: { imei, panicButtonCount: 2, deviceImages: [d1, d2] },
    customer: {
      firstName: 'सीमा',
      lastName: 'Rao',
      email: 'seema.rao@certificate.test',
      phone: '9811100077',
      address: '12 Mall Road\nKanpur\nUP 208001',
      kycDocs: [
        { name: 'AADHAR', link: kycLinks[0] },
        { name: 'PAN', link: kycLinks[1] },
      ],
    },
    fitter: { firstName: 'Arjun', lastName: 'Yadav', email: demoEmail('fitter'), phone: '9800000007' },
    fitmentDate: '2026-11-20',
    durationInDays: 365,
    deviceActivate: true,
  });
  expect(created.statusCode).toBe(201);
  // another tenant: a dealer of a sibling organisation, holding view-certificate
  const other = (
    await call(as.superadmin!, 'POST', '/organisation', {
      parentId: orgs['Bharat Telematics'] ?? undefined,
      tradeName: 'Other Motors',
      brandName: 'Other Motors',
      isOnboarded: true,
      address: {},
    })
  ).json();
  const roles = (
    await call(as.superadmin!, 'GET', `/roles?range=[0,99]&filter=${encodeURIComponent('{"isSystem":true}')}`)
  ).json() as { id: string; name: string }[];
  const user = await call(as.superadmin!, 'POST', '/users', {
    firstName: 'Other',
    lastName: 'Dealer',
    email: 'other.dealer@certificate.test',
    phone: '9811100088',
    password: DEMO_PASSWORD,
    roleId: roles.find((r) => r.name === 'DEALER')!.id,
    organisationId: other.id,
  });
  expect(user.statusCode).toBe(201);
  outsider = { app: server.app, token: (await signIn(server.app, 'other.dealer@certificate.test')).token.access.token };
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/certificate/{imei}', () => {
  it('shows an anonymous visitor the owner and the vehicle, with phone and e-mail masked and no KYC anywhere', async () => {
    const response = await anonymous(`/certificate/${imei}`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as CertificateData;
    expect(body.full).toBe(false);
    expect(body.vehicle).toMatchObject({
      registrationNumber: 'UP78CT9001',
      make: 'Tata',
      model: 'Ace',
      engineNo: 'ENG777',
      regDate: '2025-06-01',
    });
    expect(body.device).toMatchObject({ imei, model: 'BT-140 VLTD', tac: 'CC-AIS140-2041', panicButtonCount: 2 });
    expect(body.owner).toMatchObject({
      firstName: 'सीमा',
      lastName: 'Rao',
      phone: '98******77',
      email: 'se****@certificate.test',
      address: null,
      kycDocs: [],
    });
    expect(body.fitment.by).toEqual({ firstName: 'Arjun', lastName: 'Yadav', phone: null, email: null });
    expect(body.vendor).toMatchObject({ brandName: 'Metro Auto', email: 'hello@metroauto.in' });
    expect(body.vehicle.rcImages).toHaveLength(2);
    const text = response.body;
    for (const secret of [
      '9811100077',
      'seema.rao',
      '9800000007',
      demoEmail('fitter'),
      'Mall Road',
      ...kycLinks,
      '/api/file/doc/',
    ])
      expect(text).not.toContain(secret);
    // the same through the spec's "quick" lookup
    const quick = await anonymous(`/certificate/quick?imei=${imei}`);
    expect(quick.json()).toEqual(body);
  });

  it('never lets an anonymous visitor read a KYC document, nor another tenant; the uploading organisation can', async () => {
    for (const link of kycLinks) {
      expect((await server.app.inject({ method: 'GET', url: link })).statusCode).toBe(401);
      expect((await server.app.inject({ method: 'GET', url: link, headers: bearer(outsider.token) })).statusCode).toBe(
        404,
      );
      const own = await server.app.inject({ method: 'GET', url: link, headers: bearer(as.dealer!.token) });
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('shows a signed-in user with view-certificate on the organisation everything', async () => {
    for (const who of ['dealer', 'superadmin'] as const) {
      const body = (await call(as[who]!, 'GET', `/certificate/${imei}`)).json() as CertificateData;
      expect(body.full).toBe(true);
      expect(body.owner).toMatchObject({
        phone: '+919811100077',
        email: 'seema.rao@certificate.test',
        address: '12 Mall Road\nKanpur\nUP 208001',
      });
      expect(body.owner.kycDocs).toEqual([
        { name: 'AADHAR', link: kycLinks[0] },
        { name: 'PAN', link: kycLinks[1] },
      ]);
      expect(body.fitment.by).toMatchObject({ phone: '+919800000007', email: demoEmail('fitter') });
    }
  });

  it('gives another tenant, even with view-certificate, the masked view', async () => {
    const response = await call(outsider, 'GET', `/certificate/${imei}`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as CertificateData;
    expect(body.full).toBe(false);
    expect(body.owner.phone).toBe('98******77');
    expect(strings(body).some((s) => s.includes('/api/file/doc/') || s.includes('9811100077'))).toBe(false);
  });

  it("masks the device's SIM numbers and ICCID for an anonymous visitor and another tenant, as it masks the owner's phone", async () => {
    const device = (
      await call(as.superadmin!, 'GET', `/device/${devices.find((d) => d.imei === imei)!.id}`)
    ).json() as { sim1: string; sim2: string; iccid: string };
    expect(device.sim1 && device.sim2 && device.iccid).toBeTruthy();
    const masked = (number: string) => `${number.slice(0, 2)}${'*'.repeat(number.length - 4)}${number.slice(-2)}`;
    for (const response of [
      await anonymous(`/certificate/${imei}`),
      await call(outsider, 'GET', `/certificate/${imei}`),
    ]) {
      const body = response.json() as CertificateData;
      expect(body.device).toMatchObject({
        sim1: masked(device.sim1),
        sim2: masked(device.sim2),
        iccid: masked(device.iccid),
      });
      for (const secret of [device.sim1, device.sim2, device.iccid]) expect(response.body).not.toContain(secret);
    }
    const full = (await call(as.dealer!, 'GET', `/certificate/${imei}`)).json() as CertificateData;
    expect(full.device).toMatchObject({ sim1: device.sim1, sim2: device.sim2, iccid: device.iccid });
  });

  it("names as vendor the organisation that fitted the device, never the customer holding it: the demo's own fitments", async () => {
    // the demo's six fitted devices are held by Sunrise Logistics (the customer); Metro Auto's fitter fitted them
    const fitted = devices.filter((d) => d.organisationId === orgs['Sunrise Logistics'] && d.status === 'INSTALLED');
    expect(fitted.length).toBeGreaterThan(0);
    for (const device of fitted) {
      const body = (await anonymous(`/certificate/${device.imei}`)).json() as CertificateData;
      expect(body.owner).toMatchObject({ firstName: 'Priya', lastName: 'Singh' });
      expect(body.vendor).toMatchObject({
        brandName: 'Metro Auto',
        tradeName: 'Metro Auto Dealers',
        email: 'hello@metroauto.in',
        contact: '+918000000006',
        address: {
          landmark: 'GT Road, Rawatpur',
          city: 'Kanpur',
          state: 'Uttar Pradesh',
          pin: '208001',
          country: 'India',
        },
      });
    }
  });

  it('answers 404 with a clear message for an IMEI without a fitment', async () => {
    const unfitted = devices.find((d) => d.status === 'NEW')!;
    for (const id of [unfitted.imei, '000000000000000', 'not-an-imei']) {
      const response = await anonymous(`/certificate/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        success: false,
        message: 'No certificate for this device',
        messageKey: 'certificate.notFound',
      });
    }
  });

  it('throttles lookups per address with 429', async () => {
    const ip = '10.9.9.9';
    const answers: number[] = [];
    for (let i = 0; i <= CERTIFICATE_LOOKUPS_PER_MINUTE; i++)
      answers.push((await anonymous(`/certificate/${imei}`, ip)).statusCode);
    expect(answers.slice(0, CERTIFICATE_LOOKUPS_PER_MINUTE).every((s) => s === 200)).toBe(true);
    const refused = await anonymous(`/certificate/${imei}`, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // another address is not held back
    expect((await anonymous(`/certificate/${imei}`, '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('PUT /api/certificate/{imei} (edit-certificate)', () => {
  it("corrects the certificate's fields, keeps one audit row per change and shows the corrected values", async () => {
    const response = await call(as.rfcadmin!, 'PUT', `/certificate/${imei}`, {
      vehicle: { engineNo: 'ENG778', make: 'Tata', regDate: '2025-06-02' },
      owner: { address: '14 Mall Road\nKanpur\nUP 208001' },
      fitter: { lastName: 'Yadav Jr' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as CertificateData;
    expect(body.vehicle).toMatchObject({ engineNo: 'ENG778', make: 'Tata', regDate: '2025-06-02' });
    expect(body.corrected).toEqual(['fitter.lastName', 'owner.address', 'vehicle.engineNo', 'vehicle.regDate']);
    const rows = (await server.database.db.execute(sql`select c.field, c.old_value as old, c.new_value as new, u.email
      from certificate_corrections c join users u on u.id = c.corrected_by order by c.field`)) as unknown as {
      rows: Record<string, string>[];
    };
    expect(rows.rows).toEqual([
      { field: 'fitter.lastName', old: 'Yadav', new: 'Yadav Jr', email: demoEmail('rfcadmin') },
      {
        field: 'owner.address',
        old: '12 Mall Road\nKanpur\nUP 208001',
        new: '14 Mall Road\nKanpur\nUP 208001',
        email: demoEmail('rfcadmin'),
      },
      { field: 'vehicle.engineNo', old: 'ENG777', new: 'ENG778', email: demoEmail('rfcadmin') },
      { field: 'vehicle.regDate', old: '2025-06-01', new: '2025-06-02', email: demoEmail('rfcadmin') },
    ]);
    const trail = (await call(as.rfcadmin!, 'GET', `/certificate/${imei}/corrections`)).json() as {
      field: string;
      oldValue: string;
      newValue: string;
      correctedBy: string;
      correctedAt: string;
    }[];
    expect(trail.map((c) => [c.field, c.oldValue, c.newValue, c.correctedBy])).toContainEqual([
      'vehicle.engineNo',
      'ENG777',
      'ENG778',
      'Deepak Joshi',
    ]);
    expect(trail).toHaveLength(4);
    expect((await call(as.dealer!, 'GET', `/certificate/${imei}/corrections`)).statusCode).toBe(403);
    expect((await call(outsider, 'GET', `/certificate/${imei}/corrections`)).statusCode).toBe(403);
    const seen = (await anonymous(`/certificate/${imei}`, '10.0.0.2')).json() as CertificateData;
    expect(seen.vehicle.engineNo).toBe('ENG778');
    expect(seen.fitment.by.lastName).toBe('Yadav Jr');
    expect(seen.owner.address).toBeNull();
  });

  it("validates with the fitment form's rules and changes nothing on bad input", async () => {
    const before = (await call(as.rfcadmin!, 'GET', `/certificate/${imei}`)).json();
    for (const [payload, text] of [
      [{ vehicle: { engineNo: 'E'.repeat(51) } }, 'Engine No must be at most 50 characters'],
      [{ vehicle: { regDate: '2025-13-01' } }, 'Vehicle Registration Date is not valid'],
      [{ owner: { address: '' } }, 'Customer Address is required'],
    ] as const) {
      const response = await call(as.rfcadmin!, 'PUT', `/certificate/${imei}`, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(text);
    }
    expect((await call(as.rfcadmin!, 'PUT', `/certificate/${imei}`, {})).statusCode).toBe(400);
    expect((await call(as.rfcadmin!, 'GET', `/certificate/${imei}`)).json()).toEqual(before);
  });

  it('refuses lower roles, anonymous callers and other tenants', async () => {
    const change = { vehicle: { engineNo: 'HACKED' } };
    expect((await call(as.dealer!, 'PUT', `/certificate/${imei}`, change)).statusCode).toBe(403);
    expect((await call(as.customer!, 'PUT', `/certificate/${imei}`, change)).statusCode).toBe(403);
    expect(
      (await server.app.inject({ method: 'PUT', url: `/api/certificate/${imei}`, payload: change })).statusCode,
    ).toBe(401);
    const other = await call(as.superadmin!, 'GET', `/certificate/${imei}`);
    expect(other.json().vehicle.engineNo).toBe('ENG778');
  });
});
