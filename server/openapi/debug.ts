import rawLog from '../../resources/entities/raw-logs.ts';
import { MAX_EPHEMERAL_PER_ORGANISATION, MAX_FRAMES_SHOWN } from '../../resources/debug.ts';
import { said } from '../resources/messages.ts';
import { sampleOf } from './samples.ts';
import { answers, answersSaying, obj, nullableInstant } from './shared.ts';

/** The OpenAPI answers and examples of the debug page's temporary devices (server/debug/ephemeral-devices.ts). */

const IMEI = '861234567890123';
const statuses = [400, 401, 403, 404, 429];

const device = obj(
  {
    id: { type: 'string', format: 'uuid' },
    imei: { type: 'string' },
    expiresAt: { ...nullableInstant, description: 'ISO 8601 instant; null once kept' },
    createdAt: { type: 'string', description: 'ISO 8601 instant' },
    createdBy: { type: 'string', description: "the adder's name; '' once the user is gone" },
    lastFrameAt: { ...nullableInstant, description: 'ISO 8601 instant of the newest frame; null before the first' },
  },
  ['id', 'imei', 'expiresAt', 'createdAt', 'createdBy', 'lastFrameAt'],
);
const deviceExample = {
  id: '3f6c2a9e-8b1d-4c47-9a0e-5d2f7b8c1e64',
  imei: IMEI,
  expiresAt: '2026-11-29T10:15:00.000Z',
  createdAt: '2026-11-28T10:15:00.000Z',
  createdBy: 'Meera Iyer',
  lastFrameAt: '2026-11-28T10:20:04.120Z',
};

const frame = obj(
  {
    id: { type: 'string', format: 'uuid' },
    receivedAt: { type: 'string', description: 'ISO 8601 instant' },
    frame: { type: 'string', description: 'the frame as received' },
    kind: {
      type: ['string', 'null'],
      enum: ['login', 'position', 'health', 'emergency', 'heartbeat', 'command-reply', null],
      description: 'null when the frame could not be decoded',
    },
    fields: { type: ['object', 'null'], additionalProperties: true, description: 'the decoded frame' },
    checksum: { type: 'string', enum: ['valid', 'invalid', 'absent'] },
    error: { type: ['string', 'null'], description: 'why it could not be decoded, or a checksum or field note' },
  },
  ['id', 'receivedAt', 'frame', 'kind', 'fields', 'checksum', 'error'],
);
const frameExample = {
  id: '5b1e7d42-0c9a-4f3e-8d21-7a6b9c0e2f13',
  receivedAt: deviceExample.lastFrameAt,
  frame: sampleOf('frame', rawLog.fields.frame!),
  kind: 'position',
  fields: {
    kind: 'position',
    imei: IMEI,
    packetType: 'NR',
    alertId: 1,
    live: true,
    event: null,
    position: {
      fixTime: '2026-11-28T10:15:00.000Z',
      latitude: 26.8467,
      longitude: 80.9462,
      speed: 42,
      heading: 90,
      ignition: true,
      gpsFix: true,
      attributes: { vendorId: 'WMK', firmwareVersion: '2.1.7', networkOperator: 'AIRTEL' },
    },
  },
  checksum: 'absent',
  error: null,
};

export const debugDocs = {
  devices: answers(
    { type: 'array', maxItems: MAX_EPHEMERAL_PER_ORGANISATION * 5, items: device },
    [deviceExample],
    [401, 403, 429],
  ),
  imeiExample: { imei: IMEI },
  added: answersSaying(
    said('api.debug.added'),
    device,
    { ...deviceExample, lastFrameAt: null },
    [400, 401, 403, 409, 429],
    201,
  ),
  kept: answersSaying(said('api.debug.kept'), device, { ...deviceExample, expiresAt: null }, statuses),
  frames: answers(
    obj({ device, frames: { type: 'array', maxItems: MAX_FRAMES_SHOWN, items: frame } }, ['device', 'frames']),
    { device: deviceExample, frames: [frameExample] },
    statuses,
  ),
};
