/**
 * Every schema module, listed once: drizzle-kit reads this file (drizzle.config.ts), and
 * everyTable (every-table.ts) adds the tables of declarations that have no module of their own.
 */
export * from './schema.ts';
export * from './fitment-schema.ts';
export * from './ownership-schema.ts';
export * from './directory-schema.ts';
export * from './wallet-schema.ts';
export * from './report-schema.ts';
export * from './sos-schema.ts';
export * from './reminder-schema.ts';
export * from './token-schema.ts';
export * from './forwarding-schema.ts';
export * from './alerts-schema.ts';
export * from './changehooks-schema.ts';
export * from './account-schema.ts';
