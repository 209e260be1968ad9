import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { startTestServer, type TestServer } from './harness.ts';
import { call, type Api } from './resource-fixtures.ts';
import { ist, runWorld, type RunWorld } from './reports-run-fixture.ts';

/**
 * A report page's view (GET <api>/view): the page of rows, their count, the totals row and the
 * chart from one run of the report's rows, with the same figures as the list, totals and chart
 * routes. Over the hand-checked fixture of reports-run-fixture.ts.
 */
let server: TestServer;
let w: RunWorld;

const PERIOD = { from: ist('2026-10-30', '00:00'), to: ist('2026-11-02', '00:00') };

type Row = Record<string, unknown>;
const query = (filter: object, sort?: [string, string], range = [0, 99]) =>
  `filter=${encodeURIComponent(JSON.stringify({ ...PERIOD, ...filter }))}${sort ? `&sort=${encodeURIComponent(JSON.stringify(sort))}` : ''}&range=${JSON.stringify(range)}`;

async function get(api: Api, url: string) {
  const response = await call(api, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

interface View {
  rows: Row[];
  total: number;
  totals: Record<string, number | string | null>;
  chart: Row[] | null;
}
const view = async (api: Api, path: string, filter: object = {}, sort?: [string, string], range?: number[]) =>
  (await get(api, `${path}/view?${query(filter, sort, range)}`)).json().data as View;

/** The statements the server runs while `run` does, as SQL text. */
async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const dialect = new PgDialect();
  const texts: string[] = [];
  const execute = server.database.db.execute.bind(server.database.db);
  const spy = vi.spyOn(server.database.db, 'execute').mockImplementation(((statement: SQL) => {
    texts.push(dialect.sqlToQuery(statement).sql);
    return execute(statement);
  }) as never);
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return texts;
}

beforeAll(async () => {
  server = await startTestServer();
  w = await runWorld(server);
}, 300_000);
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await server?.close();
});

describe('a report view', () => {
  it.each([
    ['/report/daily-run', ['day', 'ASC']],
    ['/report/daily-vehicle-operation', ['day', 'DESC']],
    ['/report/total-run', ['distance', 'DESC']],
    ['/report/monthly-summary', ['month', 'ASC']],
    ['/report/ignition-trip', ['startTime', 'ASC']],
  ] as [string, [string, string]][])(
    '%s: answers the page, the count, the totals and the chart the separate routes answer',
    async (path, sort) => {
      const range = [1, 2];
      const shown = await view(w.as.customer, path, {}, sort, range);
      const list = await get(w.as.customer, `${path}?${query({}, sort, range)}`);
      expect(shown.rows).toEqual(list.json());
      expect(list.headers['content-range']).toMatch(new RegExp(` 1-${shown.rows.length}/${shown.total}$`));
      expect(shown.totals).toEqual((await get(w.as.customer, `${path}/totals?${query({})}`)).json().data);
      const chart = await call(w.as.customer, 'GET', `${path}/chart?${query({})}`);
      expect(shown.chart).toEqual(chart.statusCode === 404 ? null : chart.json().data);
    },
  );

  it('runs the report rows once for the page, its count, the totals and the chart', async () => {
    const statements = await statementsDuring(() =>
      view(w.as.customer, '/report/daily-run', {}, ['day', 'ASC'], [0, 1]),
    );
    expect(statements.filter((s) => s.includes('daily_summaries'))).toHaveLength(1);
    // a list page and its count (the export's pages too) are one run as well
    const listed = await statementsDuring(() =>
      get(w.as.customer, `/report/daily-run?${query({}, ['day', 'ASC'], [0, 1])}`),
    );
    expect(listed.filter((s) => s.includes('daily_summaries'))).toHaveLength(1);
  });

  it('adds up in its totals row exactly the rows shown page by page, and counts them past the last page', async () => {
    const pages: Row[] = [];
    let first: View | undefined;
    for (let start = 0; ; start += 2) {
      const page = await view(w.as.customer, '/report/daily-run', {}, ['day', 'ASC'], [start, start + 1]);
      first ??= page;
      if (!page.rows.length) {
        // past the end: no rows, yet the count, the totals and the chart of every row
        expect(page.total).toBe(pages.length);
        expect(page.totals).toEqual(first.totals);
        expect(page.chart).toEqual(first.chart);
        break;
      }
      pages.push(...page.rows);
    }
    expect(pages).toHaveLength(4);
    expect(new Set(pages.map((r) => r.id)).size).toBe(4);
    const sum = (key: string) => pages.reduce((total, r) => total + Number(r[key]), 0);
    expect(first!.totals).toMatchObject({
      distance: sum('distance'),
      running: sum('running'),
      idle: sum('idle'),
      stopped: sum('stopped'),
      trips: sum('trips'),
      alerts: sum('alerts'),
      maxSpeed: Math.max(...pages.map((r) => Number(r.maxSpeed))),
    });
    expect(first!.totals).toMatchObject({ distance: 240000, trips: 6, alerts: 4 });
    // the chart draws the same rows: distance per day
    expect(first!.chart).toEqual([
      { key: '2026-10-30', distance: 160000 },
      { key: '2026-10-31', distance: 80000 },
      { key: '2026-11-01', distance: 0 },
    ]);
  });

  it("keeps another tenant's rows out and needs the report's permission", async () => {
    const ganga = await view(w.as.ganga, '/report/total-run', {}, ['distance', 'DESC']);
    expect(ganga.rows.map((r) => r.registrationNumber)).toEqual(['UP32RR0002', w.imei3]);
    expect(ganga.totals).toMatchObject({ distance: 140000 });
    const anonymous = await server.app.inject({ method: 'GET', url: `/api/report/total-run/view?${query({})}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
