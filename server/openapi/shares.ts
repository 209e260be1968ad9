import {
  answers,
  envelope,
  errors,
  obj,
  withExample,
  nullableText as text,
  nullableNumber as number,
  instant,
  nullableInstant,
} from './shared.ts';
import { playbackExample, playbackPage } from './tracking.ts';

/** The OpenAPI answers and examples of the public links to a vehicle's live position or playback (server/tracking/shares.ts). */

const VEHICLE = '3f6c2a9e-8b1d-4c47-9a0e-5d2f7b8c1e64';

const SHARE = '2d4f6a8c-1b3e-4d5f-8a7c-9e0b1c2d3e4f';
const SHARE_TOKEN =
  'eyJhbGciOiJIUzI1NiJ9.eyJraW5kIjoicGxheWJhY2siLCJzdWIiOiIyZDRmNmE4Yy0xYjNlLTRkNWYtOGE3Yy05ZTBiMWMyZDNlNGYiLCJhdWQiOiJ3YXltYXJrLXNoYXJlIiwiaWF0IjoxNzY0MzI0OTAwLCJleHAiOjE3NjQzMzIxMDB9.q3N0kJ8yWb2cVv6T1sG9mXzR4pLhA5eUoD7fCiYnHwE';
const SHARE_EXPIRY = '2026-11-28T12:15:00+00:00';
const shareKind = { type: 'string', enum: ['live', 'playback'] };
const shareExpiry = { ...instant, description: 'ISO 8601 instant: the link stops working then' };
const sharedLive = obj(
  {
    name: text,
    registrationNumber: { type: 'string' },
    lastSeenAt: nullableInstant,
    latitude: number,
    longitude: number,
    speed: { type: 'number', description: 'km/h; 0 before the first fix' },
    heading: { type: 'number', description: 'degrees from north; 0 before the first fix' },
    fixTime: nullableInstant,
  },
  ['registrationNumber', 'latitude', 'longitude', 'speed', 'heading'],
);
const sharedPlayback = {
  ...playbackPage,
  description: "a page of the shared period's playback; the vehicle without its device",
};
const { deviceId: _deviceId, ...sharedVehicle } = playbackExample.vehicle;

export const shareDocs = {
  shareCreated: answers(
    obj(
      {
        id: { type: 'string', format: 'uuid' },
        kind: shareKind,
        token: { type: 'string', description: 'the signed token the link carries' },
        url: { type: 'string', description: "the console's address of the link" },
        expiresAt: shareExpiry,
      },
      ['id', 'kind', 'token', 'url', 'expiresAt'],
    ),
    {
      id: SHARE,
      kind: 'playback',
      token: SHARE_TOKEN,
      url: `/public/playback/share/${SHARE}?token=${SHARE_TOKEN}`,
      expiresAt: '2026-11-28T12:15:00.000Z',
    },
    [400, 401, 403, 404, 429],
    201,
  ),
  shareExample: {
    kind: 'playback',
    vehicleId: VEHICLE,
    expiresInHours: 2,
    from: '2026-11-28T04:30:00.000Z',
    to: '2026-11-28T12:30:00.000Z',
  },
  shares: answers(
    {
      type: 'array',
      items: obj(
        { id: { type: 'string', format: 'uuid' }, kind: shareKind, expiresAt: shareExpiry, createdAt: instant },
        ['id', 'kind', 'expiresAt', 'createdAt'],
      ),
    },
    [{ id: SHARE, kind: 'playback', expiresAt: SHARE_EXPIRY, createdAt: '2026-11-28T10:15:00+00:00' }],
    [400, 401, 403, 429],
  ),
  shared: {
    200: withExample(
      envelope(
        {
          oneOf: [
            obj({ kind: { type: 'string', enum: ['live'] }, expiresAt: shareExpiry, live: sharedLive }, [
              'kind',
              'expiresAt',
              'live',
            ]),
            obj({ kind: { type: 'string', enum: ['playback'] }, expiresAt: shareExpiry, playback: sharedPlayback }, [
              'kind',
              'expiresAt',
              'playback',
            ]),
          ],
          description: "the vehicle's live position or a page of the shared playback, as the link's kind says",
        },
        undefined,
      ),
      {
        success: true,
        data: {
          kind: 'live',
          expiresAt: SHARE_EXPIRY,
          live: {
            name: 'City bus 12',
            registrationNumber: 'UP32AB1234',
            lastSeenAt: '2026-11-28T10:15:04.12+00:00',
            latitude: 26.8467,
            longitude: 80.9462,
            speed: 42,
            heading: 90,
            fixTime: '2026-11-28T10:15:00.000Z',
          },
        },
      },
      {
        success: true,
        data: {
          kind: 'playback',
          expiresAt: SHARE_EXPIRY,
          playback: { ...playbackExample, vehicle: sharedVehicle },
        },
      },
    ),
    ...errors(400, 404, 410, 429),
  },
};
