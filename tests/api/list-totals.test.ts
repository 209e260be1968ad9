import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, demoEmail, signIn, startTestServer, type TestServer } from './harness.ts';

// the demo has twelve devices: with a limit of 5, a list of them all is estimated, a short one counted
const LIMIT = 5;
let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ config: { exactCountLimit: LIMIT } });
  token = (await signIn(server.app, demoEmail('superadmin'))).token.access.token;
});
afterAll(async () => {
  await server?.close();
});

async function list(query: Record<string, string>, path = '/device') {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api${path}?${new URLSearchParams(query)}`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  const [range, total] = String(response.headers['content-range']).split(' ')[1]!.split('/');
  return {
    rows: response.json() as { imei: string }[],
    range,
    total: Number(total),
    estimated: response.headers['x-total-estimated'],
  };
}

describe('list totals', () => {
  it('counts a set up to the limit exactly, with the rows in the same answer', async () => {
    const all = await list({ range: '[0,99]', sort: '["imei","ASC"]' }, '/device/export');
    const few = all.rows.slice(0, 3).map((d) => d.imei);
    const answer = await list({ filter: JSON.stringify({ q: few[0] }), range: '[0,9]' });
    expect(answer.total).toBe(answer.rows.length);
    expect(answer.estimated).toBeUndefined();
  });

  it('estimates a set larger than the limit, says so, and never says fewer than the limit', async () => {
    const answer = await list({ range: '[0,1]', sort: '["imei","ASC"]' });
    expect(answer.rows).toHaveLength(2);
    expect(answer.range).toBe('0-1');
    expect(answer.estimated).toBe('true');
    expect(answer.total).toBeGreaterThan(LIMIT);
    const exposed = (await server.app.inject({ method: 'GET', url: '/api/device?range=[0,1]', headers: bearer(token) }))
      .headers['access-control-expose-headers'];
    expect(String(exposed)).toContain('X-Total-Estimated');
  });

  it('gives a total of none for a search that finds nothing', async () => {
    const none = await list({ filter: JSON.stringify({ q: 'no-such-device-anywhere' }), range: '[0,9]' });
    expect(none.rows).toHaveLength(0);
    expect(none.range).toBe('*');
    expect(none.total).toBe(0);
    expect(none.estimated).toBeUndefined();
  });

  it('gives the total of a page past the end, which has no rows to carry it', async () => {
    const past = await list({ range: '[100,109]', sort: '["imei","ASC"]' });
    expect(past.rows).toHaveLength(0);
    expect(past.range).toBe('*');
    expect(past.total).toBeGreaterThan(LIMIT);
    expect(past.estimated).toBe('true');
  });

  it('walks an estimated set to its end by short pages: every row once', async () => {
    const seen: string[] = [];
    for (let start = 0; ; start += 4) {
      const page = await list({ range: `[${start},${start + 3}]`, sort: '["imei","ASC"]' });
      seen.push(...page.rows.map((d) => d.imei));
      if (page.rows.length < 4) break;
    }
    const all = await list({ range: '[0,99]', sort: '["imei","ASC"]' }, '/device/export');
    expect(seen).toEqual(all.rows.map((d) => d.imei));
    expect(new Set(seen).size).toBe(seen.length);
  });
});
