import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { distDir } from '../../server/http/console.ts';
import { tileSource } from '../../server/http/security-headers.ts';

const tiles = {
  road: 'https://{s}.tiles.example.net/{z}/{x}/{y}.png',
  satellite: 'https://sat.example.org:8443/imagery/{z}/{y}/{x}',
};

let behindProxy: TestServer;
let direct: TestServer;
beforeAll(async () => {
  // no demo data: the headers do not depend on it
  [behindProxy, direct] = await Promise.all([
    startTestServer({ demo: false, config: { serveConsole: true, trustProxy: true, tiles } }),
    startTestServer({ demo: false }),
  ]);
});
afterAll(async () => {
  await Promise.all([behindProxy?.close(), direct?.close()]);
});

/** The CSP as directive name → its sources. */
function csp(header: string | string[] | number | undefined): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...sources] = d.split(/\s+/);
        return [name!, sources];
      }),
  );
}

describe('security headers on API answers', () => {
  it('sends a CSP that allows only the console origin, forbids framing and keeps referrers to the origin', async () => {
    const response = await direct.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const policy = csp(response.headers['content-security-policy']);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['script-src']).not.toContain("'unsafe-eval'");
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allows the configured map tile hosts as image sources and the live socket on the same host', async () => {
    const policy = csp(
      (await behindProxy.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'fleet.example.in' } }))
        .headers['content-security-policy'],
    );
    expect(policy['img-src']).toEqual(
      expect.arrayContaining(['https://*.tiles.example.net', 'https://sat.example.org:8443']),
    );
    expect(policy['connect-src']).toEqual(["'self'", 'data:', 'ws://fleet.example.in', 'wss://fleet.example.in']);
    // a Host header that is not a host name adds nothing to the policy
    const odd = csp(
      (
        await behindProxy.app.inject({
          method: 'GET',
          url: '/api/health',
          headers: { host: "x; script-src 'unsafe-inline'" },
        })
      ).headers['content-security-policy'],
    );
    expect(odd['connect-src']).toEqual(["'self'", 'data:']);
    expect(odd['script-src']).not.toContain("'unsafe-inline'");
  });

  it('sends HSTS only when the request came over https, as a trusted proxy says', async () => {
    const forwarded = { 'x-forwarded-proto': 'https' };
    expect(
      (await behindProxy.app.inject({ method: 'GET', url: '/api/health', headers: forwarded })).headers[
        'strict-transport-security'
      ],
    ).toBe('max-age=31536000; includeSubDomains');
    expect(
      (await behindProxy.app.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security'],
    ).toBeUndefined();
    // trustProxy is off by default: anyone can send X-Forwarded-Proto
    expect(
      (await direct.app.inject({ method: 'GET', url: '/api/health', headers: forwarded })).headers[
        'strict-transport-security'
      ],
    ).toBeUndefined();
  });

  it('gives the Swagger UI its own CSP (scripts from its own origin only), still unframable and usable over http', async () => {
    const response = await direct.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    const policy = csp(response.headers['content-security-policy']);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['upgrade-insecure-requests']).toBeUndefined();
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it.skipIf(!fs.existsSync(path.join(distDir, 'index.html')))(
    'sends the same headers with the built console',
    async () => {
      const response = await behindProxy.app.inject({ method: 'GET', url: '/vehicle-status' });
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(csp(response.headers['content-security-policy'])['default-src']).toEqual(["'self'"]);
      expect(response.headers['x-frame-options']).toBe('DENY');
    },
  );
});

describe('tileSource', () => {
  it('turns a tile URL template into the CSP source of its host', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileSource('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://*.tile.openstreetmap.org');
    expect(tileSource('http://tiles.local:8080/{z}/{x}/{y}.png')).toBe('http://tiles.local:8080');
    expect(tileSource('https://maps.{s}.example.org/{z}/{x}/{y}.png')).toBe('https:');
    expect(tileSource('//tiles.example.org/{z}/{x}/{y}.png')).toBe('tiles.example.org');
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeUndefined();
    expect(tileSource('')).toBeUndefined();
  });
});
