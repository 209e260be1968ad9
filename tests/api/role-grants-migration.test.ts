import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { query } from '../../server/resources/sql.ts';
import { authScopesFor, defaultRoleGrants } from '../../server/roles/defaults.ts';
import { flattenAuthScopes, SUPER_ADMIN, type AuthScope } from '../../core/permissions.ts';
import { databaseBefore } from '../support/migrations.ts';

/** The migration's place in the journal, found by its name: the lead renumbers migrations at merge. */
const journal = JSON.parse(fs.readFileSync('server/db/migrations/meta/_journal.json', 'utf8')) as {
  entries: { idx: number; tag: string }[];
};
const migration = journal.entries.find((e) => e.tag.endsWith('_grant_audit_log'))!;

/** A role's scopes as a Waymark seeded before the audit log and the forwarding secret's permission: neither there. */
function olderScopes(scopes: AuthScope[]): AuthScope[] {
  const copy = structuredClone(scopes);
  for (const group of copy) {
    group.children = group.children?.filter((m) => m.id !== 'management-audit-log');
    for (const module of group.children ?? []) delete module.actions?.['reveal-forwarding-secret'];
  }
  return copy;
}
type RoleRow = { name: string; scopes: AuthScope[] };

describe(`migration ${migration.tag} on the roles of a database seeded before it`, () => {
  it('gives the built-in roles the audit log and the reveal permission as the seed does now, and leaves the rest', async () => {
    const database = await databaseBefore(migration.idx);
    try {
      const { db } = database;
      const builtIn = Object.fromEntries(
        Object.entries(defaultRoleGrants).map(([name, grants]) => [name, olderScopes(authScopesFor(grants))]),
      );
      for (const [name, scopes] of Object.entries(builtIn))
        await query(
          db,
          sql`insert into roles (name, auth_scopes, is_system, is_super_admin)
            values (${name}, ${JSON.stringify(scopes)}::jsonb, true, ${name === SUPER_ADMIN})`,
        );
      // an organisation's own administrator role, and a built-in one whose administrator took the audit log away
      const own = olderScopes(authScopesFor({ 'management-user': '*', 'management-forwarding': '*' }));
      const withdrawn = authScopesFor({ 'management-user': '*', 'management-forwarding': '*' });
      for (const group of withdrawn)
        for (const module of group.children ?? [])
          if (module.id === 'management-audit-log') module.allowed = false;
          else if (module.id === 'management-forwarding') module.actions!['reveal-forwarding-secret'] = false;
      await query(
        db,
        sql`insert into roles (name, auth_scopes) values ('Fleet office', ${JSON.stringify(own)}::jsonb)`,
      );
      await query(
        db,
        sql`insert into roles (name, auth_scopes, is_system) values ('Withdrawn', ${JSON.stringify(withdrawn)}::jsonb, true)`,
      );
      await query(db, sql`insert into roles (name, auth_scopes, is_system) values ('Empty', '[]'::jsonb, true)`);
      expect(flattenAuthScopes(builtIn.ADMIN)).not.toContain('management-audit-log');
      expect(flattenAuthScopes(builtIn.SUPER_ADMIN)).not.toContain('reveal-forwarding-secret');

      await database.upgrade();
      const after = Object.fromEntries(
        (await query<RoleRow>(db, sql`select name, auth_scopes as scopes from roles`)).map((r) => [r.name, r.scopes]),
      );
      // each built-in role now allows exactly what a new database's seed gives it
      for (const [name, grants] of Object.entries(defaultRoleGrants))
        expect(flattenAuthScopes(after[name]).sort(), name).toEqual(flattenAuthScopes(authScopesFor(grants)).sort());
      for (const name of ['ADMIN', 'DISTRIBUTER', 'DEALER', 'RFC_ADMIN'])
        expect(flattenAuthScopes(after[name]), name).toEqual(
          expect.arrayContaining(['management-audit-log', 'export-audit-log']),
        );
      for (const name of ['CUSTOMER', 'FITTER', 'MANUFACTURER', 'LIMITED_USER', 'CUSTOM'])
        expect(flattenAuthScopes(after[name]), name).not.toContain('management-audit-log');
      expect(flattenAuthScopes(after.SUPER_ADMIN)).toContain('reveal-forwarding-secret');
      expect(
        Object.values(after)
          .flatMap((s) => flattenAuthScopes(s))
          .filter((p) => p === 'reveal-forwarding-secret'),
      ).toHaveLength(1);
      expect(after.ADMIN!.map((g) => g.id)).toEqual(builtIn.ADMIN!.map((g) => g.id));
      // nothing else moved
      expect(after['Fleet office']).toEqual(own);
      expect(after.Withdrawn).toEqual(withdrawn);
      expect(after.Empty).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
