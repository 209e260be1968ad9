import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness.ts';
import { call, demoWorld, type Api } from './resource-fixtures.ts';
import { DEMO_FIRST_IMEI } from '../../server/seed/demo.ts';
import { CERTIFICATE_LOOKUPS_PER_MINUTE } from '../../server/certificates/routes.ts';
import { PORT_CHECK_RECENT_MINUTES, PORT_CHECKS_PER_IMEI_PER_MINUTE } from '../../server/tracking/routes.ts';

let server: TestServer;
let as: Record<string, Api>;

/** The demo's first device, reporting a minute ago; its second, silent for two hours; an unregistered IMEI, reporting now. */
const LIVE = DEMO_FIRST_IMEI;
const SILENT = (BigInt(DEMO_FIRST_IMEI) + 1n).toString();
const UNKNOWN = '868347071111111';

const anonymous = (imei: string, remoteAddress: string) =>
  server.app.inject({ method: 'GET', url: `/api/check-port?imei=${imei}`, remoteAddress });

/** Raw-log rows as the gateway writes them: with the device and its organisation when the IMEI is registered. */
async function frames(imei: string, minutesAgo: number[], parseResult = 'OK', message: string | null = null) {
  for (const ago of minutesAgo) {
    await server.database.db
      .execute(sql`insert into raw_logs (imei, device_id, organisation_id, received_at, frame, parse_result, message)
      select ${imei}, d.id, d.organisation_id, now() - make_interval(mins => ${ago}), '$NRM,frame*', ${parseResult}, ${message}
      from (select 1) one left join devices d on d.imei = ${imei}`);
  }
}

beforeAll(async () => {
  server = await startTestServer();
  ({ as } = await demoWorld(server.app, ['superadmin', 'manufacturer', 'fitter']));
  await frames(LIVE, [1, 30, 60, 120, 240, 600]);
  await frames(SILENT, [120]);
  await frames(UNKNOWN, [0], 'UNKNOWN_DEVICE', 'IMEI not registered');
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/check-port', () => {
  it('tells a stranger sweeping 1,000 IMEIs only whether frames arrived lately, and refuses them past 60 a minute', async () => {
    const answers = [];
    for (let i = 0; i < 1000; i++)
      answers.push(await anonymous((BigInt(DEMO_FIRST_IMEI) + BigInt(i)).toString(), '10.20.0.1'));
    const answered = answers.filter((a) => a.statusCode === 200);
    expect(answered).toHaveLength(CERTIFICATE_LOOKUPS_PER_MINUTE);
    expect(answers.slice(CERTIFICATE_LOOKUPS_PER_MINUTE).every((a) => a.statusCode === 429)).toBe(true);
    expect(answers.at(-1)!.headers['retry-after']).toBeDefined();
    expect(answers.at(-1)!.json().message).toMatch(/^Too many attempts/);
    // nothing but the IMEI typed and whether a frame came in the last few minutes: no counts, no times, no readings
    for (const answer of answered)
      expect(Object.keys(answer.json().data).sort()).toEqual(['detail', 'imei', 'received', 'withinMinutes']);
    expect(answered.map((a) => a.json().data.detail).every((d) => d === null)).toBe(true);
    expect(answered[0]!.json().data).toEqual({
      imei: LIVE,
      received: true,
      withinMinutes: PORT_CHECK_RECENT_MINUTES,
      detail: null,
    });
    // two hours silent reads as never seen: no last-seen time to learn
    expect(answered[1]!.json().data).toEqual({
      imei: SILENT,
      received: false,
      withinMinutes: PORT_CHECK_RECENT_MINUTES,
      detail: null,
    });
    expect(answered.filter((a) => a.json().data.received)).toHaveLength(1);
  });

  it('limits checks of one IMEI from one address, never those from another', async () => {
    const statuses = [];
    for (let i = 0; i <= PORT_CHECKS_PER_IMEI_PER_MINUTE; i++)
      statuses.push((await anonymous(LIVE, '10.20.0.2')).statusCode);
    expect(statuses).toEqual([...Array(PORT_CHECKS_PER_IMEI_PER_MINUTE).fill(200), 429]);
    expect((await anonymous(SILENT, '10.20.0.2')).statusCode).toBe(200);
    expect((await anonymous(LIVE, '10.20.0.3')).json().data.received).toBe(true);
  });

  it('shows the detail only to a signed-in user who may read the raw logs, of the frames those show them', async () => {
    const check = async (who: Api, imei: string) => (await call(who, 'GET', `/check-port?imei=${imei}`)).json().data;
    for (const who of [as.superadmin!, as.manufacturer!]) {
      const { detail } = await check(who, LIVE);
      expect(detail).toMatchObject({ framesLast24Hours: 6, parseResult: 'OK', message: null });
      expect(Date.now() - Date.parse(detail.lastReceivedAt)).toBeGreaterThan(50_000);
      expect(Date.now() - Date.parse(detail.lastReceivedAt)).toBeLessThan(5 * 60_000);
      expect((await check(who, SILENT)).detail).toMatchObject({ framesLast24Hours: 1 });
    }
    // frames of an unregistered IMEI belong to no organisation: the super-admin's alone, as in the raw logs
    expect(await check(as.superadmin!, UNKNOWN)).toMatchObject({
      received: true,
      detail: { parseResult: 'UNKNOWN_DEVICE', message: 'IMEI not registered' },
    });
    expect(await check(as.manufacturer!, UNKNOWN)).toEqual({
      imei: UNKNOWN,
      received: true,
      withinMinutes: PORT_CHECK_RECENT_MINUTES,
      detail: null,
    });
    // a fitter reads no raw logs: the stranger's answer
    expect(await check(as.fitter!, LIVE)).toEqual({
      imei: LIVE,
      received: true,
      withinMinutes: PORT_CHECK_RECENT_MINUTES,
      detail: null,
    });
    // bad input is refused with its message, as before
    const invalid = await call(as.fitter!, 'GET', '/check-port?imei=12');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('The IMEI must be 15 digits');
  });
});
