import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, demoEmail, signIn, startTestServer, type TestServer } from './harness.ts';
import { resources } from '../../resources/modules.ts';
import { searchedResources } from '../../resources/global-search.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function get(role: string, url: string) {
  const token = (await signIn(server.app, demoEmail(role))).token.access.token;
  const response = await server.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response;
}
const search = async (role: string, query: string) => (await get(role, `/search?${query}`)).json();

describe('GET /search', () => {
  it('answers the first ten matches of each group and how many match in all', async () => {
    // the demo's twelve devices share their IMEI prefix
    const answer = await search('superadmin', 'q=86834707');
    expect(answer.Devices).toHaveLength(10);
    // a group for every declaration with globalSearch: Devices, Vehicles, Users and any entity added since
    expect(answer.totals).toEqual({
      ...Object.fromEntries(searchedResources(resources).map((r) => [r.globalSearch!.category, 0])),
      Devices: 12,
      Vehicles: 0,
      Users: 0,
    });
    expect(answer.estimated).toEqual([]);
  });

  it('counts only what the caller may see: as many as the list filtered by the same text', async () => {
    const answer = await search('dealer', 'q=86834707&category=Devices');
    const list = await get('dealer', `/device?filter=${encodeURIComponent(JSON.stringify({ q: '86834707' }))}`);
    const listTotal = Number(String(list.headers['content-range']).split('/')[1]);
    expect(answer.totals.Devices).toBe(listTotal);
    expect(answer.totals.Devices).toBeLessThan(12);
    expect(answer.Devices).toHaveLength(Math.min(listTotal, 10));
  });
});

describe('GET /search with a category', () => {
  it('answers that category alone, and refuses one no declaration offers, naming those it does', async () => {
    const answer = await search('superadmin', 'q=86834707&category=Devices');
    expect(answer.totals.Devices).toBe(12);
    expect(answer.Vehicles).toEqual([]);
    const token = (await signIn(server.app, demoEmail('superadmin'))).token.access.token;
    const refused = await server.app.inject({
      method: 'GET',
      url: '/api/search?q=x&category=Trucks',
      headers: bearer(token),
    });
    expect(refused.statusCode).toBe(400);
    // 'Vehicles, Devices or Users', and any category an entity added since offers after them
    expect(refused.body).toMatch(/The category must be Vehicles, Devices(, Users(, \w+)* or \w+| or Users)"/);
  });
});

describe('GET /search over the exact-count limit', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await startTestServer({ config: { exactCountLimit: 5 } });
  });
  afterAll(async () => {
    await small?.close();
  });

  it("says which totals are estimates, as a list's X-Total-Estimated does", async () => {
    const token = (await signIn(small.app, demoEmail('superadmin'))).token.access.token;
    const answer = (
      await small.app.inject({ method: 'GET', url: '/api/search?q=86834707', headers: bearer(token) })
    ).json();
    expect(answer.Devices).toHaveLength(10);
    expect(answer.estimated).toEqual(['Devices']);
    expect(answer.totals.Devices).toBeGreaterThan(5);
    const list = await small.app.inject({
      method: 'GET',
      url: `/api/device?filter=${encodeURIComponent(JSON.stringify({ q: '86834707' }))}`,
      headers: bearer(token),
    });
    expect(list.headers['x-total-estimated']).toBe('true');
  });
});
