import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type DataProvider } from 'react-admin';
import { demoEmail, signIn, startTestServer, type TestServer } from './harness.ts';
import { resources } from '../../resources/modules.ts';
import { textRule } from '../../resources/text-rule.ts';
import { createSample, sampleBody, type Api } from './resource-fixtures.ts';

/** The real ra-data-simple-rest package, unchanged, against every collection over real HTTP. */
let server: TestServer;
let client: DataProvider;
let api: Api;
let customerOrg: string;

beforeAll(async () => {
  server = await startTestServer();
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const token = (await signIn(server.app, demoEmail('superadmin'))).token.access.token;
  api = { app: server.app, token };
  client = simpleRestProvider(`${address}/api`, (url: string, options: fetchUtils.Options = {}) =>
    fetchUtils.fetchJson(url, { ...options, user: { authenticated: true, token: `Bearer ${token}` } }),
  );
  const orgs = await client.getList('organisation', {
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'tradeName', order: 'ASC' },
    filter: { q: 'Sunrise' },
  });
  customerOrg = orgs.data[0]!.id as string;
});
afterAll(async () => {
  await server?.close();
});

const collection = (api: string) => api.slice(1);
/** The rows a resource's lists are read over: the audit log gains a row by every change this file makes, so only its samples. */
const samplesOf = (name: string): Record<string, unknown> =>
  name === 'audit-log' ? { action: 'PUT /api/sample' } : {};
/** Ids in the database's order: serial ids as numbers, uuids as text. */
const byIdOrder = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;

describe.each(resources.map((r) => [r.name, r] as const))('%s', (_name, resource) => {
  it('answers getList with sort, range and filter, getOne, getMany and getManyReference', async () => {
    const first = await createSample(api, resource, customerOrg, server.database.db);
    await createSample(api, resource, customerOrg, server.database.db);
    const [sortField, order] = resource.defaultSort;
    const all = await client.getList(collection(resource.api), {
      pagination: { page: 1, perPage: 100 },
      sort: { field: sortField, order },
      filter: samplesOf(resource.name),
    });
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect(all.data.map((r) => r.id)).toContain(first.id);
    const page = await client.getList(collection(resource.api), {
      pagination: { page: 2, perPage: 1 },
      sort: { field: 'id', order: 'ASC' },
      filter: samplesOf(resource.name),
    });
    expect(page.data).toHaveLength(1);
    expect(page.total).toBe(all.total);
    const sortedIds = all.data.map((r) => r.id as string);
    const byId = await client.getList(collection(resource.api), {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'id', order: 'ASC' },
      filter: samplesOf(resource.name),
    });
    expect(byId.data.map((r) => r.id)).toEqual([...sortedIds].sort(byIdOrder));
    const filterField = Object.entries(resource.fields).find(([, f]) => f.filterable && f.type === 'reference')?.[0];
    if (filterField) {
      const one = await client.getOne(collection(resource.api), { id: first.id });
      const target = one.data[filterField];
      if (target) {
        const filtered = await client.getList(collection(resource.api), {
          pagination: { page: 1, perPage: 100 },
          sort: { field: 'id', order: 'ASC' },
          filter: { [filterField]: target },
        });
        expect(filtered.data.every((r) => r[filterField] === target)).toBe(true);
        const reference = await client.getManyReference(collection(resource.api), {
          target: filterField,
          id: target as string,
          pagination: { page: 1, perPage: 10 },
          sort: { field: 'id', order: 'ASC' },
          filter: {},
        });
        expect(reference.data.map((r) => r.id)).toContain(first.id);
      }
    }
    const one = await client.getOne(collection(resource.api), { id: first.id });
    expect(one.data.id).toBe(first.id);
    const many = await client.getMany(collection(resource.api), { ids: sortedIds.slice(0, 2) });
    expect(many.data.map((r) => r.id).sort()).toEqual(sortedIds.slice(0, 2).sort());
  });

  it.runIf(resource.permissions.create)('creates, updates and deletes through the client', async () => {
    const body = await sampleBody(api, resource, customerOrg);
    const created = await client.create(collection(resource.api), { data: body });
    expect(created.data.id).toMatch(/^[0-9a-f-]{36}$/);
    if (resource.permissions.edit) {
      const textField = Object.entries(resource.fields).find(
        ([, f]) => f.type === 'text' && !textRule(f).pattern && !f.readOnly,
      )?.[0];
      const current = (await client.getOne(collection(resource.api), { id: created.data.id })).data;
      const changed = textField ? { ...current, [textField]: 'Changed through the client' } : current;
      const updated = await client.update(collection(resource.api), {
        id: created.data.id,
        data: changed,
        previousData: current,
      });
      if (textField) expect(updated.data[textField]).toBe('Changed through the client');
      if (textField)
        expect((await client.getOne(collection(resource.api), { id: created.data.id })).data[textField]).toBe(
          'Changed through the client',
        );
    }
    if (resource.permissions.delete) {
      await client.delete(collection(resource.api), { id: created.data.id, previousData: created.data });
      await expect(client.getOne(collection(resource.api), { id: created.data.id })).rejects.toMatchObject({
        status: 404,
      });
    }
  });
});
