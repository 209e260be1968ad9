import crypto from 'node:crypto';
import { count, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { organisations, users } from '../db/schema.ts';
import { createOrganisation } from '../organisations/service.ts';
import { createUser } from '../users/service.ts';
import { checkPasswordRule } from '../auth/passwords.ts';
import { ensureSystemRoles, systemRoleIds } from './roles.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@waymark.local';

/** The root organisation, created with the first administrator. */
export async function rootOrganisation(db: Db) {
  const [root] = await db.select().from(organisations).where(isNull(organisations.parentId)).limit(1);
  return root;
}

/**
 * On an empty database: the built-in roles, the root organisation and the SUPER_ADMIN account,
 * from WAYMARK_ADMIN_EMAIL/PASSWORD or with a generated password printed this once.
 */
export async function firstStart(db: Db, log: FastifyBaseLogger, admin: { email?: string; password?: string }) {
  await ensureSystemRoles(db);
  const [{ value: userCount }] = await db.select({ value: count() }).from(users);
  if (userCount > 0) return;
  const email = admin.email ?? DEFAULT_ADMIN_EMAIL;
  const password = admin.password ?? `Wm-${crypto.randomBytes(9).toString('base64url')}7`;
  if (admin.password) checkPasswordRule(admin.password);
  const root = (await rootOrganisation(db)) ?? await createOrganisation(db, { tradeName: 'Waymark', brandName: 'Waymark' });
  const roleIds = await systemRoleIds(db);
  await createUser(db, { firstName: 'Super', lastName: 'Admin', email, password, roleId: roleIds.SUPER_ADMIN!, organisationId: root.id });
  if (admin.password) {
    log.info(`Created the SUPER_ADMIN account ${email} with the password from WAYMARK_ADMIN_PASSWORD`);
  } else {
    // printed once, on purpose: there is no other way to learn it
    process.stdout.write(`\n  SUPER_ADMIN account created: ${email}\n  password (shown only now): ${password}\n\n`);
  }
}
