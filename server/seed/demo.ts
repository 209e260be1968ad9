import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { devices, organisations, vehicles } from '../db/schema.ts';
import { createOrganisation } from '../organisations/service.ts';
import { createUser } from '../users/service.ts';
import { rootOrganisation } from './first-start.ts';
import { systemRoleIds } from './roles.ts';

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

/** Seeds the demo organisation tree, users, devices and vehicles once, through the domain services. */
export async function seedDemo(db: Db, log: FastifyBaseLogger) {
  const [already] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.tradeName, DEMO_MARKER));
  if (already) return;
  const root = await rootOrganisation(db);
  if (!root) throw new Error('The root organisation must exist before demo data is seeded');
  const maker = await createOrganisation(db, {
    parentId: root.id, tradeName: DEMO_MARKER, brandName: 'Bharat Telematics', email: 'support@bharattelematics.in',
    contact: '+918000000001', gst: '27AABCB1234F1Z5', address: { country: 'India', city: 'Pune', state: 'Maharashtra', pin: '411001', landmark: 'Hinjewadi Phase 1' },
  });
  const distributer = await createOrganisation(db, {
    parentId: maker.id, tradeName: 'Sharma Distributors', brandName: 'Sharma Distributors', email: 'sales@sharmadist.in',
    address: { country: 'India', city: 'Lucknow', state: 'Uttar Pradesh', pin: '226001' },
  });
  const dealer = await createOrganisation(db, {
    parentId: distributer.id, tradeName: 'Metro Auto Dealers', brandName: 'Metro Auto', email: 'hello@metroauto.in',
    address: { country: 'India', city: 'Kanpur', state: 'Uttar Pradesh', pin: '208001' },
  });
  const customer = await createOrganisation(db, {
    parentId: dealer.id, tradeName: 'Sunrise Logistics', brandName: 'Sunrise Logistics', email: 'fleet@sunriselogistics.in',
    address: { country: 'India', city: 'Kanpur', state: 'Uttar Pradesh', pin: '208012' },
  });
  const orgs: Record<string, string> = { root: root.id, maker: maker.id, distributer: distributer.id, dealer: dealer.id, customer: customer.id };
  const roleIds = await systemRoleIds(db);
  const created: Record<string, string> = {};
  for (const [role, local, org, firstName, lastName, phone] of demoUsers) {
    const user = await createUser(db, {
      firstName, lastName, email: demoEmail(local), phone: `+91${phone}`, password: DEMO_PASSWORD,
      roleId: roleIds[role]!, organisationId: orgs[org]!,
    });
    created[role] = user.id;
  }
  const deviceRows = await db.insert(devices).values(Array.from({ length: 12 }, (_, i) => ({
    imei: `86834707${String(1000000 + i).slice(1)}`,
    iccid: `8991000900${String(123456789 + i)}`,
    eSimProvider: i % 2 ? 'VENTEL' : 'TAISYS',
    status: i < 6 ? 'INSTALLED' : i < 9 ? 'ALLOCATED' : 'NEW',
    model: 'BT-140 VLTD',
    organisationId: i < 6 ? customer.id : i < 9 ? dealer.id : maker.id,
  }))).returning();
  const makes = [['Tata', 'Ultra T.7'], ['Ashok Leyland', 'Dost+'], ['Mahindra', 'Bolero Pik-Up'], ['Eicher', 'Pro 2049'], ['Tata', 'Starbus'], ['BharatBenz', '1217C']];
  await db.insert(vehicles).values(makes.map(([make, model], i) => ({
    name: `Sunrise ${i + 1}`,
    registrationNumber: `UP78${String.fromCharCode(65 + i)}T${4321 + i}`,
    category: i === 4 ? 'BUS' : 'TRUCK',
    make, model,
    engineNo: `ENG${908100 + i}`,
    chassisNo: `MAT4480${12000 + i}`,
    ownerId: created.CUSTOMER,
    deviceId: deviceRows[i]!.id,
    isTrackingActivated: true,
    organisationId: customer.id,
  })));
  log.info('Demo data seeded: 5 organisations, 13 users, 12 devices, 6 vehicles');
}
