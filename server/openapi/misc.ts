import { resources } from '../../resources/modules.ts';
import { recordExample, recordSchema } from './resources.ts';
import { answers, errors, obj, withExample, nullableText } from './shared.ts';

/** The OpenAPI answers and examples of the health probe, the global search, SOS cases and the dashboards. */

const UUID = '3f6c2a9e-8b1d-4c47-9a0e-5d2f7b8c1e64';
const nullableNumber = { type: ['number', 'null'] };
const searched = resources.filter((resource) => resource.globalSearch);
const counts = { type: ['object', 'null'], additionalProperties: { type: 'number' } };

export const miscDocs = {
  health: {
    200: withExample(obj({ status: { type: 'string', enum: ['ok'] } }, ['status']), { status: 'ok' }),
    ...errors(429),
  },
  search: {
    200: withExample(
      obj({
        ...Object.fromEntries(
          searched.map((resource) => [
            resource.globalSearch!.category,
            { type: 'array', items: recordSchema(resource) },
          ]),
        ),
        totals: { type: 'object', additionalProperties: { type: 'integer' } },
        estimated: { type: 'array', items: { type: 'string' } },
      }),
      {
        ...Object.fromEntries(
          searched.map((resource, i) => [resource.globalSearch!.category, i ? [] : [recordExample(resource)]]),
        ),
        totals: Object.fromEntries(searched.map((resource, i) => [resource.globalSearch!.category, i ? 0 : 1])),
        estimated: [],
      },
    ),
    ...errors(400, 401, 429),
  },
  openSos: answers(
    {
      type: 'array',
      items: obj({
        id: { type: 'string' },
        deviceId: { type: 'string' },
        vehicleId: nullableText,
        registrationNumber: nullableText,
        imei: { type: 'string' },
        openedAt: { type: 'string' },
        latitude: nullableNumber,
        longitude: nullableNumber,
        releasedAt: nullableText,
        escalationLevel: { type: 'integer' },
      }),
    },
    [
      {
        id: UUID,
        deviceId: '5b1e7d42-0c9a-4f3e-8d21-7a6b9c0e2f13',
        vehicleId: '7c2d9e14-3a5b-4f60-8e71-2b9c0d4a6f38',
        registrationNumber: 'UP32AB1234',
        imei: '868960061234567',
        openedAt: '2026-11-28T10:15:00.000Z',
        latitude: 26.8467,
        longitude: 80.9462,
        releasedAt: null,
        escalationLevel: 1,
      },
    ],
    [401, 403, 429],
  ),
  noteExample: { note: 'Called the driver: the button was pressed by mistake' },
  acknowledged: answers(
    obj({ id: { type: 'string' }, acknowledgedAt: { type: 'string' } }),
    { id: UUID, acknowledgedAt: '2026-11-28T10:17:30.000Z' },
    [400, 401, 403, 404, 409, 429],
  ),
  summary: answers(
    obj({ vehicles: counts, today: { type: ['object', 'null'] }, devices: counts }),
    {
      vehicles: { running: 12, idle: 3, stopped: 20, offline: 4, noData: 1, total: 40 },
      today: {
        distance: 1250400,
        alerts: 17,
        top: [{ vehicleId: UUID, registrationNumber: 'UP32AB1234', distance: 182300 }],
      },
      devices: { NEW: 120, ALLOCATED: 40, INSTALLED: 310 },
    },
    [401, 403, 429],
  ),
  charts: answers(
    obj(
      {
        from: { type: 'string', format: 'date' },
        to: { type: 'string', format: 'date' },
        vehicles: { type: ['integer', 'null'], description: 'tracked vehicles; null without the fleet modules' },
        days: {
          type: 'array',
          items: obj(
            {
              key: { type: 'string', format: 'date', description: 'the Asia/Kolkata day' },
              distanceMeters: { type: 'number' },
              runningSeconds: { type: 'number' },
              utilisation: { ...nullableNumber, description: '0 to 100; null without vehicles' },
              reportingVehicles: { type: 'integer' },
              offlineVehicles: { type: 'integer' },
              fitments: { type: 'integer', description: 'with the fitment module' },
            },
            ['key'],
          ),
          description: 'the fleet figures only with the fleet modules',
        },
        alertsByType: {
          type: ['array', 'null'],
          items: obj({ key: { type: 'string' }, count: { type: 'integer' } }, ['key', 'count']),
          description: 'null without the fleet modules',
        },
      },
      ['from', 'to', 'vehicles', 'days', 'alertsByType'],
    ),
    {
      from: '2026-11-22',
      to: '2026-11-28',
      vehicles: 40,
      days: [
        {
          key: '2026-11-28',
          distanceMeters: 1250400,
          runningSeconds: 86400,
          utilisation: 37.5,
          reportingVehicles: 36,
          offlineVehicles: 4,
          fitments: 3,
        },
      ],
      alertsByType: [{ key: 'OVERSPEED', count: 12 }],
    },
    [400, 401, 403, 429],
  ),
  fitmentCounts: answers(
    obj({}),
    {
      today: { ACTIVE: 4, INACTIVE: 1 },
      month: { ACTIVE: 61, INACTIVE: 9 },
      all: { ACTIVE: 1204, INACTIVE: 88 },
    },
    [401, 403, 429],
  ),
  stockCounts: answers(
    obj({ devices: counts, items: counts }),
    { devices: { NEW: 120, ALLOCATED: 40, INSTALLED: 310 }, items: { IN_STOCK: 540, ISSUED: 75 } },
    [401, 403, 429],
  ),
};
