import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** One year, the usual HSTS lifetime. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The CSP source of a tile URL template's host: `https://{s}.tile.example.org/{z}/{x}/{y}.png`
 * gives `https://*.tile.example.org`; a placeholder anywhere but the first label can only be
 * allowed by its scheme; a relative template is the console's own origin ('self').
 */
export function tileSource(template: string): string | undefined {
  const match = /^(https?:)?\/\/([^/?#]+)/i.exec(template.trim());
  if (!match) return undefined;
  const scheme = match[1]?.toLowerCase() ?? '';
  const [first, ...rest] = match[2]!.split('.');
  if (rest.some((label) => label.includes('{'))) return scheme || undefined;
  const host = [first!.includes('{') ? '*' : first, ...rest].join('.');
  return `${scheme}//${host}`.replace(/^\/\//, '');
}

const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The live socket on the page's own host (older Safari does not count ws: as 'self'). */
function sameHostSockets(request: IncomingMessage): string {
  const host = request.headers.host ?? '';
  return HOST.test(host) ? `ws://${host} wss://${host}` : '';
}

/**
 * Security headers on every answer (console, assets, API): a Content-Security-Policy that lets
 * the built console run (its scripts, MUI's inline styles, map tiles from the configured hosts,
 * blob: and data: images, the PDF export's WebAssembly layout, the live WebSocket) and nothing
 * else; no framing; the origin only as referrer to other sites; HSTS when the request came over
 * https (directly, or as a trusted proxy says). The Swagger UI sets its own, looser CSP (app.ts).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  { tiles }: { tiles: { road: string; satellite: string } },
) {
  const tileSources = [
    ...new Set([tiles.road, tiles.satellite].map(tileSource).filter((s): s is string => Boolean(s))),
  ];
  // helmet's middlewares, built once: @fastify/helmet builds them again for every request, parsing
  // every CSP directive each time (about 40 µs of a request that costs 150–200 µs, /api/health)
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        // WebAssembly: @react-pdf/renderer lays out the PDF export with yoga's wasm build
        'script-src': ["'self'", "'wasm-unsafe-eval'"],
        'script-src-attr': ["'none'"],
        // MUI/emotion insert <style> elements and style attributes at run time
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...tileSources],
        'font-src': ["'self'", 'data:'],
        // data:: yoga's WebAssembly (PDF export) is fetched from a data: URL
        'connect-src': ["'self'", 'data:', (request) => sameHostSockets(request as IncomingMessage)],
        'worker-src': ["'self'", 'blob:'],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}

/**
 * The Swagger UI's own CSP (scripts from its own files only), made as strict as the console's
 * about framing, with the inline styles its React components set, and without
 * upgrade-insecure-requests, which would break the docs on a plain-http deployment.
 */
export function swaggerUiCsp(header: string): string {
  return header
    .replace(/frame-ancestors [^;]*;/, "frame-ancestors 'none';")
    .replace(/style-src ([^;]*);/, (_all, sources: string) => `style-src ${sources.trim()} 'unsafe-inline';`)
    .replace(/\s*upgrade-insecure-requests;?/, '');
}
