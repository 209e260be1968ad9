import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { bearer, demoEmail, signIn, startTestServer, type TestServer } from './harness.ts';
import { users } from '../../server/db/schema.ts';
import { query } from '../../server/resources/sql.ts';
import { eventually } from '../gateway/device-client.ts';

/**
 * Callers are cached between requests; a change to a user, role or organisation must still
 * apply to the very next request, whether it came through the API or straight to the database
 * (another process, an operator's SQL).
 */
let server: TestServer;
let superAdmin: string;
beforeAll(async () => {
  server = await startTestServer();
  superAdmin = (await signIn(server.app, demoEmail('superadmin'))).token.access.token;
});
afterAll(async () => {
  await server?.close();
});

const get = (token: string, url: string) =>
  server.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });

describe('the cached caller', () => {
  it('signs a user out on the next request once an administrator disables them through the API', async () => {
    const dealer = (await signIn(server.app, demoEmail('dealer'))).token.access.token;
    expect((await get(dealer, '/device')).statusCode).toBe(200);
    const [row] = await server.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoEmail('dealer')));
    const disabled = await server.app.inject({
      method: 'PUT',
      url: `/api/users/${row!.id}`,
      headers: bearer(superAdmin),
      payload: { isEnabled: false },
    });
    expect(disabled.statusCode).toBe(200);
    expect((await get(dealer, '/device')).statusCode).toBe(401);
  });

  it('hears a role changed straight in the database, and a moved organisation', async () => {
    const distributer = (await signIn(server.app, demoEmail('distributer'))).token.access.token;
    expect((await get(distributer, '/device')).statusCode).toBe(200);
    await server.database.db.execute(sql`update roles set auth_scopes = '[]'::jsonb where name = 'DISTRIBUTER'`);
    await eventually(async () => (await get(distributer, '/device')).statusCode === 403, 5000, 'the narrowed role');

    const empty = await server.app.inject({
      method: 'POST',
      url: '/api/organisation',
      headers: bearer(superAdmin),
      payload: { tradeName: 'Empty Fleets', brandName: 'Empty Fleets' },
    });
    expect(empty.statusCode).toBe(201);
    const customer = (await signIn(server.app, demoEmail('customer'))).token.access.token;
    const before = (await get(customer, '/vehicle/statuses')).json() as unknown[];
    expect(before.length).toBeGreaterThan(0);
    // the customer's user moves to an organisation without vehicles
    await server.database.db.execute(
      sql`update users set organisation_id = ${empty.json().id}::uuid where email = ${demoEmail('customer')}`,
    );
    await eventually(
      async () => ((await get(customer, '/vehicle/statuses')).json() as unknown[]).length === 0,
      5000,
      'the new organisation',
    );
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'listens again after PostgreSQL cut its listener, and hears the next change at once',
    async () => {
      const listeners = sql`from pg_stat_activity where datname = current_database() and query = 'LISTEN "waymark_callers"'`;
      const cut = await query(server.database.db, sql`select pg_terminate_backend(pid) ${listeners}`);
      expect(cut).toHaveLength(1);
      await eventually(
        async () => (await query(server.database.db, sql`select pid ${listeners}`)).length === 1,
        10_000,
        'listening again',
      );
      const fitter = (await signIn(server.app, demoEmail('fitter'))).token.access.token;
      expect((await get(fitter, '/device')).statusCode).toBe(200);
      // a cached caller is read again after 30 s anyway: only a heard NOTIFY refuses them sooner
      await server.database.db.execute(sql`update users set is_enabled = false where email = ${demoEmail('fitter')}`);
      await eventually(
        async () => (await get(fitter, '/device')).statusCode === 401,
        3000,
        'the disabled fitter refused',
      );
    },
  );
});
