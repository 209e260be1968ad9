import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/gateway/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // migrates and seeds once per run; startTestServer gives each file a copy
          globalSetup: ['tests/api/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'console',
          include: ['tests/console/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/console/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
