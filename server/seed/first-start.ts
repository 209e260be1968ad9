import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { count, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { organisations, users } from '../db/schema.ts';
import { createOrganisation } from '../organisations/service.ts';
import { createUser } from '../users/service.ts';
import { checkPasswordRule } from '../auth/passwords.ts';
import { systemAccount } from '../wallets/ledger.ts';
import { ensureSystemRoles, systemRoleIds } from './roles.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@waymark.local';

/** The root organisation, created with the first administrator. */
export async function rootOrganisation(db: Db) {
  const [root] = await db.select().from(organisations).where(isNull(organisations.parentId)).limit(1);
  return root;
}

/** The SUPER_ADMIN account made with a generated password: the caller shows it, this once. */
export interface GeneratedAdmin {
  email: string;
  password: string;
}

/**
 * The root organisation, the provider: its prices are set, to free, until its administrators
 * price activations (every organisation below inherits them), and it holds the ledger's BANK and
 * REVENUE accounts (docs/wallet.md).
 */
async function createProvider(db: Db) {
  const root = await createOrganisation(db, { tradeName: 'Waymark', brandName: 'Waymark' });
  await db
    .update(organisations)
    .set({ attributes: { settings: { priceOneYearPaise: 0, priceTwoYearsPaise: 0 } } })
    .where(eq(organisations.id, root.id));
  await systemAccount(db, 'BANK');
  await systemAccount(db, 'REVENUE');
  return root;
}

/**
 * On an empty database: the built-in roles, the root organisation and the SUPER_ADMIN account,
 * from WAYMARK_ADMIN_EMAIL/PASSWORD or with a generated password, which it answers.
 */
export async function firstStart(
  db: Db,
  log: FastifyBaseLogger,
  admin: { email?: string; password?: string },
): Promise<GeneratedAdmin | null> {
  await ensureSystemRoles(db);
  const [{ value: userCount }] = await db.select({ value: count() }).from(users);
  if (userCount > 0) return null;
  const email = admin.email ?? DEFAULT_ADMIN_EMAIL;
  const password = admin.password ?? `Wm-${crypto.randomBytes(9).toString('base64url')}7`;
  if (admin.password) checkPasswordRule(admin.password);
  const root = (await rootOrganisation(db)) ?? (await createProvider(db));
  const roleIds = await systemRoleIds(db);
  await createUser(db, {
    firstName: 'Super',
    lastName: 'Admin',
    email,
    password,
    roleId: roleIds.SUPER_ADMIN!,
    organisationId: root.id,
  });
  if (admin.password) {
    log.info(`Created the SUPER_ADMIN account ${email} with the password from WAYMARK_ADMIN_PASSWORD`);
    return null;
  }
  return { email, password };
}

/**
 * Keeps a generated password where the operator finds it after the start-up output scrolled away:
 * DATA_DIR/initial-admin-password, readable by the owner alone. Answers the file's path.
 */
export function keepGeneratedPassword(dataDir: string, admin: GeneratedAdmin): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'initial-admin-password');
  fs.writeFileSync(file, `${admin.email}\n${admin.password}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return file;
}
