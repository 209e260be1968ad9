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

const KML = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
  <Placemark><name>Depot</name><Point><coordinates>80.3319,26.4499,0</coordinates></Point></Placemark>
  <Placemark><name>Kanpur ring road</name><LineString><coordinates>
    80.3319,26.4499,0 80.3500,26.4600,0
    80.3700,26.4700,0
  </coordinates></LineString></Placemark>
</Document></kml>`;

describe('POST /routes/kml', () => {
  it('creates a route whose line is the LineString of the file', async () => {
    const response = await call(admin, 'POST', '/routes/kml', { kml: KML, toleranceMeters: 150 });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      message: 'Route created with 3 points',
      data: {
        name: 'Kanpur ring road',
        toleranceMeters: 150,
        line: {
          type: 'LineString',
          coordinates: [
            [80.3319, 26.4499],
            [80.35, 26.46],
            [80.37, 26.47],
          ],
        },
      },
    });
  });

  it('refuses a file that is not KML, or that has no line, and changes nothing', async () => {
    const before = (await call(admin, 'GET', '/routes')).headers['content-range'];
    const broken = await call(admin, 'POST', '/routes/kml', { kml: '<kml><Document><Placemark>' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The file is not a valid KML document');
    const pointOnly = await call(admin, 'POST', '/routes/kml', {
      kml: KML.replace(/<Placemark><name>Kanpur[\s\S]*?<\/Placemark>/, ''),
      name: 'X',
    });
    expect(pointOnly.json().message).toBe('The KML file has no route line (a LineString with two points or more)');
    expect((await call(admin, 'GET', '/routes')).headers['content-range']).toBe(before);
  });

  it('needs add-kml-route', async () => {
    const customer = { app: server.app, token: (await signIn(server.app, demoEmail('customer'))).token.access.token };
    expect((await call(customer, 'POST', '/routes/kml', { kml: KML })).statusCode).toBe(403);
  });
});
