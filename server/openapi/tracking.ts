import { PARSE_RESULTS } from '../../resources/entities/raw-logs.ts';
import { VEHICLE_STATES } from '../../resources/tracking.ts';
import {
  answers,
  errors,
  listOf,
  obj,
  nullableText as text,
  nullableNumber as number,
  nullableBoolean as boolean,
  integer,
  instant,
  nullableInstant,
} from './shared.ts';

/**
 * The OpenAPI answers and examples of tracking (server/tracking/routes.ts): the Vehicle Status
 * table and its counts, the live positions, the route playback and the timeline's path (one shape,
 * server/tracking/playback.ts), the vehicle timeline (server/reports/timeline.ts), the gateway's
 * counters and the port checker. The public links to a vehicle's live position or playback are in
 * shares.ts.
 */

const VEHICLE = '3f6c2a9e-8b1d-4c47-9a0e-5d2f7b8c1e64';
const DEVICE = '5b1e7d42-0c9a-4f3e-8d21-7a6b9c0e2f13';
const IMEI = '868960061234567';
const state = { type: 'string', enum: [...VEHICLE_STATES] };
const freeObject = { type: ['object', 'null'], additionalProperties: true };

const statusRow = obj(
  {
    id: { type: 'string', format: 'uuid' },
    name: text,
    registrationNumber: { type: 'string' },
    category: text,
    groupId: { type: ['string', 'null'], format: 'uuid' },
    groupName: text,
    organisationId: { type: 'string', format: 'uuid' },
    organisationName: text,
    isTrackingActivated: boolean,
    deviceId: { type: ['string', 'null'], format: 'uuid' },
    imei: text,
    status: state,
    lastSeenAt: nullableInstant,
    fixTime: nullableInstant,
    latitude: number,
    longitude: number,
    speed: { type: 'number', description: 'km/h' },
    heading: { type: 'number', description: 'degrees from north' },
    ignition: boolean,
  },
  ['id', 'status'],
);
const statusExample = {
  id: VEHICLE,
  name: 'City bus 12',
  registrationNumber: 'UP32AB1234',
  category: 'Bus',
  groupId: '7c2d9e14-3a5b-4f60-8e71-2b9c0d4a6f38',
  groupName: 'Charbagh depot',
  organisationId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  organisationName: 'Metro Auto',
  isTrackingActivated: true,
  deviceId: DEVICE,
  imei: IMEI,
  status: 'running',
  lastSeenAt: '2026-11-28T10:15:04.120+00:00',
  fixTime: '2026-11-28T10:15:00+00:00',
  latitude: 26.8467,
  longitude: 80.9462,
  speed: 42,
  heading: 90,
  ignition: true,
};

/** A stored fix as the API gives it: device_states.last_position with last_attributes (server/tracking/last-position.ts). */
const livePosition = {
  fixTime: '2026-11-28T10:15:00.000Z',
  latitude: 26.8467,
  longitude: 80.9462,
  speed: 42,
  heading: 90,
  altitude: 120,
  satellites: 12,
  ignition: true,
  gpsFix: true,
  attributes: { checksum: 'ok' },
  receivedAt: '2026-11-28T10:15:04.120Z',
  packetType: 'NR',
  live: true,
};
const track = obj(
  {
    vehicleId: { type: 'string', format: 'uuid' },
    name: text,
    registrationNumber: { type: 'string' },
    deviceId: { type: ['string', 'null'], format: 'uuid' },
    imei: text,
    status: state,
    lastSeenAt: nullableInstant,
    position: { ...freeObject, description: 'the latest live fix, or null before the first' },
    health: { ...freeObject, description: 'the latest health frame, or null' },
  },
  ['vehicleId', 'status'],
);
const trackExample = {
  vehicleId: VEHICLE,
  name: 'City bus 12',
  registrationNumber: 'UP32AB1234',
  deviceId: DEVICE,
  imei: IMEI,
  status: 'running',
  lastSeenAt: '2026-11-28T10:15:04.120+00:00',
  position: livePosition,
  health: {
    vendorId: 'WMK',
    firmwareVersion: '2.1.7',
    batteryPercent: 96,
    lowBatteryThreshold: 20,
    memoryPercent: 12,
    updateRateIgnitionOn: 10,
    updateRateIgnitionOff: 60,
    digitalIo: '0001',
    analogInputs: ['0.0', '0.0'],
  },
};

/** A page of a vehicle's path in a period (server/tracking/playback.ts); the first page also has stops and summary. */
export const playbackPage = obj(
  {
    vehicle: obj({
      id: { type: 'string', format: 'uuid' },
      name: text,
      registrationNumber: { type: 'string' },
      deviceId: { type: ['string', 'null'], format: 'uuid' },
    }),
    from: instant,
    to: instant,
    points: {
      type: 'array',
      items: obj({
        fixTime: instant,
        latitude: { type: 'number' },
        longitude: { type: 'number' },
        speed: { type: 'number' },
        heading: { type: 'number' },
        ignition: boolean,
      }),
    },
    next: { type: ['string', 'null'], description: 'the `after` of the following page; null on the last' },
    stops: {
      type: 'array',
      description: 'the first page only: halts of the parking time or longer',
      items: obj({
        from: instant,
        to: instant,
        minutes: integer,
        latitude: { type: 'number' },
        longitude: { type: 'number' },
      }),
    },
    summary: obj({ points: integer, distanceKm: { type: 'number' }, maxSpeed: { type: 'number' } }, [
      'points',
      'distanceKm',
      'maxSpeed',
    ]),
  },
  ['vehicle', 'from', 'to', 'points', 'next'],
);
const point = (fixTime: string, longitude: number, speed: number) => ({
  fixTime,
  latitude: 26.8467,
  longitude,
  speed,
  heading: 90,
  ignition: true,
});
export const playbackExample = {
  vehicle: { id: VEHICLE, name: 'City bus 12', registrationNumber: 'UP32AB1234', deviceId: DEVICE },
  from: '2026-11-28T04:30:00.000Z',
  to: '2026-11-28T12:30:00.000Z',
  points: [point('2026-11-28T10:15:00+00:00', 80.9462, 42), point('2026-11-28T10:15:10+00:00', 80.9474, 44)],
  next: '1764324910000000_48213',
  stops: [
    {
      from: '2026-11-28T06:02:00+00:00',
      to: '2026-11-28T06:40:00+00:00',
      minutes: 38,
      latitude: 26.8312,
      longitude: 80.9221,
    },
  ],
  summary: { points: 2874, distanceKm: 86.4, maxSpeed: 71 },
};

const timelineItem = obj(
  {
    kind: { type: 'string', enum: ['trip', 'stop', 'event'] },
    id: { type: 'string', description: 'trip-, stop- or event- and the row id' },
    start: instant,
    end: instant,
    type: { type: 'string', description: "an event's type" },
  },
  ['kind', 'id', 'start'],
);
const timeline = obj(
  {
    vehicle: obj({ id: { type: 'string', format: 'uuid' }, name: text, registrationNumber: { type: 'string' } }),
    day: { type: 'string', format: 'date' },
    from: instant,
    to: instant,
    summary: {
      ...obj({
        distanceMeters: { type: 'number' },
        runningSeconds: { type: 'number' },
        idleSeconds: { type: 'number' },
        stoppedSeconds: { type: 'number' },
        firstIgnitionOn: nullableInstant,
        lastIgnitionOff: nullableInstant,
        maxSpeed: { type: 'number' },
        trips: integer,
        stops: integer,
        alertCounts: { type: 'object', additionalProperties: { type: 'integer' } },
      }),
      type: ['object', 'null'],
      description: "the day's summary; null before the summariser has written it, or for a vehicle without a device",
    },
    items: { type: 'array', items: timelineItem },
  },
  ['vehicle', 'day', 'from', 'to', 'summary', 'items'],
);
const timelineExample = {
  vehicle: { id: VEHICLE, name: 'City bus 12', registrationNumber: 'UP32AB1234' },
  day: '2026-11-28',
  from: '2026-11-27T18:30:00.000Z',
  to: '2026-11-28T18:30:00.000Z',
  summary: {
    distanceMeters: 86400,
    runningSeconds: 12600,
    idleSeconds: 1800,
    stoppedSeconds: 72000,
    firstIgnitionOn: '2026-11-28T03:10:00+00:00',
    lastIgnitionOff: '2026-11-28T13:45:00+00:00',
    maxSpeed: 71,
    trips: 6,
    stops: 5,
    alertCounts: { OVERSPEED: 2 },
  },
  items: [
    {
      kind: 'trip',
      id: 'trip-1201',
      start: '2026-11-28T03:10:00+00:00',
      end: '2026-11-28T04:02:00+00:00',
      startLatitude: 26.8467,
      startLongitude: 80.9462,
      endLatitude: 26.8312,
      endLongitude: 80.9221,
      distanceMeters: 18200,
      durationSeconds: 3120,
      maxSpeed: 64,
      averageSpeed: 21,
      open: false,
    },
    {
      kind: 'event',
      id: 'event-88311',
      type: 'OVERSPEED',
      start: '2026-11-28T03:41:20+00:00',
      latitude: 26.8398,
      longitude: 80.9355,
    },
  ],
};

const counts = Object.fromEntries([...VEHICLE_STATES, 'total'].map((name) => [name, integer]));

export const trackingDocs = {
  statuses: { 200: listOf(statusRow, statusExample, 'vehicle/statuses'), ...errors(400, 401, 403, 429) },
  statusCounts: answers(
    obj(counts, [...VEHICLE_STATES, 'total']),
    { running: 12, idle: 3, stopped: 20, offline: 4, noData: 1, total: 40 },
    [400, 401, 403, 429],
  ),
  track: answers(
    { oneOf: [track, { type: 'array', items: track }], description: 'one vehicle when vehicleId is given, else all' },
    [trackExample],
    [400, 401, 403, 404, 429],
  ),
  playback: answers(playbackPage, playbackExample, [400, 401, 403, 404, 429]),
  timeline: answers(timeline, timelineExample, [400, 401, 403, 404, 429]),
  gateway: answers(
    obj({
      accepted: integer,
      received: integer,
      acknowledged: integer,
      refused: integer,
      dropped: integer,
      connected: integer,
      devices: integer,
      stored: obj({ frames: integer, positions: integer, events: integer, batches: integer }),
      backlog: integer,
      admission: obj({
        state: { type: 'string', enum: ['accepting', 'paused', 'refusing'] },
        queueDepth: integer,
        pauseAt: integer,
        refuseAt: integer,
        resumeAt: integer,
      }),
      rssBytes: integer,
      heapUsedBytes: integer,
      storeLatencyMs: obj({ p50: number, p95: number }),
      storeTransactionMs: obj({ p50: number, p95: number }),
      storeBatchFrames: obj({ p50: number, p95: number }),
      eventLoopDelayMs: { ...obj({ p50: number, p95: number, max: number }), type: ['object', 'null'] },
    }),
    {
      accepted: 1204,
      received: 918233,
      acknowledged: 2410,
      refused: 0,
      dropped: 3,
      connected: 1187,
      devices: 1182,
      stored: { frames: 918230, positions: 902114, events: 1840, batches: 6120 },
      backlog: 40,
      admission: {
        state: 'accepting',
        queueDepth: 40,
        pauseAt: 8000,
        refuseAt: 16000,
        resumeAt: 4000,
        connectionsRefused: 0,
        sheddingMs: 0,
        transitions: 0,
      },
      rssBytes: 268435456,
      heapUsedBytes: 121634816,
      storeLatencyMs: { p50: 18, p95: 64 },
      storeTransactionMs: { p50: 9, p95: 31 },
      storeBatchFrames: { p50: 12, p95: 48 },
      eventLoopDelayMs: { p50: 0.2, p95: 4.8, max: 31.3 },
    },
    [401, 403, 404, 429],
  ),
  portCheck: answers(
    obj(
      {
        imei: { type: 'string' },
        received: { type: 'boolean' },
        withinMinutes: integer,
        detail: {
          ...obj({
            framesLast24Hours: integer,
            lastReceivedAt: instant,
            parseResult: { type: 'string', enum: [...PARSE_RESULTS] },
            message: text,
          }),
          type: ['object', 'null'],
          description: 'only for a signed-in caller who may read the raw logs, of the frames in their scope',
        },
      },
      ['imei', 'received', 'withinMinutes', 'detail'],
    ),
    {
      imei: IMEI,
      received: true,
      withinMinutes: 10,
      detail: {
        framesLast24Hours: 8640,
        lastReceivedAt: '2026-11-28T10:15:04.120+00:00',
        parseResult: 'OK',
        message: null,
      },
    },
    [400, 429],
  ),
};
