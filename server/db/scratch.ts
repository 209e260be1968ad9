import crypto from 'node:crypto';

/**
 * A new, empty PostgreSQL database on the server of adminUrl, and a way to drop it: for test files
 * and benchmarks that must not share state. With a template, a copy of that database instead
 * (PostgreSQL copies its files, in milliseconds; nobody may be connected to the template).
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => run(`drop database if exists ${name} with (force)`) };
}
