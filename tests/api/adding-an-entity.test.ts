import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { generateDrizzleJson } from 'drizzle-kit/api';
import {
  crudPermissions,
  date,
  defineResource,
  organisationField,
  phone,
  reference,
  text,
} from '../../resources/define.ts';
import { findModule, registerResource } from '../../resources/modules.ts';
import { withDeclaredMessages } from '../../core/i18n/declared-messages.ts';
import { tableOf } from '../../server/db/declared.ts';
import { everyTable } from '../../server/db/every-table.ts';
import { migrationFrom } from '../../server/tools/generate-migration.ts';
import { demoEmail, signIn, startTestServer, type TestServer } from './harness.ts';
import { call, type Api } from './resource-fixtures.ts';

/**
 * docs/adding-an-entity.md, proved: the driver of the walk-through, declared once with its texts,
 * gets its table and migration derived from the declaration (no hand-written SQL), a menu entry,
 * validated and scoped CRUD routes and an export.
 */
const driver = defineResource({
  name: 'driver',
  api: '/drivers',
  table: 'drivers',
  path: '/management/driver',
  title: 'resources.driver.title',
  module: 'management-driver',
  scope: 'organisation',
  permissions: crudPermissions('driver'),
  fields: {
    name: text({ required: true, rule: 'personName', searchable: true, sortable: true }),
    phone: phone({ required: true, searchable: true }),
    licenceNumber: text({ required: true, unique: true, maxLength: 20, searchable: true, sortable: true }),
    licenceExpiry: date({ required: true, sortable: true }),
    vehicleId: reference('vehicle', { filterable: true, onDelete: 'set null' }),
    organisationId: organisationField({ sortable: true }),
  },
  list: ['name', 'phone', 'licenceNumber', 'licenceExpiry', 'vehicleId', 'organisationId'],
  recordLabel: ['name'],
  defaultSort: ['name', 'ASC'],
  emptyMessage: 'resources.driver.empty',
  messages: {
    en: {
      title: 'Drivers',
      empty: 'No drivers for the applied filters...',
      fields: {
        name: 'Name',
        phone: 'Phone',
        licenceNumber: 'Licence number',
        licenceExpiry: 'Licence expiry',
        vehicleId: 'Assigned vehicle',
        organisationId: 'Organisation',
      },
      permissions: { 'add-driver': 'Add', 'edit-driver': 'Edit', 'delete-driver': 'Delete', 'export-driver': 'Export' },
    },
    hi: {
      title: 'चालक',
      empty: 'लागू फ़िल्टर के लिए कोई चालक नहीं...',
      fields: {
        name: 'नाम',
        phone: 'फ़ोन',
        licenceNumber: 'लाइसेंस संख्या',
        licenceExpiry: 'लाइसेंस समाप्ति',
        vehicleId: 'सौंपा गया वाहन',
        organisationId: 'संगठन',
      },
      permissions: {
        'add-driver': 'जोड़ें',
        'edit-driver': 'संपादित करें',
        'delete-driver': 'हटाएं',
        'export-driver': 'निर्यात करें',
      },
    },
  },
});

registerResource(driver);

let server: TestServer;
let admin: Api;
let dealer: Api;
let statements: string[];
let sunrise: string;
const run = (query: string) => server.database.db.execute(sql.raw(query));

beforeAll(async () => {
  server = await startTestServer();
  // the migration npm run db:generate would write: the database as declared now, then with the driver's table
  const current = generateDrizzleJson(everyTable());
  ({ statements } = await migrationFrom(current, { ...everyTable(), drivers: tableOf(driver) }));
  for (const statement of statements) await run(statement);
  admin = { app: server.app, token: (await signIn(server.app, demoEmail('superadmin'))).token.access.token };
  dealer = { app: server.app, token: (await signIn(server.app, demoEmail('dealer'))).token.access.token };
  sunrise = ((await call(admin, 'GET', '/organisation?filter={"q":"Sunrise"}')).json() as { id: string }[])[0]!.id;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('a new declaration', () => {
  it('is its table: the generated migration creates the declared columns, keys and indexes', () => {
    const [create, ...rest] = statements;
    expect(create).toContain('CREATE TABLE "drivers"');
    for (const column of [
      '"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL',
      '"name" text NOT NULL',
      '"phone" text NOT NULL',
      '"licence_number" text NOT NULL',
      '"licence_expiry" timestamp with time zone NOT NULL',
      '"vehicle_id" uuid,',
      '"organisation_id" uuid NOT NULL',
      '"created_at" timestamp with time zone DEFAULT now() NOT NULL',
    ])
      expect(create).toContain(column);
    expect(rest.join('\n')).toMatch(
      /FOREIGN KEY \("vehicle_id"\) REFERENCES "public"."vehicles"\("id"\) ON DELETE set null/,
    );
    expect(rest.join('\n')).toMatch(
      /FOREIGN KEY \("organisation_id"\) REFERENCES "public"."organisations"\("id"\) ON DELETE no action/,
    );
    expect(rest).toContain(
      'CREATE UNIQUE INDEX "drivers_licence_number_idx" ON "drivers" USING btree ("licence_number");',
    );
    expect(rest).toContain('CREATE INDEX "drivers_org_idx" ON "drivers" USING btree ("organisation_id");');
    // and nothing else of the database changes
    expect(statements.every((s) => s.includes('"drivers"'))).toBe(true);
  });

  it('appears in the module registry, so in the menu, the role editor and the permission ids, named in both languages', () => {
    expect(findModule('management-driver')).toMatchObject({
      name: 'resources.driver.title',
      path: '/management/driver',
      group: 'management',
      actions: ['add-driver', 'edit-driver', 'delete-driver', 'export-driver'].map((id) => ({
        id,
        label: `permissions.${id}`,
      })),
    });
    const catalogue = { resources: {}, permissions: {} };
    expect(withDeclaredMessages(catalogue, 'hi', [driver])).toMatchObject({
      resources: { driver: { title: 'चालक', fields: { licenceNumber: 'लाइसेंस संख्या' } } },
      permissions: { 'add-driver': 'जोड़ें' },
    });
  });

  it('gets validated CRUD routes on the list contract', async () => {
    const invalid = await call(admin, 'POST', '/drivers', {
      name: 'Ravi Kumar',
      phone: '12345',
      licenceNumber: 'MH1220110012345',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({
      phone: 'Phone must be a 10-digit mobile number starting with 6, 7, 8 or 9',
      licenceExpiry: 'Licence expiry is required',
    });
    const [vehicle] = (
      await call(admin, 'GET', `/vehicle?filter={"organisationId":"${sunrise}"}&range=[0,0]`)
    ).json() as { id: string; registrationNumber: string }[];
    const created = await call(admin, 'POST', '/drivers', {
      name: 'Ravi Kumar',
      phone: '9876543210',
      licenceNumber: 'MH1220110012345',
      licenceExpiry: '2031-03-31T00:00:00.000Z',
      vehicleId: vehicle!.id,
      organisationId: sunrise,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Ravi Kumar',
      phone: '+919876543210',
      licenceExpiry: '2031-03-31T00:00:00+00:00',
      vehicleId: vehicle!.id,
      labels: { organisationId: 'Sunrise Logistics', vehicleId: vehicle!.registrationNumber },
    });
    expect(
      (
        await call(admin, 'POST', '/drivers', {
          name: 'Asha Rao',
          phone: '9876500000',
          licenceNumber: 'KA0120150000001',
          licenceExpiry: '2029-01-01',
        })
      ).statusCode,
    ).toBe(201);
    const listed = await call(admin, 'GET', '/drivers?filter={"q":"MH12"}&sort=["licenceExpiry","DESC"]&range=[0,9]');
    expect(listed.headers['content-range']).toBe('driver 0-0/1');
    expect(listed.json()[0].name).toBe('Ravi Kumar');
    const updated = await call(admin, 'PUT', `/drivers/${created.json().id}`, { ...created.json(), vehicleId: null });
    expect(updated.json().vehicleId).toBeNull();
  });

  it('refuses a licence number already in use, with the field named', async () => {
    const duplicate = await call(admin, 'POST', '/drivers', {
      name: 'Someone Else',
      phone: '9876511111',
      licenceNumber: 'MH1220110012345',
      licenceExpiry: '2030-01-01',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toEqual({ licenceNumber: 'This Licence number is already in use' });
    // the database refuses it too, whoever writes
    await expect(
      run(
        `insert into drivers (name, phone, licence_number, licence_expiry, organisation_id) values ('X', '+919000000000', 'MH1220110012345', now(), '${sunrise}')`,
      ),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
  });

  it('is scoped to the organisation tree and guarded by its permission ids', async () => {
    // roles that predate the declaration do not hold its permission ids
    expect((await call(dealer, 'GET', '/drivers')).statusCode).toBe(403);
    const role = await call(admin, 'POST', '/roles', {
      name: 'DRIVER_KEEPER',
      organisationId: sunrise,
      authScopes: [{ id: 'management-driver', allowed: true, actions: { 'add-driver': true } }],
    });
    await call(admin, 'POST', '/users', {
      firstName: 'Keeper',
      email: 'keeper@drivers.test',
      phone: '9111111111',
      password: 'Keeper-pass-1',
      roleId: role.json().id,
      organisationId: sunrise,
    });
    const keeper = {
      app: server.app,
      token: (await signIn(server.app, 'keeper@drivers.test', 'Keeper-pass-1')).token.access.token,
    };
    // Sunrise sees its own driver, not the one of the root organisation above it
    expect(((await call(keeper, 'GET', '/drivers')).json() as { name: string }[]).map((d) => d.name)).toEqual([
      'Ravi Kumar',
    ]);
    expect(
      (
        await call(keeper, 'POST', '/drivers', {
          name: 'Keeper Driver',
          phone: '9876522222',
          licenceNumber: 'DL0420190000002',
          licenceExpiry: '2032-06-30',
        })
      ).json(),
    ).toMatchObject({ organisationId: sunrise });
    expect((await call(keeper, 'GET', '/drivers/export')).statusCode).toBe(403);
  });

  it('exports the matching rows', async () => {
    const exported = await call(admin, 'GET', '/drivers/export?sort=["name","ASC"]&range=[0,4999]');
    expect(exported.statusCode).toBe(200);
    expect((exported.json() as { name: string }[]).map((d) => d.name)).toEqual([
      'Asha Rao',
      'Keeper Driver',
      'Ravi Kumar',
    ]);
  });
});
