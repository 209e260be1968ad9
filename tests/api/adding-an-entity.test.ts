import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { choice, crudPermissions, defineResource, number, organisationField, text } from '../../resources/define.ts';
import { findModule, registerResource } from '../../resources/modules.ts';
import { demoEmail, signIn, startTestServer, type TestServer } from './harness.ts';
import { call, type Api } from './resource-fixtures.ts';

/**
 * docs/adding-an-entity.md, proved: a declaration and its migration, nothing else, give a menu
 * entry, validated and scoped CRUD routes and an export.
 */
const widget = defineResource({
  name: 'widget',
  api: '/widgets',
  table: 'widgets',
  path: '/management/widget',
  title: 'Widgets',
  module: 'management-widget',
  scope: 'organisation',
  permissions: crudPermissions('widget'),
  fields: {
    name: text({ required: true, maxLength: 40, searchable: true, sortable: true }),
    colour: choice(['RED', 'BLUE'], { filterable: true }),
    size: number({ integer: true, min: 1, max: 10, default: 5, sortable: true }),
    organisationId: organisationField(),
  },
  list: ['name', 'colour', 'size', 'organisationId'],
  recordLabel: ['name'],
  defaultSort: ['name', 'ASC'],
});

const migration = sql`create table widgets (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  colour text,
  size integer not null default 5,
  organisation_id uuid not null references organisations(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
)`;

registerResource(widget);

let server: TestServer;
let admin: Api;
let dealer: Api;
let customer: Api;

beforeAll(async () => {
  server = await startTestServer();
  await server.database.db.execute(migration);
  admin = { app: server.app, token: (await signIn(server.app, demoEmail('superadmin'))).token.access.token };
  dealer = { app: server.app, token: (await signIn(server.app, demoEmail('dealer'))).token.access.token };
  customer = { app: server.app, token: (await signIn(server.app, demoEmail('customer'))).token.access.token };
});
afterAll(async () => { await server?.close(); });

describe('a new declaration', () => {
  it('appears in the module registry, so in the menu, the role editor and the permission ids', () => {
    expect(findModule('management-widget')).toMatchObject({
      path: '/management/widget', group: 'management',
      actions: ['add-widget', 'edit-widget', 'delete-widget', 'export-widget'].map((id) => ({ id, label: `permissions.${id}` })),
    });
  });

  it('gets validated CRUD routes on the list contract', async () => {
    const invalid = await call(admin, 'POST', '/widgets', { size: 11, colour: 'GREEN' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual({
      name: 'Name is required', size: 'Size must be at most 10', colour: 'Colour must be one of the listed choices',
    });
    const orgs = (await call(admin, 'GET', '/organisation?filter={"q":"Sunrise"}')).json() as { id: string }[];
    const created = await call(admin, 'POST', '/widgets', { name: 'Blue one', colour: 'BLUE', organisationId: orgs[0]!.id });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Blue one', colour: 'BLUE', size: 5, labels: { organisationId: 'Sunrise Logistics' } });
    await call(admin, 'POST', '/widgets', { name: 'Red one', colour: 'RED' });
    const blue = await call(admin, 'GET', '/widgets?filter={"colour":"BLUE"}&sort=["size","DESC"]&range=[0,9]');
    expect(blue.headers['content-range']).toBe('widget 0-0/1');
    expect(blue.json()[0].name).toBe('Blue one');
    const updated = await call(admin, 'PUT', `/widgets/${created.json().id}`, { ...created.json(), size: 7 });
    expect(updated.json().size).toBe(7);
    expect((await call(admin, 'GET', '/widgets?filter={"shape":"round"}')).json().message).toBe('Filtering by shape is not allowed');
  });

  it('is scoped to the organisation tree and guarded by its permission ids', async () => {
    // roles that predate the declaration do not hold its permission ids
    expect((await call(customer, 'GET', '/widgets')).statusCode).toBe(403);
    expect((await call(dealer, 'GET', '/widgets')).statusCode).toBe(403);
    const orgs = (await call(admin, 'GET', '/organisation?filter={"q":"Sunrise"}')).json() as { id: string }[];
    const role = await call(admin, 'POST', '/roles', {
      name: 'WIDGET_KEEPER', organisationId: orgs[0]!.id,
      authScopes: [{ id: 'management-widget', allowed: true, actions: { 'add-widget': true } }],
    });
    await call(admin, 'POST', '/users', {
      firstName: 'Keeper', email: 'keeper@widgets.test', phone: '9111111111', password: 'Keeper-pass-1', roleId: role.json().id, organisationId: orgs[0]!.id,
    });
    const keeper = { app: server.app, token: (await signIn(server.app, 'keeper@widgets.test', 'Keeper-pass-1')).token.access.token };
    // the customer organisation sees its own widget, not the one of the root organisation above it
    expect(((await call(keeper, 'GET', '/widgets')).json() as { name: string }[]).map((w) => w.name)).toEqual(['Blue one']);
    expect((await call(keeper, 'POST', '/widgets', { name: 'Keeper one' })).json()).toMatchObject({ organisationId: orgs[0]!.id });
    expect((await call(keeper, 'GET', '/widgets/export')).statusCode).toBe(403);
  });

  it('exports the matching rows', async () => {
    const exported = await call(admin, 'GET', '/widgets/export?sort=["name","ASC"]&range=[0,4999]');
    expect(exported.statusCode).toBe(200);
    expect((exported.json() as { name: string }[]).map((w) => w.name)).toEqual(['Blue one', 'Keeper one', 'Red one']);
  });
});
