import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, signIn, startTestServer, type TestServer } from './harness.ts';
import { call, type Api } from './resource-fixtures.ts';

let server: TestServer;
let admin: Api;
beforeAll(async () => {
  server = await startTestServer();
  admin = { app: server.app, token: (await signIn(server.app, demoEmail('admin'))).token.access.token };
});
afterAll(async () => {
  await server?.close();
});

const square = {
  type: 'Polygon',
  coordinates: [
    [
      [80.3, 26.4],
      [80.4, 26.4],
      [80.4, 26.5],
      [80.3, 26.5],
      [80.3, 26.4],
    ],
  ],
};

describe('geofences', () => {
  it('keeps the type and the drawn shape in step', async () => {
    const wrong = await call(admin, 'POST', '/geofences', {
      name: 'Yard',
      type: 'POLYGON',
      area: { type: 'Point', coordinates: [80.3, 26.4] },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ area: 'A POLYGON geofence needs an area drawn on the map' });
    const noRadius = await call(admin, 'POST', '/geofences', {
      name: 'Gate',
      type: 'POINT',
      area: { type: 'Point', coordinates: [80.3, 26.4] },
      radiusMeters: null,
    });
    expect(noRadius.json().message).toBe('A POINT geofence needs a radius');
    const polygon = await call(admin, 'POST', '/geofences', { name: 'Yard', type: 'POLYGON', area: square });
    expect(polygon.statusCode).toBe(201);
    const point = await call(admin, 'POST', '/geofences', {
      name: 'Gate',
      type: 'POINT',
      area: { type: 'Point', coordinates: [80.3, 26.4] },
    });
    expect(point.json()).toMatchObject({ radiusMeters: 200, area: { type: 'Point' } });
  });

  it('refuses coordinates out of range and open rings', async () => {
    const far = await call(admin, 'POST', '/POI', {
      name: 'Nowhere',
      location: { type: 'Point', coordinates: [200, 26.4] },
    });
    expect(far.json().errors).toEqual({ location: 'Location is not valid' });
    const open = await call(admin, 'POST', '/geofences', {
      name: 'Open',
      type: 'POLYGON',
      area: {
        type: 'Polygon',
        coordinates: [
          [
            [80.3, 26.4],
            [80.4, 26.4],
            [80.4, 26.5],
          ],
        ],
      },
    });
    expect(open.statusCode).toBe(400);
  });
});
