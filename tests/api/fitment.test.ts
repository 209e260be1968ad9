import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { outbox } from '../../server/db/schema.ts';
import { demoEmail, signIn, startTestServer, type TestServer } from './harness.ts';
import { call, demoWorld, uploadPngs, type Api } from './resource-fixtures.ts';
import { sampleTable } from '../../custom-pages/fitment/bulkCsv.ts';
import { readBulkCsv } from '../../custom-pages/fitment/readBulkCsv.ts';

let server: TestServer;
let as: Record<string, Api>;
let devices: { id: string; imei: string; status: string; organisationId: string }[];
let orgs: Record<string, string>;

interface Fitment {
  id: string;
  imei: string;
  registrationNumber: string;
  customerName: string;
  customerPhone: string;
  activationStatus: string;
  expiresOn: string;
  deviceId: string;
  vehicleId: string;
  customerId: string;
  organisationId: string;
  customer: Record<string, unknown>;
  vehicle: Record<string, unknown>;
}

/** Six images the fitter uploaded: a fitment names only uploads of its writer's organisation tree (tests/api/private-documents.test.ts). */
let uploaded: string[] = [];
const image = (n: number) => uploaded[n - 1]!;

/** The messages queued for a recipient (server/outbox.ts), oldest first. */
const messagesTo = async (recipient: string) =>
  server.database.db
    .select({ channel: outbox.channel, subject: outbox.subject, body: outbox.body })
    .from(outbox)
    .where(eq(outbox.recipient, recipient))
    .orderBy(asc(outbox.createdAt));

/** A whole form as the console sends it; `over` replaces parts. */
function form(imei: string, over: Record<string, unknown> = {}, customer: Record<string, unknown> = {}) {
  return {
    vehicle: {
      category: 'TRUCK',
      registrationNumber: 'up 78 fz 9001',
      engineNo: 'ENG777',
      chassisNo: 'CHS777',
      regDate: '2025-06-01',
      rto: 'Kanpur Nagar-UP78',
      rtoCode: 'UP_UP78',
      make: 'Tata',
      model: 'Ace',
      rcImages: [image(1), image(2)],
    },
    device: { imei, panicButtonCount: 2, deviceImages: [image(3), image(4)] },
    customer: {
      firstName: 'Ravi',
      lastName: 'Kumar',
      email: 'ravi.kumar@fitment.test',
      phone: '9811100001',
      address: '12 Mall Road\nKanpur\nUP 208001',
      kycDocs: [
        { name: 'AADHAR', link: image(5) },
        { name: 'PAN', link: image(6) },
      ],
      ...customer,
    },
    fitter: { firstName: 'Arjun', lastName: 'Yadav', email: demoEmail('fitter'), phone: '9800000007' },
    fitmentDate: '2026-11-20',
    durationInDays: 365,
    deviceActivate: true,
    ...over,
  };
}

beforeAll(async () => {
  server = await startTestServer();
  ({ as, devices, orgs } = await demoWorld<(typeof devices)[number]>(server.app, [
    'superadmin',
    'manufacturer',
    'dealer',
    'fitter',
    'customer',
    'distributer',
  ]));
  uploaded = await uploadPngs(as.fitter!, 'IMAGE', 6);
});
afterAll(async () => {
  await server?.close();
});

const count = async () =>
  Number((await call(as.superadmin!, 'GET', '/fitment?range=[0,0]')).headers['content-range']!.split('/')[1]);
const userCount = async () =>
  Number((await call(as.superadmin!, 'GET', '/users?range=[0,0]')).headers['content-range']!.split('/')[1]);
const deviceStatus = async (i: number) =>
  (await call(as.superadmin!, 'GET', `/device/${devices[i]!.id}`)).json().status;

describe('fitment', () => {
  it('lists the demo fleet fitted, activated and searchable; the device picker leaves out installed devices', async () => {
    const list = await call(as.dealer!, 'GET', '/fitment?sort=["registrationNumber","ASC"]');
    expect(list.statusCode).toBe(200);
    const rows = list.json() as Fitment[];
    expect(rows.map((r) => r.registrationNumber)).toEqual([
      'UP78AT4321',
      'UP78BT4322',
      'UP78CT4323',
      'UP78DT4324',
      'UP78ET4325',
      'UP78FT4326',
    ]);
    expect(rows[0]).toMatchObject({
      customerName: 'Priya Singh',
      customerPhone: '+919876543210',
      activationStatus: 'ACTIVE',
      expiresOn: '2027-10-01T00:00:00+00:00',
    });
    expect(rows[0]!.customer).not.toHaveProperty('password');
    const searched = (
      await call(as.dealer!, 'GET', `/fitment?filter=${encodeURIComponent('{"q":"FT4326"}')}`)
    ).json() as Fitment[];
    expect(searched.map((r) => r.registrationNumber)).toEqual(['UP78FT4326']);
    // the fitter has no device management, yet picks from the devices they may fit
    const picker = await call(
      as.fitter!,
      'GET',
      `/device?filter=${encodeURIComponent('{"statusNotIn":"INSTALLED"}')}&range=[0,99]`,
    );
    expect(picker.statusCode).toBe(200);
    expect((picker.json() as { status: string }[]).every((d) => d.status !== 'INSTALLED')).toBe(true);
    expect((picker.json() as unknown[]).length).toBeGreaterThan(0);
    // a customer views certificates but fits nothing: no device list for them
    expect((await call(as.customer!, 'GET', '/device')).statusCode).toBe(403);
    // the RTO catalogue by state
    const rtos = (
      await call(as.fitter!, 'GET', `/rto?filter=${encodeURIComponent('{"state":"UP"}')}&range=[0,99]`)
    ).json() as { code: string; name: string }[];
    expect(rtos.find((r) => r.code === 'UP78')?.name).toBe('Kanpur Nagar');
  });

  it('looks customers and fitters up by phone, among the accounts the caller can see', async () => {
    const found = await call(as.fitter!, 'GET', '/users/lookup?phone=9876543210&roleName=CUSTOMER');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      firstName: 'Priya',
      lastName: 'Singh',
      email: demoEmail('customer'),
      phone: '+919876543210',
      roleName: 'CUSTOMER',
    });
    const notCustomer = await call(as.fitter!, 'GET', '/users/lookup?phone=9800000007&roleName=CUSTOMER');
    expect(notCustomer.statusCode).toBe(409);
    expect(notCustomer.json().message).toBe("This is not a customer's number");
    expect((await call(as.fitter!, 'GET', '/users/lookup?phone=9800000007')).json()).toMatchObject({
      firstName: 'Arjun',
      roleName: 'FITTER',
    });
    expect((await call(as.fitter!, 'GET', '/users/lookup?phone=9999999990')).statusCode).toBe(404);
    expect((await call(as.fitter!, 'GET', '/users/lookup?phone=12345')).statusCode).toBe(400);
    // the manufacturer's own staff are above the dealer's fitter: not found for them
    const maker = await call(as.fitter!, 'GET', '/users/lookup?phone=9800000003');
    expect(maker.statusCode).toBe(404);
    expect((await call(as.customer!, 'GET', '/users/lookup?phone=9876543210')).statusCode).toBe(403);
  });

  it('fits a device: the device is installed, the vehicle and the customer account made, the activation waits for approval', async () => {
    const created = await call(as.fitter!, 'POST', '/fitment', form(devices[8]!.imei, {}, { password: 'Ravi-pass-1' }));
    expect(created.statusCode).toBe(201);
    const fitment = created.json() as Fitment;
    expect(fitment).toMatchObject({
      imei: devices[8]!.imei,
      registrationNumber: 'UP78FZ9001',
      customerName: 'Ravi Kumar',
      customerPhone: '+919811100001',
      activationStatus: 'PENDING',
      expiresOn: '2027-11-20T00:00:00+00:00',
      organisationId: orgs['Metro Auto Dealers'],
    });
    expect(fitment.customer).not.toHaveProperty('password');
    expect(await deviceStatus(8)).toBe('INSTALLED');
    const vehicle = (await call(as.dealer!, 'GET', `/vehicle/${fitment.vehicleId}`)).json();
    expect(vehicle).toMatchObject({
      registrationNumber: 'UP78FZ9001',
      category: 'TRUCK',
      make: 'Tata',
      deviceId: devices[8]!.id,
      ownerId: fitment.customerId,
      isTrackingActivated: false,
    });
    // the new customer signs in with the password the form gave
    const ravi = await signIn(server.app, '9811100001', 'Ravi-pass-1');
    expect(ravi.user.role.name).toBe('CUSTOMER');
    // and is told so, at the e-mail the form gave: where to see the vehicle and how to sign in
    expect(await messagesTo('ravi.kumar@fitment.test')).toEqual([
      {
        channel: 'email',
        subject: 'Welcome to Waymark',
        body:
          'Hello Ravi, your vehicle UP78FZ9001 now has a Waymark tracker. See it live at http://localhost:8080: ' +
          'sign in with your phone number +919811100001 and the password your dealer gave you, ' +
          'or choose "Lost password?" there to set one.',
      },
    ]);

    // the manufacturer approves; the vehicle is tracked. Undo stops it.
    expect((await call(as.fitter!, 'PUT', `/activation/approve/${fitment.id}`)).statusCode).toBe(403);
    const approved = await call(as.manufacturer!, 'PUT', `/activation/approve/${fitment.id}`);
    expect(approved.json()).toMatchObject({ activationStatus: 'ACTIVE' });
    expect((await call(as.dealer!, 'GET', `/vehicle/${fitment.vehicleId}`)).json().isTrackingActivated).toBe(true);
    expect((await call(as.manufacturer!, 'PUT', `/activation/approve/${fitment.id}`)).json()).toMatchObject({
      success: false,
      message: 'This activation is already active',
    });
    expect((await call(as.manufacturer!, 'PUT', `/activation/undo/${fitment.id}`)).json()).toMatchObject({
      activationStatus: 'INACTIVE',
    });
    expect((await call(as.dealer!, 'GET', `/vehicle/${fitment.vehicleId}`)).json().isTrackingActivated).toBe(false);

    // edit mode: the same form; the device stays, the rest follows
    const edited = await call(
      as.fitter!,
      'PUT',
      `/fitment/${fitment.id}`,
      form(devices[8]!.imei, { durationInDays: 730 }, { address: '12 Mall Road\nKanpur\nUP 208002' }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      durationInDays: 730,
      expiresOn: '2028-11-19T00:00:00+00:00',
      activationStatus: 'PENDING',
      customer: { address: '12 Mall Road\nKanpur\nUP 208002' },
    });
    const moved = await call(as.fitter!, 'PUT', `/fitment/${fitment.id}`, form(devices[9]!.imei));
    expect(moved.json()).toMatchObject({ success: false, message: "A fitment's device cannot be changed" });
    // an edit opens no account: no second welcome
    expect(await messagesTo('ravi.kumar@fitment.test')).toHaveLength(1);
  });

  it('refuses bad fitments with a clear message and changes nothing', async () => {
    const before = { fitments: await count(), users: await userCount(), device7: await deviceStatus(7) };
    const phone = { phone: '9811100002', email: 'nobody@fitment.test' };
    const attempts: [Api, object, number, string][] = [
      [as.fitter!, form('123', {}, phone), 400, 'IMEI must be 15 digits'],
      [as.fitter!, form('999999999999999', {}, phone), 400, 'No device with this IMEI is in your organisations'],
      [as.fitter!, form(devices[0]!.imei, {}, phone), 409, 'This device is already fitted: edit its fitment instead'],
      // the manufacturer's stock is above the dealer
      [as.fitter!, form(devices[11]!.imei, {}, phone), 400, 'No device with this IMEI is in your organisations'],
      [as.fitter!, form(devices[7]!.imei, {}, { phone: '9800000007' }), 400, "This is not a customer's number"],
      [
        as.fitter!,
        form(devices[7]!.imei, {}, { ...phone, email: demoEmail('dealer') }),
        409,
        'This e-mail belongs to another account',
      ],
      [
        as.fitter!,
        form(devices[7]!.imei, { vehicle: { ...form('').vehicle, registrationNumber: undefined } }, phone),
        400,
        'Registration Number is required',
      ],
      [
        as.fitter!,
        form(devices[7]!.imei, { vehicle: { ...form('').vehicle, rcImages: [image(1)] } }, phone),
        400,
        'Upload exactly 2 RC images',
      ],
      [as.fitter!, form(devices[7]!.imei, {}, { ...phone, address: undefined }), 400, 'Customer Address is required'],
      [as.fitter!, form(devices[7]!.imei, { fitmentDate: undefined }), 400, 'Fitment Date is required'],
      // the registration number of the customer organisation's truck: not the dealer's to change
      [
        as.distributer!,
        form(devices[7]!.imei, { vehicle: { ...form('').vehicle, registrationNumber: 'UP78AT4321' } }, phone),
        403,
        'You do not have permission to do this',
      ],
      [as.customer!, form(devices[7]!.imei, {}, phone), 403, 'You do not have permission to do this'],
    ];
    for (const [who, body, status, text] of attempts) {
      const response = await call(who, 'POST', '/fitment', body);
      expect({ status: response.statusCode, message: response.json().message }).toEqual({ status, message: text });
    }
    expect({ fitments: await count(), users: await userCount(), device7: await deviceStatus(7) }).toEqual(before);
  });

  it('answers whatever another organisation holds with one message on the field typed, never which kind of record it is', async () => {
    const root = (await call(as.superadmin!, 'GET', '/organisation?range=[0,99]'))
      .json()
      .find((o: { parentId: string | null }) => o.parentId === null).id;
    const rival = (
      await call(as.superadmin!, 'POST', '/organisation', {
        tradeName: 'Rival Fleet',
        brandName: 'Rival Fleet',
        parentId: root,
      })
    ).json().id as string;
    const roles = (
      await call(as.superadmin!, 'GET', `/roles?range=[0,99]&filter=${encodeURIComponent('{"isSystem":true}')}`)
    ).json() as { id: string; name: string }[];
    const customer = await call(as.superadmin!, 'POST', '/users', {
      firstName: 'Rival',
      lastName: 'Customer',
      email: 'rival.customer@fitment.test',
      phone: '9822200001',
      password: 'Rival-pass-1',
      roleId: roles.find((r) => r.name === 'CUSTOMER')!.id,
      organisationId: rival,
    });
    expect(customer.statusCode).toBe(201);
    const vehicle = await call(as.superadmin!, 'POST', '/vehicle', {
      name: 'Rival truck',
      registrationNumber: 'UP32RV4001',
      category: 'TRUCK',
      organisationId: rival,
    });
    expect(vehicle.statusCode).toBe(201);

    const before = { fitments: await count(), users: await userCount(), device7: await deviceStatus(7) };
    const fresh = { phone: '9811100003', email: 'fresh@fitment.test' };
    const ELSEWHERE = 'This belongs to another organisation: check what you typed, or ask your administrator';
    const attempts: [string, object][] = [
      // another organisation's customer, the device maker's staff (not a customer), a rival's e-mail, a rival's vehicle
      ['customer.phone', form(devices[7]!.imei, {}, { phone: '9822200001' })],
      ['customer.phone', form(devices[7]!.imei, {}, { phone: '9800000003' })],
      ['customer.email', form(devices[7]!.imei, {}, { ...fresh, email: 'rival.customer@fitment.test' })],
      ['customer.email', form(devices[7]!.imei, {}, { ...fresh, email: demoEmail('manufacturer') })],
      [
        'vehicle.registrationNumber',
        form(devices[7]!.imei, { vehicle: { ...form('').vehicle, registrationNumber: 'UP32RV4001' } }, fresh),
      ],
    ];
    for (const [field, body] of attempts) {
      const response = await call(as.fitter!, 'POST', '/fitment', body);
      expect({ status: response.statusCode, body: response.json() }).toMatchObject({
        status: 409,
        body: { message: ELSEWHERE, errors: { [field]: ELSEWHERE } },
      });
    }
    expect({ fitments: await count(), users: await userCount(), device7: await deviceStatus(7) }).toEqual(before);
  });

  it("keeps a fitment's device and vehicle: deleting them is refused", async () => {
    const [fitment] = (
      await call(as.superadmin!, 'GET', '/fitment?sort=["registrationNumber","ASC"]&range=[0,0]')
    ).json() as Fitment[];
    for (const url of [`/vehicle/${fitment!.vehicleId}`, `/device/${fitment!.deviceId}`]) {
      const refused = await call(as.superadmin!, 'DELETE', url);
      expect({ status: refused.statusCode, message: refused.json().message }).toEqual({
        status: 409,
        message: 'This item is in use and cannot be deleted',
      });
    }
    expect((await call(as.superadmin!, 'GET', `/fitment/${fitment!.id}`)).statusCode).toBe(200);
  });

  it('creates activations in bulk, all or none, naming the failing row as a spreadsheet numbers it', async () => {
    const before = await count();
    const rows = [
      // the CSV's required columns only: no address, registration or fitment date
      form(
        devices[9]!.imei,
        {
          vehicle: { ...form('').vehicle, registrationNumber: 'UP32BK1001', rcImages: undefined, regDate: undefined },
          fitmentDate: undefined,
        },
        { phone: '9811100011', email: undefined, lastName: undefined, address: undefined, kycDocs: undefined },
      ),
      form(
        devices[10]!.imei,
        { vehicle: { ...form('').vehicle, registrationNumber: 'UP32BK1002', rcImages: undefined } },
        { phone: '9811100012', email: 'bulk2@fitment.test', kycDocs: undefined },
      ),
    ];
    const unknownDevice = form('999999999999999', {}, { phone: '9811100013', email: 'bulk3@fitment.test' });
    // without the row's line, the header is row 1 and the first record row 2
    const failing = await call(as.superadmin!, 'POST', '/activation/bulk', [rows[0], unknownDevice]);
    expect(failing.json()).toMatchObject({
      success: false,
      message: 'Row 3: No device with this IMEI is in your organisations',
    });
    const invalid = await call(as.superadmin!, 'POST', '/activation/bulk', [
      rows[0],
      { ...rows[1], durationInDays: undefined },
    ]);
    expect(invalid.json()).toMatchObject({ success: false, message: 'Row 3: Activation Duration is required' });
    // the console sends each record's line in the file (blank rows counted), and the message names it
    const failingAt = await call(as.superadmin!, 'POST', '/activation/bulk', [
      { ...rows[0], line: 2 },
      { ...unknownDevice, line: 5 },
    ]);
    expect(failingAt.json()).toMatchObject({
      success: false,
      message: 'Row 5: No device with this IMEI is in your organisations',
    });
    const invalidAt = await call(as.superadmin!, 'POST', '/activation/bulk', [
      { ...rows[0], line: 2 },
      { ...rows[1], durationInDays: undefined, line: 7 },
    ]);
    expect(invalidAt.json()).toMatchObject({ success: false, message: 'Row 7: Activation Duration is required' });
    expect(await count()).toBe(before);
    expect(await deviceStatus(9)).toBe('NEW');

    const done = await call(
      as.superadmin!,
      'POST',
      '/activation/bulk',
      rows.map((row, i) => ({ ...row, line: i + 3 })),
    );
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: true, message: 'Activations created successfully', created: 2 });
    const first = (await call(as.superadmin!, 'GET', `/fitment/${done.json().ids[0]}`)).json() as Fitment & {
      fitmentDate: string;
    };
    expect(first).toMatchObject({ registrationNumber: 'UP32BK1001', customerName: 'Ravi' });
    expect(first.fitmentDate.slice(0, 10)).toBe(new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10));
    const nameless = await call(as.superadmin!, 'POST', '/activation/bulk', [
      form(devices[11]!.imei, {}, { phone: '9811100014', firstName: undefined }),
    ]);
    expect(nameless.json()).toMatchObject({ success: false, message: 'Row 2: A new customer needs a first name' });
    expect(await count()).toBe(before + 2);
    expect((await call(as.customer!, 'POST', '/activation/bulk', rows)).statusCode).toBe(403);
  });

  it('lets a role holding only the device action create-activation fit a device, and nothing more', async () => {
    const authScopes = [{ id: 'management-device', allowed: true, actions: { 'create-activation': true } }];
    const role = (
      await call(as.superadmin!, 'POST', '/roles', {
        name: 'ACTIVATOR',
        authScopes,
        organisationId: orgs['Metro Auto Dealers'],
      })
    ).json();
    await call(as.superadmin!, 'POST', '/users', {
      firstName: 'Act',
      email: 'activator@fitment.test',
      phone: '9811111112',
      password: 'Activator-1',
      roleId: role.id,
      organisationId: orgs['Metro Auto Dealers'],
    });
    const activator = {
      app: server.app,
      token: (await signIn(server.app, 'activator@fitment.test', 'Activator-1')).token.access.token,
    };
    const created = await call(
      activator,
      'POST',
      '/fitment',
      form(
        devices[7]!.imei,
        { vehicle: { ...form('').vehicle, registrationNumber: 'UP78AC7007' } },
        { phone: '9811100021', email: 'act@fitment.test' },
      ),
    );
    expect(created.statusCode).toBe(201);
    expect((await call(activator, 'GET', '/fitment')).statusCode).toBe(403);
    expect((await call(activator, 'PUT', `/activation/approve/${created.json().id}`)).statusCode).toBe(403);
  });
});

describe("the bulk upload's sample file", () => {
  it('uploads unchanged for a dealer: its device is one the dealer may fit and its date is today', async () => {
    const dealer = { app: server.app, token: (await signIn(server.app, demoEmail('dealer'))).token.access.token };
    // the device the dialog asks for, as the form's IMEI picker does
    const [free] = (
      await call(dealer, 'GET', '/device?filter={"statusNotIn":"INSTALLED"}&sort=["imei","ASC"]&range=[0,0]')
    ).json() as { imei: string }[];
    expect(free).toBeDefined();
    const sample = sampleTable(free!.imei);
    const read = readBulkCsv([sample.headers, ...sample.rows].map((row) => row.join(',')).join('\n'));
    if ('error' in read) throw new Error(read.error);
    const uploaded = await call(dealer, 'POST', '/activation/bulk', read.records);
    expect(uploaded.json()).toMatchObject({ success: true, created: 1 });
    const [fitment] = (
      await call(dealer, 'GET', `/fitment?filter=${encodeURIComponent(JSON.stringify({ q: free!.imei }))}`)
    ).json() as Fitment[];
    expect(fitment).toMatchObject({ imei: free!.imei, registrationNumber: `UP78SM${free!.imei.slice(-4)}` });
  });
});
