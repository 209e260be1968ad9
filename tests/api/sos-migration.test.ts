import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../server/resources/sql.ts';
import { authScopesFor } from '../../server/roles/defaults.ts';
import { flattenAuthScopes, type AuthScope } from '../../core/permissions.ts';
import { databaseBefore } from '../support/migrations.ts';

/** A role's scopes as an older Waymark saved them: the SOS report's module had no acknowledge-sos action. */
function olderScopes(grants: Parameters<typeof authScopesFor>[0]): AuthScope[] {
  const scopes = authScopesFor(grants);
  for (const group of scopes) for (const module of group.children ?? []) delete module.actions?.['acknowledge-sos'];
  return scopes;
}

/** Migration 0034 on the roles an older Waymark left: who opens the SOS report may acknowledge an SOS. */
describe('migration 0036 on existing roles', () => {
  it('grants acknowledge-sos to roles that open the SOS report, and changes nothing else', async () => {
    const database = await databaseBefore(36);
    try {
      const { db } = database;
      const roles = {
        watcher: olderScopes({ 'report-sosalert': '*', 'live-tracking': '*' }),
        driver: olderScopes({ 'live-tracking': '*' }),
        empty: [] as AuthScope[],
      };
      for (const [name, scopes] of Object.entries(roles))
        await query(db, sql`insert into roles (name, auth_scopes) values (${name}, ${JSON.stringify(scopes)}::jsonb)`);
      expect(flattenAuthScopes(roles.watcher)).not.toContain('acknowledge-sos');
      await database.upgrade();
      const after = Object.fromEntries(
        (
          await query<{ name: string; scopes: AuthScope[] }>(db, sql`select name, auth_scopes as scopes from roles`)
        ).map((r) => [r.name, r.scopes]),
      );
      expect(flattenAuthScopes(after.watcher).sort()).toEqual(
        [...flattenAuthScopes(roles.watcher), 'acknowledge-sos'].sort(),
      );
      expect(after.watcher!.map((g) => g.id)).toEqual(roles.watcher.map((g) => g.id));
      expect(flattenAuthScopes(after.driver)).toEqual(flattenAuthScopes(roles.driver));
      expect(after.empty).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
