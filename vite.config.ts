import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** In the dev server the brand comes from BRAND; in a build the API server fills it in. */
const devBrand = (): Plugin => ({
  name: 'waymark-dev-brand',
  apply: 'serve',
  transformIndexHtml: (html) => html.replaceAll('__WAYMARK_BRAND__', process.env.BRAND || 'vltd'),
});

export default defineConfig({
  plugins: [react(), devBrand()],
  resolve: {
    // one copy of each, or react-admin's contexts split in two
    dedupe: ['react', 'react-dom', 'react-router', 'react-router-dom', '@mui/material', '@mui/system', '@emotion/react', '@emotion/styled'],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.PORT || 8080}`, ws: true } },
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 2000 },
});
