import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const serverFiles = ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/gateway/**/*.test.ts'];
/** Files that declare a resource of their own: the registry they change must be theirs alone. */
const registering = ['tests/unit/new-entity-permissions.test.ts', 'tests/api/adding-an-entity.test.ts'];
const server = {
  environment: 'node' as const,
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // migrates and seeds once per run; startTestServer gives each file a copy
  globalSetup: ['tests/api/global-setup.ts'],
};

export default defineConfig({
  plugins: [react()],
  test: {
    // two files at once: most of a file's time is a server and its database answering, not the runner
    // (one worker is vitest's default on two cores)
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          ...server,
          name: 'server',
          include: serverFiles,
          exclude: registering,
          // one import of the server's modules per worker instead of per file: a third of the run was
          // importing them again. Each file still starts its own server on its own database copy
          isolate: false,
        },
      },
      {
        extends: true,
        test: { ...server, name: 'server-registering', include: registering },
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
