import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import length from '@turf/length';
import { lineString } from '@turf/helpers';
import { startTestServer, type TestServer } from './harness.ts';
import { call, demoWorld, type Api } from './resource-fixtures.ts';

/** Playbacks come a page at a time, and a shared one never leaves the period it was made for. */
let server: TestServer;
let customer: Api;
let vehicleId: string;
const start = Date.parse('2026-11-10T10:00:00Z');
const hour = 3600_000;
/** 5,200 points 0.5 s apart inside 10:00–11:00, and one point either side. */
const INSIDE = 5200;

interface Page {
  points: { fixTime: string; latitude: number; longitude: number }[];
  next: string | null;
  summary?: { points: number; distanceKm: number };
  stops?: unknown[];
}

const playback = async (query: string) =>
  call(customer, 'GET', `/vehicle/position/playback?vehicleId=${vehicleId}&${query}`);
const shared = async (token: string, query = '') =>
  server.app.inject({ method: 'GET', url: `/api/public/share-playback?token=${token}${query}` });
const share = async (from: string, to: string) =>
  call(customer, 'POST', '/share-playback', { kind: 'playback', vehicleId, expiresInHours: 2, from, to });

beforeAll(async () => {
  server = await startTestServer();
  customer = (await demoWorld(server.app, ['customer'])).as.customer!;
  const vehicles = (
    await call(customer, 'GET', '/vehicle/statuses?sort=["registrationNumber","ASC"]&range=[0,0]')
  ).json() as { id: string; deviceId: string }[];
  vehicleId = vehicles[0]!.id;
  const deviceId = vehicles[0]!.deviceId;
  await server.database.db
    .execute(sql`insert into positions (device_id, fix_time, latitude, longitude, speed, packet_type)
    select ${deviceId}::uuid, ${new Date(start).toISOString()}::timestamptz + make_interval(secs => i * 0.5), 26.4 + i / 100000.0, 80.33, 30, 'NR'
    from generate_series(0, ${INSIDE - 1}) i`);
  for (const outside of [start - hour / 2, start + 1.5 * hour]) {
    await server.database.db
      .execute(sql`insert into positions (device_id, fix_time, latitude, longitude, speed, packet_type)
      values (${deviceId}::uuid, ${new Date(outside).toISOString()}::timestamptz, 26.5, 80.4, 30, 'NR')`);
  }
});
afterAll(async () => {
  await server?.close();
});

/** Every page of a playback answer, following `next` until the last. */
async function allPages(first: Page, fetchPage: (after: string) => Promise<Page>) {
  const pages = [first];
  while (pages.at(-1)!.next) pages.push(await fetchPage(pages.at(-1)!.next!));
  return pages;
}

describe('signed-in playback', () => {
  it('answers at most 5,000 points a page, with next until the last page, and measures the whole path as @turf/length would', async () => {
    const period = `from=${new Date(start - hour).toISOString()}&to=${new Date(start + 2 * hour).toISOString()}`;
    const first = (await playback(period)).json().data as Page;
    expect(first.points).toHaveLength(5000);
    expect(first.summary?.points).toBe(INSIDE + 2);
    const pages = await allPages(first, async (after) => (await playback(`${period}&after=${after}`)).json().data);
    expect(pages.map((p) => p.points.length)).toEqual([5000, INSIDE + 2 - 5000]);
    expect(pages[1]!.summary).toBeUndefined();
    const times = pages.flatMap((p) => p.points.map((point) => Date.parse(point.fixTime)));
    expect(new Set(times).size).toBe(INSIDE + 2);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const path = pages.flatMap((p) => p.points).map((p) => [p.longitude, p.latitude]);
    expect(first.summary?.distanceKm).toBeGreaterThan(5);
    expect(first.summary?.distanceKm).toBe(Math.round(length(lineString(path), { units: 'kilometers' }) * 10) / 10);
  });

  it('pages by the limit asked for, with the summary of the whole period on the first page', async () => {
    const period = `from=${new Date(start).toISOString()}&to=${new Date(start + 9_500).toISOString()}`;
    const first = (await playback(`${period}&limit=7`)).json().data as Page;
    const pages = await allPages(
      first,
      async (after) => (await playback(`${period}&limit=7&after=${after}`)).json().data,
    );
    expect(pages.map((p) => p.points.length)).toEqual([7, 7, 6]);
    const path = pages.flatMap((p) => p.points).map((p) => [p.longitude, p.latitude]);
    // the distance runs from the vehicle's position before the period (26.5, 80.4 half an hour
    // earlier), as a report's day counts the leg from the last position before midnight (issue 25)
    expect(first.summary).toEqual({
      points: 20,
      maxSpeed: 30,
      distanceKm: Math.round(length(lineString([[80.4, 26.5], ...path]), { units: 'kilometers' }) * 10) / 10,
    });
    expect(first.stops).toEqual([]);
  });

  it('refuses a bad page with a 400', async () => {
    const period = `from=${new Date(start).toISOString()}&to=${new Date(start + hour).toISOString()}`;
    for (const [query, message] of [
      ['limit=5001', 'The limit must be a whole number from 1 to 5000'],
      ['limit=0', 'The limit must be a whole number from 1 to 5000'],
      ['limit=ten', 'The limit must be a whole number from 1 to 5000'],
      ['after=yesterday', 'The after parameter must be the next of a previous page'],
    ]) {
      const response = await playback(`${period}&${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message });
    }
  });
});

describe('shared playback', () => {
  it('refuses to share more than 7 days', async () => {
    const response = await share('2026-11-01T00:00:00Z', '2026-11-08T00:00:01Z');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: 'Choose a period of at most 7 days' });
    expect((await share('2026-11-01T00:00:00Z', '2026-11-08T00:00:00Z')).statusCode).toBe(201);
  });

  it('pages the shared period and never answers a point outside it, whatever the query says', async () => {
    const link = (await share(new Date(start).toISOString(), new Date(start + hour).toISOString())).json().data;
    const wider = `&from=${new Date(start - 10 * hour).toISOString()}&to=${new Date(start + 10 * hour).toISOString()}`;
    const first = (await shared(link.token, wider)).json().data.playback as Page;
    expect(first.points).toHaveLength(5000);
    const pages = await allPages(
      first,
      async (after) => (await shared(link.token, `${wider}&after=${after}`)).json().data.playback,
    );
    const times = pages.flatMap((p) => p.points.map((point) => Date.parse(point.fixTime)));
    expect(times).toHaveLength(INSIDE);
    expect(times.every((t) => t >= start && t <= start + hour)).toBe(true);
    // a cursor from before the period does not reach back
    const before = (await shared(link.token, `&limit=3&after=${(start - hour) * 1000}_1`)).json().data.playback as Page;
    expect(Date.parse(before.points[0]!.fixTime)).toBe(start);
    expect((await shared(link.token, '&limit=9999')).statusCode).toBe(400);
  });

  it("lists the vehicle's working links, and a withdrawn one leaves the list and stops answering", async () => {
    const link = (await share(new Date(start).toISOString(), new Date(start + hour).toISOString())).json().data;
    const listed = async () =>
      (await call(customer, 'GET', `/share-playback?vehicleId=${vehicleId}`)).json().data as { id: string }[];
    expect(await listed()).toContainEqual({
      id: link.id,
      kind: 'playback',
      expiresAt: expect.any(String),
      createdAt: expect.any(String),
    });
    expect((await shared(link.token)).statusCode).toBe(200);
    expect((await call(customer, 'DELETE', `/share-playback/${link.id}`)).statusCode).toBe(200);
    expect((await listed()).map((row) => row.id)).not.toContain(link.id);
    expect((await shared(link.token)).statusCode).toBe(410);
    expect((await call(customer, 'DELETE', `/share-playback/${link.id}`)).statusCode).toBe(404);
  });

  it('cuts a link made before periods were limited to its first 7 days', async () => {
    const link = (
      await share(new Date(start - 7 * 24 * hour + hour / 4).toISOString(), new Date(start).toISOString())
    ).json().data;
    await server.database.db.execute(
      sql`update shares set period_to = ${new Date(start + 2 * hour).toISOString()}::timestamptz where id = ${link.id}::uuid`,
    );
    const { playback: data } = (await shared(link.token)).json().data as { playback: Page };
    // seven days from its start end at 10:15: the point at 09:30 and the first quarter hour of points
    expect(data.summary?.points).toBe(1 + 0.25 * 3600 * 2 + 1);
  });
});
