import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema.ts', './server/db/fitment-schema.ts', './server/db/ownership-schema.ts', './server/db/directory-schema.ts', './server/db/wallet-schema.ts', './server/db/report-schema.ts'],
  out: './server/db/migrations',
});
