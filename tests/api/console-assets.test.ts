import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { distDir } from '../../server/http/console.ts';
import { buildConsoleIfNeeded } from '../../server/build.ts';

let server: TestServer;
let firstScripts: string[];
let signInScripts: string[];

/** The scripts a page names. */
const scriptsOf = (html: string) => [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);

beforeAll(async () => {
  buildConsoleIfNeeded(() => undefined);
  firstScripts = scriptsOf(fs.readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  signInScripts = scriptsOf(fs.readFileSync(path.join(distDir, 'sign-in.html'), 'utf8'));
  server = await startTestServer({ demo: false, config: { serveConsole: true } });
}, 300_000);
afterAll(async () => {
  await server?.close();
});

/** The scripts a first visit runs: the page's, and everything they import statically. */
function firstChunkFiles(scripts = signInScripts) {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(path.join(distDir, file), 'utf8');
    // static imports only: `from"./x.js"` or `import"./x.js"`, never `import("./x.js")`
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(`assets/${m[1]}`);
  };
  scripts.forEach(visit);
  return [...seen];
}

describe("the console's static files", () => {
  it('sends a hashed script brotli-compressed to a browser that accepts it, cached for good', async () => {
    // the first chunk: the biggest script the index page names
    const file = [...firstScripts].sort(
      (a, b) => fs.statSync(path.join(distDir, b)).size - fs.statSync(path.join(distDir, a)).size,
    )[0]!;
    expect(fs.statSync(path.join(distDir, file)).size).toBeGreaterThan(100_000);
    const plain = fs.readFileSync(path.join(distDir, file));
    const response = await server.app.inject({
      method: 'GET',
      url: `/${file}`,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(plain.length / 2);
    expect(zlib.brotliDecompressSync(response.rawPayload).equals(plain)).toBe(true);
  });

  it('sends gzip to a browser without brotli, and the plain file to one asking for neither', async () => {
    const file = firstScripts[0]!;
    const plain = fs.readFileSync(path.join(distDir, file));
    const gzipped = await server.app.inject({ method: 'GET', url: `/${file}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).equals(plain)).toBe(true);
    const identity = await server.app.inject({
      method: 'GET',
      url: `/${file}`,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.equals(plain)).toBe(true);
  });

  it('has index.html revalidated, never cached for good, with the CSP', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/auth/login',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves the sign-in page its own entry, and every other path the console', async () => {
    const signIn = await server.app.inject({ method: 'GET', url: '/auth/login?next=1' });
    const console = await server.app.inject({ method: 'GET', url: '/vehicle-status' });
    expect(scriptsOf(signIn.body)).toEqual(signInScripts);
    expect(scriptsOf(console.body)).toEqual(firstScripts);
    expect(signInScripts).not.toEqual(firstScripts);
    // both carry the brand the server runs as
    expect(signIn.body).not.toContain('__WAYMARK_BRAND__');
    expect(signIn.body).toMatch(/<meta name="waymark-brand" content="[a-z]+"/);
    // the sign-in page's scripts are smaller than the console's first ones: no router, no react-admin forms or lists
    const size = (files: string[]) => files.reduce((sum, f) => sum + fs.statSync(path.join(distDir, f)).size, 0);
    expect(size(firstChunkFiles())).toBeLessThan(size(firstChunkFiles(firstScripts)) * 0.7);
    const code = (files: string[]) => files.map((f) => fs.readFileSync(path.join(distDir, f), 'utf8')).join('\n');
    expect(code(firstChunkFiles(firstScripts))).toContain('in the context of a <Router>');
    expect(code(firstChunkFiles())).not.toContain('in the context of a <Router>');
  });

  it('keeps Leaflet, the Hindi messages and the other pages out of what the sign-in page loads', () => {
    const files = firstChunkFiles();
    expect(files.length).toBeGreaterThan(0);
    const code = files.map((f) => fs.readFileSync(path.join(distDir, f), 'utf8')).join('\n');
    expect(code).toContain('auth.signIn');
    expect(code).not.toContain('leaflet-container');
    expect(code).not.toContain('वाहन स्थिति');
    // a page's own code, e.g. the fitment form's, arrives with the page
    expect(files.some((f) => /FitmentFormPage|LiveTrackingPage|Leaflet|BaseMap/.test(f))).toBe(false);
  });
});
