import crypto from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { organisations, users } from '../db/schema.ts';
import { loadAuthKeys } from '../auth/keys.ts';
import { issueTokens, revokeFamily } from '../auth/tokens.ts';
import { rootOrganisation } from './first-start.ts';
import { rtoCode, rtoDetails } from '../../resources/india.ts';
import { DEMO_RTOS, seedCollectionPoints } from './demo-places.ts';
import { seedWallets, type DemoApi } from './demo-wallets.ts';
import { seedAlertRules } from './demo-rules.ts';

/** The demo fleet's devices: IMEIs count up from the first; `npm start` simulates them. */
export const DEMO_FIRST_IMEI = '868347070000000';
export const DEMO_DEVICE_COUNT = 12;

/** The password of every demo user; documented in the README. */
export const DEMO_PASSWORD = 'Waymark@2026';
const DEMO_MARKER = 'Bharat Telematics Pvt Ltd';

/** One demo user per role: [role, e-mail local part, organisation key, first name, last name, phone]. */
export const demoUsers: [string, string, string, string, string, string][] = [
  ['SUPER_ADMIN', 'superadmin', 'root', 'Asha', 'Verma', '9800000001'],
  ['ADMIN', 'admin', 'root', 'Rohit', 'Kapoor', '9800000002'],
  ['MANUFACTURER', 'manufacturer', 'maker', 'Meera', 'Iyer', '9800000003'],
  ['INVENTORY_MANAGER', 'inventory', 'maker', 'Sanjay', 'Patil', '9800000004'],
  ['DISTRIBUTER', 'distributer', 'distributer', 'Vikram', 'Sharma', '9800000005'],
  ['DEALER', 'dealer', 'dealer', 'Neha', 'Gupta', '9800000006'],
  ['FITTER', 'fitter', 'dealer', 'Arjun', 'Yadav', '9800000007'],
  ['VENDOR', 'vendor', 'dealer', 'Farhan', 'Qureshi', '9800000008'],
  ['RFC', 'rfc', 'dealer', 'Kavya', 'Nair', '9800000009'],
  ['RFC_ADMIN', 'rfcadmin', 'dealer', 'Deepak', 'Joshi', '9800000010'],
  ['CUSTOMER', 'customer', 'customer', 'Priya', 'Singh', '9876543210'],
  ['LIMITED_USER', 'limited', 'customer', 'Ravi', 'Kumar', '9800000012'],
  ['CUSTOM', 'custom', 'customer', 'Anita', 'Das', '9800000013'],
];

export const demoEmail = (local: string) => `${local}@demo.waymark.in`;

/**
 * Seeds the demo data once, through the HTTP API as the first SUPER_ADMIN would: the same routes,
 * validation and hooks as a user's requests.
 */
export async function seedDemo(app: FastifyInstance, db: Db, log: FastifyBaseLogger) {
  const [already] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.tradeName, DEMO_MARKER));
  if (already) return;
  const root = await rootOrganisation(db);
  if (!root) throw new Error('The root organisation must exist before demo data is seeded');
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.organisationId, root.id))
    .orderBy(asc(users.createdAt))
    .limit(1);
  const keys = await loadAuthKeys(db);
  const familyId = crypto.randomUUID();
  const session = await issueTokens(db, keys, admin!.id, familyId);
  const api: DemoApi = async <T = { id: string }>(
    method: 'POST' | 'PUT' | 'GET',
    url: string,
    payload?: object,
  ): Promise<T> => {
    const response = await app.inject({
      method,
      url: `/api${url}`,
      payload,
      headers: { authorization: `Bearer ${session.access.token}` },
    });
    if (response.statusCode >= 300)
      throw new Error(`Demo seed: ${method} ${url} answered ${response.statusCode} ${response.body}`);
    return response.json() as T;
  };
  try {
    const maker = await api('POST', '/organisation', {
      parentId: root.id,
      tradeName: DEMO_MARKER,
      brandName: 'Bharat Telematics',
      email: 'support@bharattelematics.in',
      isOnboarded: true,
      contact: '8000000001',
      gst: '27AABCB1234F1Z5',
      address: { country: 'India', city: 'Pune', state: 'Maharashtra', pin: '411001', landmark: 'Hinjewadi Phase 1' },
    });
    const distributer = await api('POST', '/organisation', {
      parentId: maker.id,
      tradeName: 'Sharma Distributors',
      brandName: 'Sharma Distributors',
      email: 'sales@sharmadist.in',
      isOnboarded: true,
      address: { country: 'India', city: 'Lucknow', state: 'Uttar Pradesh', pin: '226001' },
    });
    const dealer = await api('POST', '/organisation', {
      parentId: distributer.id,
      tradeName: 'Metro Auto Dealers',
      brandName: 'Metro Auto',
      email: 'hello@metroauto.in',
      isOnboarded: true,
      // the vendor on the certificates of the fitments its fitter makes
      contact: '8000000006',
      address: {
        country: 'India',
        city: 'Kanpur',
        state: 'Uttar Pradesh',
        pin: '208001',
        landmark: 'GT Road, Rawatpur',
      },
    });
    const customer = await api('POST', '/organisation', {
      parentId: dealer.id,
      tradeName: 'Sunrise Logistics',
      brandName: 'Sunrise Logistics',
      email: 'fleet@sunriselogistics.in',
      isOnboarded: true,
      address: { country: 'India', city: 'Kanpur', state: 'Uttar Pradesh', pin: '208012' },
    });
    const orgs: Record<string, string> = {
      root: root.id,
      maker: maker.id,
      distributer: distributer.id,
      dealer: dealer.id,
      customer: customer.id,
    };
    const roles = await api<{ id: string; name: string }[]>(
      'GET',
      `/roles?range=[0,99]&filter=${encodeURIComponent('{"isSystem":true}')}`,
    );
    const roleIds = Object.fromEntries(roles.map((r) => [r.name, r.id]));
    const created: Record<string, string> = {};
    for (const [role, local, org, firstName, lastName, phone] of demoUsers) {
      const user = await api('POST', '/users', {
        firstName,
        lastName,
        email: demoEmail(local),
        phone,
        password: DEMO_PASSWORD,
        roleId: roleIds[role],
        organisationId: orgs[org],
      });
      created[role] = user.id;
    }
    await seedWallets(api, orgs, created);
    await seedAlertRules(api, orgs, created);
    const model = await api('POST', '/device-model', {
      name: 'BT-140 VLTD',
      manufacturer: 'Bharat Telematics',
      tac: 'CC-AIS140-2041',
      description: 'AIS-140 vehicle location tracker with panic buttons',
    });
    const devices: { id: string; imei: string }[] = [];
    for (let i = 0; i < DEMO_DEVICE_COUNT; i++) {
      devices.push(
        await api<{ id: string; imei: string }>('POST', '/device', {
          imei: (BigInt(DEMO_FIRST_IMEI) + BigInt(i)).toString(),
          iccid: `8991000900${String(123456789 + i)}`,
          eSimProvider: i % 2 ? 'VENTEL' : 'TAISYS',
          // the six fitted below become INSTALLED through their fitments
          status: i < 9 ? 'ALLOCATED' : 'NEW',
          modelId: model.id,
          firmwareVersion: '2.4.1',
          sim1: `5754${String(1000000 + i)}`,
          sim2: `5755${String(1000000 + i)}`,
          organisationId: i < 6 ? customer.id : i < 9 ? dealer.id : maker.id,
        }),
      );
    }
    const group = await api('POST', '/group', {
      name: 'Kanpur Haulage',
      description: 'Trucks on the Kanpur to Lucknow run',
      organisationId: customer.id,
    });
    const makes = [
      ['Tata', 'Ultra T.7'],
      ['Ashok Leyland', 'Dost+'],
      ['Mahindra', 'Bolero Pik-Up'],
      ['Eicher', 'Pro 2049'],
      ['Tata', 'Starbus'],
      ['BharatBenz', '1217C'],
    ];
    const vehicles: { id: string }[] = [];
    for (const [i, [make, model]] of makes.entries()) {
      vehicles.push(
        await api('POST', '/vehicle', {
          name: `Sunrise ${i + 1}`,
          registrationNumber: `UP78${String.fromCharCode(65 + i)}T${4321 + i}`,
          category: i === 4 ? 'BUS' : 'TRUCK',
          make,
          model,
          engineNo: `ENG${908100 + i}`,
          chassisNo: `MAT4480${12000 + i}`,
          ownerId: created.CUSTOMER,
          deviceId: devices[i]!.id,
          groupId: i === 4 ? undefined : group.id,
          organisationId: customer.id,
        }),
      );
    }
    for (const [code, name] of DEMO_RTOS) await api('POST', '/rto', { state: 'UP', code, name });
    // each vehicle fitted with its device by the dealer's fitter for Priya, and the activation approved
    for (const [i, [make, model]] of makes.entries()) {
      const fitted = await api('POST', '/fitment', {
        vehicle: {
          category: i === 4 ? 'BUS' : 'TRUCK',
          registrationNumber: `UP78${String.fromCharCode(65 + i)}T${4321 + i}`,
          engineNo: `ENG${908100 + i}`,
          chassisNo: `MAT4480${12000 + i}`,
          regDate: `2025-0${1 + i}-15`,
          rto: rtoDetails('Kanpur Nagar', 'UP78'),
          rtoCode: rtoCode('UP', 'UP78'),
          make,
          model,
        },
        device: { imei: devices[i]!.imei, panicButtonCount: 2 },
        customer: {
          firstName: 'Priya',
          lastName: 'Singh',
          email: demoEmail('customer'),
          phone: '9876543210',
          address: '14/112 Civil Lines\nKanpur\nUttar Pradesh 208001',
        },
        fitter: { firstName: 'Arjun', lastName: 'Yadav', email: demoEmail('fitter'), phone: '9800000007' },
        fitmentDate: `2026-10-0${1 + i}`,
        durationInDays: i % 2 ? 730 : 365,
        deviceActivate: true,
      });
      await api('PUT', `/activation/approve/${fitted.id}`);
    }
    // Sunrise's subscriptions renew on /public/renewal-payment at these prices (docs/renewal.md)
    await api('PUT', `/organisation/settings/${customer.id}`, {
      priceOneYearPaise: 150000,
      priceTwoYearsPaise: 280000,
    });
    const circle = await api('POST', '/admin-divisions', {
      name: 'Kanpur Central',
      code: 'KNP-C',
      kind: 'CIRCLE',
      organisationId: customer.id,
    });
    const ward12 = await api('POST', '/admin-divisions', {
      name: 'Ward 12 Swaroop Nagar',
      code: 'KNP-W12',
      kind: 'WARD',
      parentId: circle.id,
      organisationId: customer.id,
    });
    const ward14 = await api('POST', '/admin-divisions', {
      name: 'Ward 14 Kakadeo',
      code: 'KNP-W14',
      kind: 'WARD',
      parentId: circle.id,
      organisationId: customer.id,
    });
    await seedCollectionPoints(api, customer.id, ward12.id, ward14.id, vehicles[3]!.id);
    const route = await api('POST', '/routes', {
      name: 'Kanpur to Lucknow (NH27)',
      description: 'Daily haulage run',
      toleranceMeters: 250,
      organisationId: customer.id,
      line: {
        type: 'LineString',
        coordinates: [
          [80.3319, 26.4499],
          [80.4875, 26.5512],
          [80.651, 26.6934],
          [80.9462, 26.8467],
        ],
      },
    });
    await api('POST', '/POI', {
      name: 'Sunrise Depot',
      description: 'Main yard',
      location: { type: 'Point', coordinates: [80.3319, 26.4499] },
      radiusMeters: 150,
      organisationId: customer.id,
    });
    await api('POST', '/geofences', {
      name: 'Depot fence',
      type: 'POINT',
      area: { type: 'Point', coordinates: [80.3319, 26.4499] },
      radiusMeters: 300,
      organisationId: customer.id,
    });
    await api('POST', '/geofences', {
      name: 'Lucknow city',
      type: 'POLYGON',
      organisationId: customer.id,
      area: {
        type: 'Polygon',
        coordinates: [
          [
            [80.85, 26.78],
            [81.05, 26.78],
            [81.05, 26.95],
            [80.85, 26.95],
            [80.85, 26.78],
          ],
        ],
      },
    });
    await api('POST', '/job-schedule', {
      name: 'Morning haulage',
      vehicleId: vehicles[0]!.id,
      routeId: route.id,
      department: 'TRANSPORT',
      isRecurring: true,
      frequency: 'daily',
      startDate: '2026-11-01',
      organisationId: customer.id,
    });
    await api('POST', '/item', {
      name: 'Panic button',
      code: 'PB-0001',
      tagType: 'QR',
      quantity: 25,
      status: 'IN_STOCK',
      organisationId: dealer.id,
    });
    await api('POST', '/item', {
      name: 'Fuel sensor',
      code: 'FS-0001',
      tagType: 'RFID',
      quantity: 1,
      status: 'ISSUED',
      vehicleId: vehicles[1]!.id,
      organisationId: customer.id,
    });
    // Sunrise's wallet, funded by a transfer from the root's wallet: the one way money reaches a wallet below its payer
    const customerWallet = await api('POST', '/wallets', {
      userId: created.CUSTOMER,
      lowBalanceThreshold: 50000,
      organisationId: customer.id,
    });
    await api('PUT', `/wallets/add/${customerWallet.id}`, {
      amount: 500_000,
      description: 'Credit for renewals',
      counterpart: 'wallet',
      idempotencyKey: 'demo-customer-transfer-1',
    });
    // the dealer's stock: one SIM activation waiting for the manufacturer, one already approved
    const gatewayAddress = ['gps.bharattelematics.in:5027'];
    await api('POST', '/sim-activation', {
      imei: devices[6]!.imei,
      ips: gatewayAddress,
      numbers: ['9876500006'],
      durationInDays: 365,
    });
    const approved = await api('POST', '/sim-activation', {
      imei: devices[7]!.imei,
      ips: gatewayAddress,
      numbers: ['9876500007', '9876500017'],
      durationInDays: 730,
    });
    await api('PUT', `/sim-activation/${approved.id}`, { status: 'APPROVED' });
    // the public SSC and RFC viewers: the distributer's Howrah workshop and the dealer's Kolkata centre, with its RFC admin as contact
    await api('PUT', `/organisation/listing/${distributer.id}`, {
      isSsc: true,
      isRfc: false,
      address: '14 G.T. Road, Bally',
      district: 'Howrah',
      state: 'WB',
      phone: '9830000101',
      latitude: 22.6488,
      longitude: 88.3402,
    });
    await api('PUT', `/organisation/listing/${dealer.id}`, {
      isSsc: true,
      isRfc: true,
      address: '22 Park Street, Mullick Bazar',
      district: 'Kolkata',
      state: 'WB',
      phone: '9830000202',
      latitude: 22.5526,
      longitude: 88.3527,
      contactUserIds: [created.RFC_ADMIN],
    });
  } finally {
    await revokeFamily(db, familyId);
  }
  log.info(
    'Demo data seeded through the API: 5 organisations, 13 users, 12 devices, 6 vehicles fitted and activated, 2 SIM activation orders, 10 RTOs, 20 collection points with a door-to-door job and one of each other entity',
  );
}
