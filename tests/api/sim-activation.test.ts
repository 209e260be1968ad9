import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from './harness.ts';
import { call, demoWorld, type Api } from './resource-fixtures.ts';

let server: TestServer;
let as: Record<string, Api>;
let devices: { id: string; imei: string; uid: string | null; organisationId: string }[];
let orgs: Record<string, string>;

interface Order {
  id: string;
  imei: string;
  deviceId: string;
  status: string;
  ips: string[];
  numbers: string[];
  durationInDays: number;
  manufacturerId: string;
  organisationId: string;
  attributes: { simDetails?: Record<string, unknown> };
  labels: Record<string, string>;
}

beforeAll(async () => {
  server = await startTestServer();
  ({ as, devices, orgs } = await demoWorld<(typeof devices)[number]>(server.app, [
    'superadmin',
    'admin',
    'manufacturer',
    'distributer',
    'dealer',
    'customer',
  ]));
});
afterAll(async () => {
  await server?.close();
});

const device = (i: number) => devices[i]!;
const orderCount = async () =>
  Number((await call(as.superadmin!, 'GET', '/sim-activation?range=[0,0]')).headers['content-range']!.split('/')[1]);

describe('SIM activation orders', () => {
  it('lists the demo orders by the spec query parameters, with the manufacturer and holder named', async () => {
    const initiated = await call(as.dealer!, 'GET', '/sim-activation?simStatus=INITIATED');
    expect(initiated.statusCode).toBe(200);
    const rows = initiated.json() as Order[];
    expect(rows.map((r) => r.imei)).toEqual([device(6).imei]);
    expect(rows[0]).toMatchObject({
      status: 'INITIATED',
      durationInDays: 365,
      numbers: ['+919876500006'],
      organisationId: orgs['Metro Auto Dealers'],
    });
    expect(rows[0]!.labels).toMatchObject({ manufacturerId: 'Bharat Telematics', organisationId: 'Metro Auto' });
    const both = (await call(as.dealer!, 'GET', '/sim-activation?simStatus=INITIATED,APPROVED')).json() as Order[];
    expect(both.map((r) => r.status).sort()).toEqual(['APPROVED', 'INITIATED']);
    expect((await call(as.dealer!, 'GET', `/sim-activation?organisation=${orgs['Sunrise Logistics']}`)).json()).toEqual(
      [],
    );
    const byImei = (await call(as.dealer!, 'GET', `/sim-activation?imei=${device(7).imei}`)).json() as Order[];
    expect(byImei.map((r) => r.imei)).toEqual([device(7).imei]);
    const byId = (await call(as.dealer!, 'GET', `/sim-activation?_id=${rows[0]!.id}`)).json() as Order[];
    expect(byId.map((r) => r.id)).toEqual([rows[0]!.id]);
    // the customer below the dealer has no SIM activation module
    expect((await call(as.customer!, 'GET', '/sim-activation')).statusCode).toBe(403);
  });

  it('raises an order for a device the caller holds: INITIATED, numbers kept with +91, empty entries dropped', async () => {
    const created = await call(as.dealer!, 'POST', '/sim-activation', {
      imei: device(8).imei,
      ips: ['gps.example.in:5027', ' '],
      numbers: ['9876512345', '', '+919876554321'],
      durationInDays: 730,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      imei: device(8).imei,
      deviceId: device(8).id,
      status: 'INITIATED',
      ips: ['gps.example.in:5027'],
      numbers: ['+919876512345', '+919876554321'],
      durationInDays: 730,
      manufacturerId: orgs['Bharat Telematics Pvt Ltd'],
      organisationId: orgs['Metro Auto Dealers'],
    });
    // the device's edit page finds its open order by device
    const open = (
      await call(as.dealer!, 'GET', `/sim-activation?deviceId=${device(8).id}&simStatus=INITIATED,APPROVED`)
    ).json() as Order[];
    expect(open.map((o) => o.id)).toEqual([created.json().id]);
  });

  it('refuses bad orders with a clear message and writes nothing', async () => {
    const before = await orderCount();
    const attempts: [Api, object, number, string][] = [
      [
        as.dealer!,
        { imei: '123', ips: ['1.2.3.4'], numbers: ['9876500000'], durationInDays: 365 },
        400,
        'IMEI must be 15 digits',
      ],
      [
        as.dealer!,
        { imei: '999999999999999', ips: ['1.2.3.4'], numbers: ['9876500000'], durationInDays: 365 },
        400,
        'No device with this IMEI was found',
      ],
      // a device of the manufacturer, above the dealer: out of sight
      [
        as.dealer!,
        { imei: device(11).imei, ips: ['1.2.3.4'], numbers: ['9876500000'], durationInDays: 365 },
        400,
        'No device with this IMEI was found',
      ],
      [
        as.dealer!,
        { imei: device(8).imei, ips: ['1.2.3.4'], numbers: ['9876500000'], durationInDays: 365 },
        409,
        'An activation order is already open for this device',
      ],
      [
        as.distributer!,
        { imei: device(9).imei, ips: [], numbers: ['9876500000'], durationInDays: 365 },
        400,
        'Atleast one ips is required',
      ],
      [
        as.distributer!,
        { imei: device(9).imei, ips: ['', ' '], numbers: ['9876500000'], durationInDays: 365 },
        400,
        'Atleast one ips is required',
      ],
      [
        as.distributer!,
        { imei: device(9).imei, ips: ['1.2.3.4'], numbers: [], durationInDays: 365 },
        400,
        'Atleast one Phone Number is required',
      ],
      [
        as.distributer!,
        { imei: device(9).imei, ips: ['a', 'b', 'c', 'd', 'e'], numbers: ['9876500000'], durationInDays: 365 },
        400,
        'At most 4 IPs',
      ],
      [
        as.distributer!,
        { imei: device(9).imei, ips: ['not an address!'], numbers: ['9876500000'], durationInDays: 365 },
        400,
        'An IP must be an address or host name, with an optional port',
      ],
      [
        as.distributer!,
        { imei: device(9).imei, ips: ['1.2.3.4'], numbers: ['12345'], durationInDays: 365 },
        400,
        'Phone Numbers: each must be a 10-digit mobile number starting with 6, 7, 8 or 9',
      ],
      [
        as.distributer!,
        { imei: device(9).imei, ips: ['1.2.3.4'], numbers: ['9876500000'] },
        400,
        'Duration is required',
      ],
      [
        as.customer!,
        { imei: device(0).imei, ips: ['1.2.3.4'], numbers: ['9876500000'], durationInDays: 365 },
        403,
        'You do not have permission to do this',
      ],
    ];
    for (const [who, body, status, text] of attempts) {
      const response = await call(who, 'POST', '/sim-activation', body);
      expect(response.statusCode, text).toBe(status);
      expect(response.json()).toMatchObject({ success: false, message: text });
    }
    expect(await orderCount()).toBe(before);
  });

  it('lets only the manufacturer (or SUPER_ADMIN) approve, complete or reject, and completing hands the SIMs to the device', async () => {
    const [order] = (await call(as.manufacturer!, 'GET', `/sim-activation?deviceId=${device(6).id}`)).json() as Order[];
    // the dealer holds the device but has neither permission; ADMIN has both but is not the manufacturer
    expect((await call(as.dealer!, 'PUT', `/sim-activation/${order!.id}`, { status: 'APPROVED' })).statusCode).toBe(
      403,
    );
    const notMaker = await call(as.admin!, 'PUT', `/sim-activation/${order!.id}`, { status: 'APPROVED' });
    expect(notMaker.statusCode).toBe(403);
    expect(notMaker.json().message).toBe("Only the device's manufacturer can change this order");

    const noStatus = await call(as.manufacturer!, 'PUT', `/sim-activation/${order!.id}`, { sim1: '5754000001' });
    expect(noStatus.json()).toMatchObject({ success: false, message: 'Status is required' });
    const missing = await call(as.manufacturer!, 'PUT', `/sim-activation/${order!.id}`, {
      status: 'DONE',
      sim1: '5754000001',
      sim2: '5755000001',
    });
    expect(missing.json()).toMatchObject({
      success: false,
      message: 'SIM OPERATORs,E-SIM Provider and MSISDNs are required',
    });
    const badSim = await call(as.manufacturer!, 'PUT', `/sim-activation/${order!.id}`, {
      status: 'DONE',
      sim1: '12',
      sim2: '5755000001',
      sim1_operator: 'AIRTEL',
      sim2_operator: 'BSNL',
      eSimProvider: 'VENTEL',
    });
    expect(badSim.json()).toMatchObject({ success: false, message: 'A SIM number must be 10 to 15 digits' });
    const badOperator = await call(as.manufacturer!, 'PUT', `/sim-activation/${order!.id}`, {
      status: 'DONE',
      sim1: '5754000001',
      sim2: '5755000001',
      sim1_operator: 'ACME',
      sim2_operator: 'BSNL',
      eSimProvider: 'VENTEL',
    });
    expect(badOperator.json()).toMatchObject({
      success: false,
      message: 'SIM 1 Operator must be one of the listed choices',
    });
    expect((await call(as.manufacturer!, 'GET', `/sim-activation/${order!.id}`)).json().status).toBe('INITIATED');

    const approved = await call(as.manufacturer!, 'PUT', `/sim-activation/${order!.id}`, { status: 'APPROVED' });
    expect(approved.json()).toMatchObject({ status: 'APPROVED' });
    const done = await call(as.manufacturer!, 'PUT', `/sim-activation/${order!.id}`, {
      status: 'DONE',
      sim1: '5754000001',
      sim2: '5755000001',
      sim1_operator: 'AIRTEL',
      sim2_operator: 'BSNL',
      eSimProvider: 'VENTEL',
    });
    expect(done.statusCode).toBe(200);
    const simDetails = done.json().attributes.simDetails;
    expect(done.json().status).toBe('COMPLETED');
    expect(simDetails).toMatchObject({
      sim1: '5754000001',
      sim2: '5755000001',
      sim1_operator: 'AIRTEL',
      sim2_operator: 'BSNL',
      eSimProvider: 'VENTEL',
      isSimActivated: true,
      simActivationApprovedBy: 'Meera Iyer',
    });
    expect(Date.now() - Date.parse(simDetails.simActivationDate)).toBeLessThan(60_000);
    expect((await call(as.dealer!, 'GET', `/device/${device(6).id}`)).json()).toMatchObject({
      sim1: '5754000001',
      sim2: '5755000001',
      eSimProvider: 'VENTEL',
    });

    const closed = await call(as.manufacturer!, 'PUT', `/sim-activation/${order!.id}`, { status: 'REJECTED' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('Completed and rejected orders cannot be changed');
    // a new order for the device may be raised once the last is closed
    expect(
      (
        await call(as.dealer!, 'POST', '/sim-activation', {
          imei: device(6).imei,
          ips: ['1.2.3.4'],
          numbers: ['9876500000'],
          durationInDays: 365,
        })
      ).statusCode,
    ).toBe(201);
  });

  it("edits an open order's addresses, numbers and duration, but never its device", async () => {
    const [order] = (await call(as.manufacturer!, 'GET', `/sim-activation?deviceId=${device(7).id}`)).json() as Order[];
    const edited = await call(as.manufacturer!, 'PUT', `/sim-activation/${order!.id}`, {
      imei: device(7).imei,
      ips: ['10.1.1.1', '10.1.1.2:6000'],
      numbers: ['9000000001'],
      durationInDays: 365,
    });
    expect(edited.json()).toMatchObject({
      ips: ['10.1.1.1', '10.1.1.2:6000'],
      numbers: ['+919000000001'],
      durationInDays: 365,
      status: 'APPROVED',
    });
    const moved = await call(as.manufacturer!, 'PUT', `/sim-activation/${order!.id}`, {
      imei: device(8).imei,
      ips: ['10.1.1.1'],
      numbers: ['9000000001'],
      durationInDays: 365,
    });
    expect(moved.json()).toMatchObject({
      success: false,
      message: "An order's IMEI cannot be changed: raise a new order for the other device",
    });
    const noIps = await call(as.manufacturer!, 'PUT', `/sim-activation/${order!.id}`, {
      numbers: ['9000000001'],
      durationInDays: 365,
    });
    expect(noIps.json()).toMatchObject({ success: false, message: 'Atleast one ips is required' });
    const rejected = await call(as.superadmin!, 'PUT', `/sim-activation/${order!.id}`, { status: 'REJECTED' });
    expect(rejected.json().status).toBe('REJECTED');
  });

  it('lets a role holding only the device action raise-sim-activation raise an order', async () => {
    const authScopes = [{ id: 'management-device', allowed: true, actions: { 'raise-sim-activation': true } }];
    const role = (
      await call(as.superadmin!, 'POST', '/roles', {
        name: 'SIM_RAISER',
        authScopes,
        organisationId: orgs['Metro Auto Dealers'],
      })
    ).json();
    await call(as.superadmin!, 'POST', '/users', {
      firstName: 'Sim',
      email: 'raiser@sim.test',
      phone: '9811111111',
      password: 'Raiser-pass-1',
      roleId: role.id,
      organisationId: orgs['Metro Auto Dealers'],
    });
    const raiser = {
      app: server.app,
      token: (await signIn(server.app, 'raiser@sim.test', 'Raiser-pass-1')).token.access.token,
    };
    const raised = await call(raiser, 'POST', '/sim-activation', {
      imei: device(7).imei,
      ips: ['1.2.3.4'],
      numbers: ['9876500000'],
      durationInDays: 365,
    });
    expect(raised.statusCode).toBe(201);
    // raising is all it may do: the list is the module's
    expect((await call(raiser, 'GET', '/sim-activation')).statusCode).toBe(403);
  });
});
