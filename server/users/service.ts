import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { organisations, roles, users } from '../db/schema.ts';
import { isEmail } from '../../core/username.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { AuthScope } from '../../core/permissions.ts';

export type UserRow = typeof users.$inferSelect;

/** The user as the API shows it: never the password hash. */
export interface PublicUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  isEnabled: boolean;
  avatar: string | null;
  role: { id: string; name: string; isSuperAdmin: boolean; authScopes: AuthScope[] };
  organisation: { id: string; tradeName: string; brandName: string };
  createdAt: string;
}

const selection = {
  user: users,
  roleName: roles.name,
  isSuperAdmin: roles.isSuperAdmin,
  authScopes: roles.authScopes,
  tradeName: organisations.tradeName,
  brandName: organisations.brandName,
};

function toPublic(row: {
  user: UserRow;
  roleName: string;
  isSuperAdmin: boolean;
  authScopes: AuthScope[];
  tradeName: string;
  brandName: string;
}): PublicUser {
  const { user } = row;
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    isEnabled: user.isEnabled,
    avatar: user.avatar,
    role: { id: user.roleId, name: row.roleName, isSuperAdmin: row.isSuperAdmin, authScopes: row.authScopes },
    organisation: { id: user.organisationId, tradeName: row.tradeName, brandName: row.brandName },
    createdAt: user.createdAt.toISOString(),
  };
}

function userQuery(db: Db) {
  return db
    .select(selection)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(organisations, eq(organisations.id, users.organisationId));
}

/** Finds a user by a normalised username: an e-mail (any case) or a +91 phone number. */
export async function findUserByUsername(db: Db, username: string) {
  const where = isEmail(username) ? sql`lower(${users.email}) = ${username.toLowerCase()}` : eq(users.phone, username);
  const [row] = await userQuery(db).where(where);
  return row ? { row: row.user, public: toPublic(row) } : undefined;
}

export async function findUserById(db: Db, id: string) {
  const [row] = await userQuery(db).where(eq(users.id, id));
  return row ? { row: row.user, public: toPublic(row) } : undefined;
}

export interface NewUser {
  firstName: string;
  lastName?: string;
  email?: string;
  phone?: string;
  password: string;
  roleId: string;
  organisationId: string;
}

export async function createUser(db: Db, input: NewUser) {
  const [row] = await db
    .insert(users)
    .values({
      firstName: input.firstName,
      lastName: input.lastName ?? '',
      email: input.email?.toLowerCase(),
      phone: input.phone,
      passwordHash: await hashPassword(input.password),
      roleId: input.roleId,
      organisationId: input.organisationId,
    })
    .returning();
  return row!;
}

/** The same password's hash made again with today's parameters, unless it changed meanwhile. */
export async function replacePasswordHash(db: Db, userId: string, oldHash: string, newHash: string) {
  await db
    .update(users)
    .set({ passwordHash: newHash })
    .where(and(eq(users.id, userId), eq(users.passwordHash, oldHash)));
}

export async function setPassword(db: Db, userId: string, password: string) {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(users.id, userId));
}
