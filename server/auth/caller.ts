import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { organisations, roles, users } from '../db/schema.ts';
import { flattenAuthScopes } from '../../providers/permissions.ts';
import type { AuthKeys } from './keys.ts';
import { verifyAccessToken } from './tokens.ts';

/** Who is calling: read from the access token, then from the database so a change applies at once. */
export interface Caller {
  userId: string;
  sessionId: string;
  roleId: string;
  roleName: string;
  permissions: string[];
  organisationId: string;
  /** Materialised path of the caller's organisation: rows under it are the caller's to see. */
  organisationPath: string;
  email: string | null;
  phone: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null; looked up once per request. */
    loadCaller(): Promise<Caller | null>;
  }
}

async function resolveCaller(db: Db, keys: AuthKeys, request: FastifyRequest): Promise<Caller | null> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return callerFromToken(db, keys, header.slice(7).trim());
}

/** The caller an access token names, if it is valid and the user still enabled. */
export async function callerFromToken(db: Db, keys: AuthKeys, token: string): Promise<Caller | null> {
  const claims = await verifyAccessToken(keys, token);
  if (!claims) return null;
  const [row] = await db.select({
    isEnabled: users.isEnabled, email: users.email, phone: users.phone,
    roleId: roles.id, roleName: roles.name, authScopes: roles.authScopes,
    organisationId: organisations.id, organisationPath: organisations.path,
  }).from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.id, claims.userId));
  if (!row || !row.isEnabled) return null;
  return {
    userId: claims.userId,
    sessionId: claims.sessionId,
    roleId: row.roleId,
    roleName: row.roleName,
    permissions: flattenAuthScopes(row.authScopes),
    organisationId: row.organisationId,
    organisationPath: row.organisationPath,
    email: row.email,
    phone: row.phone,
  };
}

export function registerCaller(app: FastifyInstance, db: Db, keys: AuthKeys) {
  const cache = new WeakMap<FastifyRequest, Promise<Caller | null>>();
  app.decorateRequest('loadCaller', function loadCaller(this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      pending = resolveCaller(db, keys, this);
      cache.set(this, pending);
    }
    return pending;
  });
}

/** The caller of a route that declared a permission, which the permission check already proved. */
export async function requireCaller(request: FastifyRequest): Promise<Caller> {
  const caller = await request.loadCaller();
  if (!caller) throw new Error('requireCaller used on a route without a signed-in permission');
  return caller;
}
