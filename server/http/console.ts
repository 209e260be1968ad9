import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { projectRoot } from '../paths.ts';
import { notFound } from './errors.ts';
import { SIGN_IN_PATH } from '../../core/sign-in-path.ts';

export const distDir = path.join(projectRoot, 'dist');

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Serves the built console: hashed assets precompressed and cached for good, sign-in.html for the sign-in page, and
 * index.html for every other GET path, so the console's router handles deep links.
 */
export async function serveConsole(
  app: FastifyInstance,
  { brand, tiles }: { brand: string; tiles: { road: string; satellite: string } },
) {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn('The console is not built (dist/ is missing); run "npm run build" or "npm start"');
    return false;
  }
  // the page with the brand the server runs as and its map tile addresses
  const page = (file: string) =>
    fs
      .readFileSync(path.join(distDir, file), 'utf8')
      .replaceAll('__WAYMARK_BRAND__', brand)
      .replaceAll('__WAYMARK_TILES__', escapeAttribute(JSON.stringify(tiles)));
  const index = page('index.html');
  // the sign-in page's own entry, lighter than the console's (vite.config.ts)
  const signIn = fs.existsSync(path.join(distDir, 'sign-in.html')) ? page('sign-in.html') : index;
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
    const pathname = request.url.split('?')[0]!.replace(/\/+$/, '');
    return reply
      .type('text/html')
      .header('cache-control', 'no-cache')
      .send(pathname === SIGN_IN_PATH ? signIn : index);
  });
  return true;
}
