import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { projectRoot } from '../paths.ts';
import { notFound } from './errors.ts';

export const distDir = path.join(projectRoot, 'dist');

/**
 * Serves the built console: hashed assets precompressed and cached for good, and index.html (with the brand the
 * server runs as and its map tile addresses) for every other GET path, so the console's router handles deep links.
 */
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export async function serveConsole(app: FastifyInstance, { brand, tiles }: { brand: string; tiles: { road: string; satellite: string } }) {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn('The console is not built (dist/ is missing); run "npm run build" or "npm start"');
    return false;
  }
  const index = fs.readFileSync(indexFile, 'utf8')
    .replaceAll('__WAYMARK_BRAND__', brand)
    .replaceAll('__WAYMARK_TILES__', escapeAttribute(JSON.stringify(tiles)));
  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: false,
    // the build writes .br and .gz next to each text asset (vite.config.ts); sent by Accept-Encoding
    preCompressed: true,
    // our own header: hashed assets are immutable, anything else is revalidated
    cacheControl: false,
    setHeaders(response, filePath) {
      if (!filePath.includes(`${path.sep}assets${path.sep}`)) return;
      response.setHeader('cache-control', 'public, max-age=31536000, immutable');
      // the same address answers brotli, gzip or plain by Accept-Encoding: shared caches must key on it
      response.setHeader('vary', 'accept-encoding');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.method !== 'GET') {
      return reply.status(404).send(notFound().body());
    }
    return reply.type('text/html').header('cache-control', 'no-cache').send(index);
  });
  return true;
}
