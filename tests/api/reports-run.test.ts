import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, signIn, startTestServer, type TestServer } from './harness.ts';
import { call, type Api } from './resource-fixtures.ts';
import { ist, runWorld, type RunWorld } from './reports-run-fixture.ts';

/**
 * The run and trip reports over the hand-checked fixture of reports-run-fixture.ts: Sunrise's
 * vehicles 1 and 3, Ganga Movers' vehicle 2, and device 3 handed to Ganga Movers at midnight
 * starting 1 November (Asia/Kolkata).
 */
let server: TestServer;
let w: RunWorld;

/** 30 October to 1 November 2026, whole Asia/Kolkata days. */
const PERIOD = { from: ist('2026-10-30', '00:00'), to: ist('2026-11-02', '00:00') };

type Row = Record<string, unknown>;
const query = (filter: object, sort?: [string, string], range = [0, 99]) =>
  `filter=${encodeURIComponent(JSON.stringify({ ...PERIOD, ...filter }))}${sort ? `&sort=${encodeURIComponent(JSON.stringify(sort))}` : ''}&range=${JSON.stringify(range)}`;

async function rows(api: Api, path: string, filter: object = {}, sort?: [string, string]) {
  const response = await call(api, 'GET', `${path}?${query(filter, sort)}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as Row[];
  expect(response.headers['content-range']).toMatch(new RegExp(`/${body.length}$`));
  return body;
}
async function totals(api: Api, path: string, filter: object = {}) {
  const response = await call(api, 'GET', `${path}/totals?${query(filter)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Record<string, number | null>;
}
async function chart(api: Api, path: string, filter: object = {}) {
  const response = await call(api, 'GET', `${path}/chart?${query(filter)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Row[];
}
/** Rows of one day in vehicle order (the API breaks ties by id, a random uuid). */
const byDay = (list: Row[]) =>
  [...list].sort((a, b) => `${a.day}${a.registrationNumber}`.localeCompare(`${b.day}${b.registrationNumber}`));
const pick = (list: Row[], ...keys: string[]) => list.map((r) => Object.fromEntries(keys.map((k) => [k, r[k]])));

beforeAll(async () => {
  server = await startTestServer();
  w = await runWorld(server);
}, 300_000);
afterAll(async () => {
  await server?.close();
});

describe('daily run summary', () => {
  it("lists each of the caller's vehicle days with the day's figures", async () => {
    const list = byDay(await rows(w.as.customer, '/report/daily-run', {}, ['day', 'ASC']));
    expect(
      pick(list, 'day', 'registrationNumber', 'distance', 'running', 'idle', 'stopped', 'maxSpeed', 'trips', 'alerts'),
    ).toEqual([
      {
        day: '2026-10-30',
        registrationNumber: 'UP78RR0001',
        distance: 120000,
        running: 10800,
        idle: 1800,
        stopped: 73800,
        maxSpeed: 72,
        trips: 3,
        alerts: 3,
      },
      {
        day: '2026-10-30',
        registrationNumber: 'UP78RR0003',
        distance: 40000,
        running: 3600,
        idle: 900,
        stopped: 81900,
        maxSpeed: 60,
        trips: 1,
        alerts: 0,
      },
      {
        day: '2026-10-31',
        registrationNumber: 'UP78RR0001',
        distance: 80000,
        running: 7200,
        idle: 3600,
        stopped: 75600,
        maxSpeed: 65,
        trips: 2,
        alerts: 0,
      },
      {
        day: '2026-11-01',
        registrationNumber: 'UP78RR0001',
        distance: 0,
        running: 0,
        idle: 0,
        stopped: 86400,
        maxSpeed: 0,
        trips: 0,
        alerts: 1,
      },
    ]);
    expect(list[0]).toMatchObject({
      vehicleName: 'Sunrise 1',
      firstIgnitionOn: '2026-10-30T02:30:00Z',
      lastIgnitionOff: '2026-10-30T13:30:00Z',
    });
    expect(list[3]).toMatchObject({ firstIgnitionOn: null, lastIgnitionOff: null });
    // the export pages through every row, not only the first page
    const page = await call(w.as.customer, 'GET', `/report/daily-run?${query({}, ['day', 'ASC'], [0, 1])}`);
    expect(page.json()).toHaveLength(2);
    expect(page.headers['content-range']).toMatch(/\/4$/);
    const exported = await call(w.as.customer, 'GET', `/report/daily-run/export?${query({}, ['day', 'ASC'])}`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(byDay(exported.json() as Row[]).map((r) => r.id)).toEqual(list.map((r) => r.id));
  });

  it('adds up every matching row in the totals and draws distance per day', async () => {
    expect(await totals(w.as.customer, '/report/daily-run')).toMatchObject({
      distance: 240000,
      running: 21600,
      idle: 6300,
      stopped: 317700,
      maxSpeed: 72,
      trips: 6,
      alerts: 4,
    });
    expect(await chart(w.as.customer, '/report/daily-run')).toEqual([
      { key: '2026-10-30', distance: 160000 },
      { key: '2026-10-31', distance: 80000 },
      { key: '2026-11-01', distance: 0 },
    ]);
  });

  it('narrows to the period and to the chosen vehicle', async () => {
    const oneDay = await rows(w.as.customer, '/report/daily-run', {
      from: ist('2026-10-31', '00:00'),
      to: ist('2026-11-01', '00:00'),
    });
    expect(pick(oneDay, 'day', 'registrationNumber')).toEqual([
      { day: '2026-10-31', registrationNumber: 'UP78RR0001' },
    ]);
    // a custom period from mid-day takes that whole day
    const fromNoon = await rows(w.as.customer, '/report/daily-run', { from: ist('2026-11-01', '12:00') });
    expect(pick(fromNoon, 'day')).toEqual([{ day: '2026-11-01' }]);
    const third = await rows(w.as.customer, '/report/daily-run', { vehicleId: w.vehicles.v3 });
    expect(pick(third, 'day', 'registrationNumber')).toEqual([{ day: '2026-10-30', registrationNumber: 'UP78RR0003' }]);
    expect(await totals(w.as.customer, '/report/daily-run', { vehicleId: [w.vehicles.v3] })).toMatchObject({
      distance: 40000,
      trips: 1,
    });
  });

  it("shows a device handed over mid-period to each holder for its own days only, and another tenant none of Sunrise's", async () => {
    const ganga = await rows(w.as.ganga, '/report/daily-run', {}, ['registrationNumber', 'ASC']);
    // device 3 is still in Sunrise's vehicle, which Ganga Movers cannot see: its IMEI names the row
    expect(pick(ganga, 'day', 'registrationNumber', 'vehicleName', 'distance')).toEqual(
      [
        { day: '2026-10-31', registrationNumber: 'UP32RR0002', vehicleName: 'Ganga 2', distance: 50000 },
        { day: '2026-11-01', registrationNumber: 'UP32RR0002', vehicleName: 'Ganga 2', distance: 30000 },
        { day: '2026-11-01', registrationNumber: w.imei3, vehicleName: null, distance: 60000 },
      ].sort((a, b) => a.registrationNumber.localeCompare(b.registrationNumber)),
    );
    expect(ganga.some((r) => String(r.registrationNumber).startsWith('UP78'))).toBe(false);
    expect(await rows(w.as.ganga, '/report/daily-run', { vehicleId: w.vehicles.v1 })).toEqual([]);
    expect(await totals(w.as.ganga, '/report/daily-run')).toMatchObject({ distance: 140000, trips: 4 });
    const all = await rows(w.as.superadmin, '/report/daily-run', {
      vehicleId: [w.vehicles.v1, w.vehicles.v2, w.vehicles.v3],
    });
    expect(all).toHaveLength(7);
  });
});

describe('daily vehicle operation', () => {
  it('gives working hours (running + idle) and utilisation (running of 24 h)', async () => {
    const list = byDay(await rows(w.as.customer, '/report/daily-vehicle-operation', {}, ['day', 'ASC']));
    expect(pick(list, 'day', 'registrationNumber', 'workingHours', 'utilisation', 'distance')).toEqual([
      { day: '2026-10-30', registrationNumber: 'UP78RR0001', workingHours: 12600, utilisation: 12.5, distance: 120000 },
      { day: '2026-10-30', registrationNumber: 'UP78RR0003', workingHours: 4500, utilisation: 4.2, distance: 40000 },
      { day: '2026-10-31', registrationNumber: 'UP78RR0001', workingHours: 10800, utilisation: 8.3, distance: 80000 },
      { day: '2026-11-01', registrationNumber: 'UP78RR0001', workingHours: 0, utilisation: 0, distance: 0 },
    ]);
    expect(await totals(w.as.customer, '/report/daily-vehicle-operation')).toMatchObject({
      workingHours: 27900,
      running: 21600,
      distance: 240000,
    });
  });
});

describe('total run summary', () => {
  it('sums each vehicle over the period, with days active and the average per active day', async () => {
    const list = await rows(w.as.customer, '/report/total-run', {}, ['distance', 'DESC']);
    expect(
      pick(
        list,
        'registrationNumber',
        'distance',
        'running',
        'stopped',
        'maxSpeed',
        'trips',
        'alerts',
        'daysActive',
        'averageDistance',
      ),
    ).toEqual([
      {
        registrationNumber: 'UP78RR0001',
        distance: 200000,
        running: 18000,
        stopped: 235800,
        maxSpeed: 72,
        trips: 5,
        alerts: 4,
        daysActive: 2,
        averageDistance: 100000,
      },
      {
        registrationNumber: 'UP78RR0003',
        distance: 40000,
        running: 3600,
        stopped: 81900,
        maxSpeed: 60,
        trips: 1,
        alerts: 0,
        daysActive: 1,
        averageDistance: 40000,
      },
    ]);
    expect(await totals(w.as.customer, '/report/total-run')).toMatchObject({
      distance: 240000,
      trips: 6,
      daysActive: 3,
      maxSpeed: 72,
      registrationNumber: 2,
    });
    expect(await chart(w.as.customer, '/report/total-run')).toEqual([
      { key: 'UP78RR0001', distance: 200000 },
      { key: 'UP78RR0003', distance: 40000 },
    ]);
  });

  it('counts for Ganga Movers only the day it held device 3', async () => {
    const list = await rows(w.as.ganga, '/report/total-run', {}, ['distance', 'DESC']);
    expect(pick(list, 'registrationNumber', 'distance', 'daysActive')).toEqual([
      { registrationNumber: 'UP32RR0002', distance: 80000, daysActive: 2 },
      { registrationNumber: w.imei3, distance: 60000, daysActive: 1 },
    ]);
  });
});

describe('monthly summary', () => {
  it('groups the days by Asia/Kolkata month across the month end', async () => {
    const list = await rows(w.as.customer, '/report/monthly-summary', { vehicleId: w.vehicles.v1 }, ['month', 'ASC']);
    expect(pick(list, 'month', 'registrationNumber', 'distance', 'trips', 'alerts', 'daysActive')).toEqual([
      { month: '2026-10', registrationNumber: 'UP78RR0001', distance: 200000, trips: 5, alerts: 3, daysActive: 2 },
      { month: '2026-11', registrationNumber: 'UP78RR0001', distance: 0, trips: 0, alerts: 1, daysActive: 0 },
    ]);
    expect(await chart(w.as.customer, '/report/monthly-summary')).toEqual([
      { key: '2026-10', distance: 240000 },
      { key: '2026-11', distance: 0 },
    ]);
    expect(await chart(w.as.ganga, '/report/monthly-summary')).toEqual([
      { key: '2026-10', distance: 50000 },
      { key: '2026-11', distance: 90000 },
    ]);
  });

  it('accepts a year but not more', async () => {
    const year = await call(
      w.as.customer,
      'GET',
      `/report/monthly-summary?${query({ from: ist('2026-01-01', '00:00'), to: ist('2027-01-01', '00:00') })}`,
    );
    expect(year.statusCode, year.body).toBe(200);
    const longer = await call(
      w.as.customer,
      'GET',
      `/report/monthly-summary?${query({ from: ist('2025-01-01', '00:00'), to: ist('2027-01-01', '00:00') })}`,
    );
    expect(longer.statusCode).toBe(400);
    const daily = await call(w.as.customer, 'GET', `/report/daily-run?${query({ from: ist('2026-06-01', '00:00') })}`);
    expect(daily.statusCode).toBe(400);
    expect(daily.json().message).toMatch(/92 days/);
  });
});

describe('ignition trip', () => {
  it('lists the trips row by row with places, marks the open one, and adds them up', async () => {
    const list = await rows(w.as.customer, '/report/ignition-trip', {}, ['startTime', 'ASC']);
    expect(
      pick(list, 'registrationNumber', 'startTime', 'endTime', 'distance', 'duration', 'maxSpeed', 'status'),
    ).toEqual([
      {
        registrationNumber: 'UP78RR0001',
        startTime: '2026-10-30T02:30:00Z',
        endTime: '2026-10-30T04:00:00Z',
        distance: 45000,
        duration: 5400,
        maxSpeed: 72,
        status: 'CLOSED',
      },
      {
        registrationNumber: 'UP78RR0003',
        startTime: '2026-10-30T04:30:00Z',
        endTime: '2026-10-30T05:30:00Z',
        distance: 40000,
        duration: 3600,
        maxSpeed: 60,
        status: 'CLOSED',
      },
      {
        registrationNumber: 'UP78RR0001',
        startTime: '2026-10-30T06:30:00Z',
        endTime: '2026-10-30T06:50:00Z',
        distance: 3000,
        duration: 1200,
        maxSpeed: 40,
        status: 'CLOSED',
      },
      {
        registrationNumber: 'UP78RR0001',
        startTime: '2026-10-31T03:30:00Z',
        endTime: '2026-10-31T04:30:00Z',
        distance: 40000,
        duration: 3600,
        maxSpeed: 65,
        status: 'OPEN',
      },
    ]);
    expect(list[0]).toMatchObject({
      startPlace: '26.449923,80.331871',
      endPlace: '26.500000,80.400000',
      averageSpeed: 30,
    });
    expect(await totals(w.as.customer, '/report/ignition-trip')).toMatchObject({
      distance: 128000,
      duration: 13800,
      maxSpeed: 72,
      registrationNumber: 4,
    });
    const ganga = await rows(w.as.ganga, '/report/ignition-trip', {}, ['startTime', 'ASC']);
    expect(pick(ganga, 'registrationNumber', 'distance', 'averageSpeed')).toEqual([
      { registrationNumber: 'UP32RR0002', distance: 50000, averageSpeed: 33.3 },
      { registrationNumber: w.imei3, distance: 60000, averageSpeed: 48 },
    ]);
  });
});

describe('custom trip', () => {
  const day30 = { from: ist('2026-10-30', '00:00'), to: ist('2026-10-31', '00:00') };

  it("reads one vehicle's day as trips and the stops between them", async () => {
    const list = await rows(w.as.customer, '/custom-trip', { ...day30, vehicleId: w.vehicles.v1 }, [
      'startTime',
      'ASC',
    ]);
    expect(pick(list, 'kind', 'startTime', 'distance', 'duration', 'startPlace')).toEqual([
      {
        kind: 'TRIP',
        startTime: '2026-10-30T02:30:00Z',
        distance: 45000,
        duration: 5400,
        startPlace: '26.449923,80.331871',
      },
      {
        kind: 'STOP',
        startTime: '2026-10-30T04:00:00Z',
        distance: 0,
        duration: 9000,
        startPlace: '26.500000,80.400000',
      },
      {
        kind: 'TRIP',
        startTime: '2026-10-30T06:30:00Z',
        distance: 3000,
        duration: 1200,
        startPlace: '26.500000,80.400000',
      },
      {
        kind: 'STOP',
        startTime: '2026-10-30T06:50:00Z',
        distance: 0,
        duration: 20400,
        startPlace: '26.520000,80.410000',
      },
    ]);
    expect(await totals(w.as.customer, '/custom-trip', { ...day30, vehicleId: w.vehicles.v1 })).toMatchObject({
      distance: 48000,
      duration: 36000,
      kind: 4,
    });
  });

  it('hides trips shorter than minDistance km or minDuration minutes, keeping the stops', async () => {
    const kinds = async (extra: object) =>
      pick(
        await rows(w.as.customer, '/custom-trip', { ...day30, vehicleId: w.vehicles.v1, ...extra }, [
          'startTime',
          'ASC',
        ]),
        'kind',
        'duration',
      );
    const longOnly = [
      { kind: 'TRIP', duration: 5400 },
      { kind: 'STOP', duration: 9000 },
      { kind: 'STOP', duration: 20400 },
    ];
    expect(await kinds({ minDistance: 10 })).toEqual(longOnly);
    expect(await kinds({ minDuration: 30 })).toEqual(longOnly);
    expect(await kinds({ minDistance: 50 })).toEqual(longOnly.slice(1));
  });

  it('asks for one vehicle, and shows another tenant nothing of it', async () => {
    const none = await call(w.as.customer, 'GET', `/custom-trip?${query(day30)}`);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Choose one vehicle for this report');
    const two = await call(
      w.as.customer,
      'GET',
      `/custom-trip?${query({ ...day30, vehicleId: [w.vehicles.v1, w.vehicles.v3] })}`,
    );
    expect(two.statusCode).toBe(400);
    expect(await rows(w.as.ganga, '/custom-trip', { ...day30, vehicleId: w.vehicles.v1 })).toEqual([]);
  });
});

describe('permissions', () => {
  it("needs the report's module", async () => {
    const anonymous = await server.app.inject({ method: 'GET', url: `/api/report/daily-run?${query({})}` });
    expect(anonymous.statusCode).toBe(401);
    // LIMITED_USER has live tracking but no reports
    const limited = { app: server.app, token: (await signIn(server.app, demoEmail('limited'))).token.access.token };
    for (const path of [
      '/report/daily-run',
      '/report/total-run',
      '/report/monthly-summary',
      '/report/daily-vehicle-operation',
      '/report/ignition-trip',
      '/custom-trip',
    ]) {
      expect((await call(limited, 'GET', `${path}?${query({ vehicleId: w.vehicles.v1 })}`)).statusCode, path).toBe(403);
      expect(
        (await call(w.as.customer, 'GET', `${path}?${query({ vehicleId: w.vehicles.v1 })}`)).statusCode,
        path,
      ).toBe(200);
    }
  });
});
