import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // CI shares two cores between the server, Chromium and the runner: waits allow for that,
    // and speed is measured by the benchmarks, not here
    expect: { poll: { timeout: 15_000 } },
  },
});
