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
import { call, createSample, type Api } from './resource-fixtures.ts';
import { listTables } from '../../server/resources/list-cache.ts';
import { permissionsDoc } from '../../server/tools/permissions-doc.ts';

/**
 * docs/adding-an-entity.md, proved on an entity the docs do not use (the docs add a driver, this a
 * mechanic, so following the docs never collides with it), by the same steps: a declaration with
 * its texts and `globalSearch`, registered as resources/entities/index.ts registers its list, and
 * the migration npm run db:generate writes. Nothing else is written: it gets its table, its list
 * cache triggers, a menu entry, validated and scoped CRUD routes, an export and the global search.
 */
const mechanic = defineResource({
  name: 'mechanic',
  api: '/mechanics',
  table: 'mechanics',
  path: '/management/mechanic',
  title: 'resources.mechanic.title',
  module: 'management-mechanic',
  scope: 'organisation',
  permissions: crudPermissions('mechanic'),
  fields: {
    name: text({ required: true, rule: 'personName', searchable: true, sortable: true }),
    phone: phone({ required: true, searchable: true }),
    badgeNumber: text({ required: true, unique: true, maxLength: 12, searchable: true, sortable: true }),
    certifiedUntil: date({ required: true, sortable: true }),
    vehicleId: reference('vehicle', { filterable: true, onDelete: 'set null' }),
    organisationId: organisationField({ sortable: true }),
  },
  list: ['name', 'phone', 'badgeNumber', 'certifiedUntil', 'vehicleId', 'organisationId'],
  recordLabel: ['name'],
  defaultSort: ['name', 'ASC'],
  emptyMessage: 'resources.mechanic.empty',
  globalSearch: { category: 'Mechanics', detail: ['badgeNumber', 'organisationId'] },
  messages: {
    en: {
      title: 'Mechanics',
      empty: 'No mechanics for the applied filters...',
      fields: {
        name: 'Name',
        phone: 'Phone',
        badgeNumber: 'Badge number',
        certifiedUntil: 'Certified until',
        vehicleId: 'Assigned vehicle',
        organisationId: 'Organisation',
      },
      permissions: {
        'add-mechanic': 'Add',
        'edit-mechanic': 'Edit',
        'delete-mechanic': 'Delete',
        'export-mechanic': 'Export',
      },
    },
    hi: {
      title: 'मैकेनिक',
      empty: 'लागू फ़िल्टर के लिए कोई मैकेनिक नहीं...',
      fields: {
        name: 'नाम',
        phone: 'फ़ोन',
        badgeNumber: 'बैज संख्या',
        certifiedUntil: 'प्रमाणन की अंतिम तिथि',
        vehicleId: 'सौंपा गया वाहन',
        organisationId: 'संगठन',
      },
      permissions: {
        'add-mechanic': 'जोड़ें',
        'edit-mechanic': 'संपादित करें',
        'delete-mechanic': 'हटाएं',
        'export-mechanic': 'निर्यात करें',
      },
    },
  },
});

registerResource(mechanic);

let server: TestServer;
let admin: Api;
let dealer: Api;
let keeper: Api;
let statements: string[];
let sunrise: string;
let created: { id: string; name: string; badgeNumber: string };
const run = (query: string) => server.database.db.execute(sql.raw(query));

beforeAll(async () => {
  server = await startTestServer();
  // the migration npm run db:generate would write: the database as declared now, then with the mechanic's table
  const current = generateDrizzleJson(everyTable());
  ({ statements } = await migrationFrom(current, { ...everyTable(), mechanics: tableOf(mechanic) }));
  for (const statement of statements) await run(statement);
  // a server started now reads which tables say they changed: restarting the cache does the same
  await server.app.listCache.stop();
  await server.app.listCache.start();
  admin = { app: server.app, token: (await signIn(server.app, demoEmail('superadmin'))).token.access.token };
  dealer = { app: server.app, token: (await signIn(server.app, demoEmail('dealer'))).token.access.token };
  sunrise = ((await call(admin, 'GET', '/organisation?filter={"q":"Sunrise"}')).json() as { id: string }[])[0]!.id;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('a new declaration', () => {
  it('is its table: the generated migration creates the declared columns, keys, indexes and list cache triggers', () => {
    const [create, ...rest] = statements;
    expect(create).toContain('CREATE TABLE "mechanics"');
    for (const column of [
      '"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL',
      '"name" text NOT NULL',
      '"phone" text NOT NULL',
      '"badge_number" text NOT NULL',
      '"certified_until" timestamp with time zone NOT NULL',
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
      'CREATE UNIQUE INDEX "mechanics_badge_number_idx" ON "mechanics" USING btree ("badge_number");',
    );
    expect(rest).toContain('CREATE INDEX "mechanics_org_idx" ON "mechanics" USING btree ("organisation_id");');
    expect(statements.at(-1)).toBe("SELECT waymark_watch_table('mechanics');");
    // and nothing else of the database changes
    expect(statements.every((s) => s.includes('"mechanics"') || s.includes("'mechanics'"))).toBe(true);
  });

  it('keeps its list pages in memory like every declared list, its table being watched', () => {
    expect(server.app.listCache.tablesOf(mechanic, {})).toEqual(listTables(mechanic, {}));
    expect(listTables(mechanic, {})).toEqual(new Set(['mechanics', 'organisations', 'vehicles']));
  });

  it('appears in the module registry, so in the menu, the role editor, the permission ids and docs/permissions.md, named in both languages', () => {
    expect(findModule('management-mechanic')).toMatchObject({
      name: 'resources.mechanic.title',
      path: '/management/mechanic',
      group: 'management',
      actions: ['add-mechanic', 'edit-mechanic', 'delete-mechanic', 'export-mechanic'].map((id) => ({
        id,
        label: `permissions.${id}`,
      })),
    });
    expect(permissionsDoc()).toContain(
      '`/management/mechanic` | management | `add-mechanic`, `edit-mechanic`, `delete-mechanic`, `export-mechanic` |',
    );
    const catalogue = { resources: {}, permissions: {} };
    expect(withDeclaredMessages(catalogue, 'hi', [mechanic])).toMatchObject({
      resources: { mechanic: { title: 'मैकेनिक', fields: { badgeNumber: 'बैज संख्या' } } },
      permissions: { 'add-mechanic': 'जोड़ें' },
    });
  });

  it('gets validated CRUD routes on the list contract', async () => {
    const invalid = await call(admin, 'POST', '/mechanics', {
      name: 'Ravi Kumar',
      phone: '12345',
      badgeNumber: 'MEC-0001',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({
      phone: 'Phone must be a 10-digit mobile number starting with 6, 7, 8 or 9',
      certifiedUntil: 'Certified until is required',
    });
    const [vehicle] = (
      await call(admin, 'GET', `/vehicle?filter={"organisationId":"${sunrise}"}&range=[0,0]`)
    ).json() as { id: string; registrationNumber: string }[];
    const response = await call(admin, 'POST', '/mechanics', {
      name: 'Ravi Kumar',
      phone: '9876543210',
      badgeNumber: 'MEC-0001',
      certifiedUntil: '2031-03-31T00:00:00.000Z',
      vehicleId: vehicle!.id,
      organisationId: sunrise,
    });
    expect(response.statusCode).toBe(201);
    created = response.json();
    expect(created).toMatchObject({
      name: 'Ravi Kumar',
      phone: '+919876543210',
      certifiedUntil: '2031-03-31T00:00:00+00:00',
      vehicleId: vehicle!.id,
      labels: { organisationId: 'Sunrise Logistics', vehicleId: vehicle!.registrationNumber },
    });
    expect(
      (
        await call(admin, 'POST', '/mechanics', {
          name: 'Asha Rao',
          phone: '9876500000',
          badgeNumber: 'MEC-0002',
          certifiedUntil: '2029-01-01',
        })
      ).statusCode,
    ).toBe(201);
    const listed = await call(
      admin,
      'GET',
      '/mechanics?filter={"q":"MEC-0001"}&sort=["certifiedUntil","DESC"]&range=[0,9]',
    );
    expect(listed.headers['content-range']).toBe('mechanic 0-0/1');
    expect(listed.json()[0].name).toBe('Ravi Kumar');
    const updated = await call(admin, 'PUT', `/mechanics/${created.id}`, { ...created, vehicleId: null });
    expect(updated.json().vehicleId).toBeNull();
  });

  it('refuses a badge number already in use, with the field named', async () => {
    const duplicate = await call(admin, 'POST', '/mechanics', {
      name: 'Someone Else',
      phone: '9876511111',
      badgeNumber: 'MEC-0001',
      certifiedUntil: '2030-01-01',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toEqual({ badgeNumber: 'This Badge number is already in use' });
    // the database refuses it too, whoever writes
    await expect(
      run(
        `insert into mechanics (name, phone, badge_number, certified_until, organisation_id) values ('X', '+919000000000', 'MEC-0001', now(), '${sunrise}')`,
      ),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
  });

  it('gets sample rows from the test fixtures that differ in their unique field, cut to its length', async () => {
    const samples = [
      await createSample(admin, mechanic, sunrise),
      await createSample(admin, mechanic, sunrise),
    ] as unknown as { badgeNumber: string }[];
    for (const sample of samples) expect(sample.badgeNumber.length).toBeLessThanOrEqual(12);
    expect(samples[0]!.badgeNumber).not.toBe(samples[1]!.badgeNumber);
    for (const sample of samples) await run(`delete from mechanics where badge_number = '${sample.badgeNumber}'`);
  });

  it('is scoped to the organisation tree and guarded by its permission ids, which no role held before', async () => {
    // the built-in roles are not given a new entity's permission ids, not even ADMIN
    expect((await call(dealer, 'GET', '/mechanics')).statusCode).toBe(403);
    const administrator = {
      app: server.app,
      token: (await signIn(server.app, demoEmail('admin'))).token.access.token,
    };
    expect((await call(administrator, 'GET', '/mechanics')).statusCode).toBe(403);
    const role = await call(admin, 'POST', '/roles', {
      name: 'MECHANIC_KEEPER',
      organisationId: sunrise,
      authScopes: [{ id: 'management-mechanic', allowed: true, actions: { 'add-mechanic': true } }],
    });
    await call(admin, 'POST', '/users', {
      firstName: 'Keeper',
      email: 'keeper@mechanics.test',
      phone: '9111111111',
      password: 'Keeper-pass-1',
      roleId: role.json().id,
      organisationId: sunrise,
    });
    keeper = {
      app: server.app,
      token: (await signIn(server.app, 'keeper@mechanics.test', 'Keeper-pass-1')).token.access.token,
    };
    // Sunrise sees its own mechanic, not the one of the root organisation above it
    expect(((await call(keeper, 'GET', '/mechanics')).json() as { name: string }[]).map((d) => d.name)).toEqual([
      'Ravi Kumar',
    ]);
    expect(
      (
        await call(keeper, 'POST', '/mechanics', {
          name: 'Keeper Mechanic',
          phone: '9876522222',
          badgeNumber: 'MEC-0003',
          certifiedUntil: '2032-06-30',
        })
      ).json(),
    ).toMatchObject({ organisationId: sunrise });
    expect((await call(keeper, 'GET', '/mechanics/export')).statusCode).toBe(403);
  });

  it('exports the matching rows', async () => {
    const exported = await call(admin, 'GET', '/mechanics/export?sort=["name","ASC"]&range=[0,4999]');
    expect(exported.statusCode).toBe(200);
    expect((exported.json() as { name: string }[]).map((d) => d.name)).toEqual([
      'Asha Rao',
      'Keeper Mechanic',
      'Ravi Kumar',
    ]);
  });

  it('is found by the global search under its category, within what the caller may see', async () => {
    const everything = (await call(admin, 'GET', '/search?q=MEC-000')).json();
    expect((everything.Mechanics as { name: string }[]).map((m) => m.name).sort()).toEqual([
      'Asha Rao',
      'Keeper Mechanic',
      'Ravi Kumar',
    ]);
    expect(everything.totals.Mechanics).toBe(3);
    const mine = (await call(keeper, 'GET', '/search?q=MEC-000&category=Mechanics')).json();
    expect((mine.Mechanics as { name: string }[]).map((m) => m.name).sort()).toEqual(['Keeper Mechanic', 'Ravi Kumar']);
    expect(mine.Devices).toEqual([]);
    // a role without the module finds none of them
    const dealers = (await call(dealer, 'GET', '/search?q=MEC-000')).json();
    expect(dealers.Mechanics).toEqual([]);
    expect(dealers.totals.Mechanics).toBe(0);
  });
});
