import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { defineConfig, mergeConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { reactPdfImageBufferCheck } from './custom-pages/certificate/pdf/imageBufferCheck.ts';

/** In the dev server the brand comes from BRAND; in a build the API server fills it in. */
const devBrand = (): Plugin => ({
  name: 'waymark-dev-brand',
  apply: 'serve',
  transformIndexHtml: (html) => html.replaceAll('__WAYMARK_BRAND__', process.env.BRAND || 'vltd'),
});

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Text worth compressing; fonts and images are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|map)$/;

/**
 * Writes a .br and a .gz next to every built text asset, at the strongest settings (done once per
 * build, not per request); the server's static handler sends the one the browser accepts.
 */
const precompress = (): Plugin => ({
  name: 'waymark-precompress',
  apply: 'build',
  async writeBundle(options, bundle) {
    const outDir = options.dir ?? 'dist';
    await Promise.all(
      Object.keys(bundle)
        .filter((file) => file.startsWith('assets/') && COMPRESSIBLE.test(file))
        .map(async (file) => {
          const target = path.join(outDir, file);
          const bytes = await fs.readFile(target);
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzip(bytes, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${target}.br`, br), fs.writeFile(`${target}.gz`, gz)]);
        }),
    );
  },
});

/**
 * `vite build` builds the console (index.html); `vite build --mode sign-in` then adds the sign-in
 * page's own entry beside it: the same page with src/sign-in.tsx for src/main.tsx, written as
 * sign-in.html (served for /auth/login: server/http/console.ts). A build of its own, because one
 * build shares chunks by the module graph, where react-admin's and MUI's index files reach every
 * module: the sign-in page would download the console's chunks.
 */
const signIn: UserConfig = {
  plugins: [
    {
      name: 'waymark-sign-in-page',
      apply: 'build',
      transformIndexHtml: { order: 'pre', handler: (html) => html.replace('/src/main.tsx', '/src/sign-in.tsx') },
      generateBundle: {
        order: 'post',
        handler(_, bundle) {
          const page = bundle['index.html'];
          if (page?.type !== 'asset') return;
          delete bundle['index.html'];
          this.emitFile({ type: 'asset', fileName: 'sign-in.html', source: page.source });
        },
      },
    },
  ],
  build: { emptyOutDir: false, rolldownOptions: { output: { entryFileNames: 'assets/sign-in-[hash].js' } } },
};

export default defineConfig(({ mode }) =>
  mergeConfig(
    {
      plugins: [react(), devBrand(), precompress(), reactPdfImageBufferCheck()],
      optimizeDeps: { rolldownOptions: { plugins: [reactPdfImageBufferCheck()] } },
      resolve: {
        // one copy of each, or react-admin's contexts split in two
        dedupe: [
          'react',
          'react-dom',
          'react-router',
          'react-router-dom',
          '@mui/material',
          '@mui/system',
          '@emotion/react',
          '@emotion/styled',
        ],
      },
      server: {
        port: 5173,
        proxy: { '/api': { target: `http://localhost:${process.env.PORT || 8080}`, ws: true } },
      },
      build: {
        outDir: 'dist',
        sourcemap: false,
        chunkSizeWarningLimit: 2000,
        rolldownOptions: {
          output: {
            // everything the entry imports statically in one chunk: left alone, the lazy pages split it
            // into dozens of small shared chunks, each a request with a kilobyte of headers
            codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
          },
        },
      },
    },
    mode === 'sign-in' ? signIn : {},
  ),
);
