import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { organisations, refreshTokens, roles, users } from '../db/schema.ts';
import { UUID_PATTERN as UUID } from '../resources/sql.ts';
import { flattenAuthScopes } from '../../core/permissions.ts';
import type { AuthKeys } from './keys.ts';
import { verifyAccessToken } from './tokens.ts';
import { readLiveApiToken } from './api-tokens.ts';
import { API_TOKEN_PREFIX } from '../../core/api-tokens.ts';

/** Who is calling: read from the access token, then from the database so a change applies at once. */
export interface Caller {
  userId: string;
  sessionId: string;
  roleId: string;
  roleName: string;
  /** The built-in super-admin role's flag (set by the seed alone): every permission and organisation. */
  isSuperAdmin: boolean;
  permissions: string[];
  organisationId: string;
  /** Materialised path of the caller's organisation: rows under it are the caller's to see. */
  organisationPath: string;
  email: string | null;
  phone: string | null;
  /**
   * Set when the caller is an API token (docs/api.md), not a person's session: its permissions are
   * those it was given that the role still grants, and it never reaches the routes of people alone.
   */
  apiToken?: { id: string; readOnly: boolean };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null; looked up once per request. */
    loadCaller(): Promise<Caller | null>;
  }
}

async function resolveCaller(
  callers: CallerDirectory,
  keys: AuthKeys,
  request: FastifyRequest,
): Promise<Caller | null> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return callerFromToken(callers, keys, header.slice(7).trim(), request.ip);
}

interface CallerRow {
  isEnabled: boolean;
  email: string | null;
  phone: string | null;
  roleId: string;
  roleName: string;
  isSuperAdmin: boolean;
  permissions: string[];
  organisationId: string;
  organisationPath: string;
}

/** Triggers on users, roles and organisations NOTIFY this channel (migration 0008). */
const CALLERS_CHANNEL = 'waymark_callers';
/** A cached caller is read again after this long even if no change was heard. */
const CALLER_TTL_MS = 30_000;
/** Bounds the session cache whatever the traffic; clearing it only costs a query per session. */
const MAX_CACHED_SESSIONS = 50_000;

/**
 * Who each user is (enabled, role and its permissions, organisation), read once and kept until
 * any user, role or organisation changes: the database NOTIFYs every process, which forgets them
 * all, so a disabled user or a narrowed role applies at once while most requests skip a query.
 */
export class CallerDirectory {
  private readonly rows = new Map<string, { row: CallerRow; at: number }>();
  /** Sessions (refresh-token families) seen signed in, with when they were read. */
  private readonly sessions = new Map<string, number>();
  /** Bumped on every change heard, so a read that raced a change is not kept. */
  private generation = 0;
  /** While the listener is deaf (PostgreSQL lost its connection) nothing is kept: every request reads. */
  private hearing = true;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(readonly database: Database) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(
      CALLERS_CHANNEL,
      () => this.forget(),
      (hearing) => {
        this.hearing = hearing;
        this.forget();
      },
    );
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
  }

  forget(): void {
    this.generation += 1;
    this.rows.clear();
    this.sessions.clear();
  }

  /**
   * Whether a session is still signed in: an access token dies with its session (sign-out, a
   * password change or reset, a reused refresh token), not 15 minutes later. A session not seen
   * live is read again, so a sign-in through another process is never refused.
   */
  async isLive(sessionId: string): Promise<boolean> {
    const seenAt = this.sessions.get(sessionId);
    if (seenAt !== undefined && Date.now() - seenAt < CALLER_TTL_MS) return true;
    const generation = this.generation;
    const [found] = await this.database.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)))
      .limit(1);
    if (found && generation === this.generation && this.hearing) {
      if (this.sessions.size >= MAX_CACHED_SESSIONS) this.sessions.clear();
      this.sessions.set(sessionId, Date.now());
    }
    return Boolean(found);
  }

  async row(userId: string): Promise<CallerRow | undefined> {
    const cached = this.rows.get(userId);
    if (cached && Date.now() - cached.at < CALLER_TTL_MS) return cached.row;
    const generation = this.generation;
    const [found] = await this.database.db
      .select({
        isEnabled: users.isEnabled,
        email: users.email,
        phone: users.phone,
        roleId: roles.id,
        roleName: roles.name,
        isSuperAdmin: roles.isSuperAdmin,
        authScopes: roles.authScopes,
        organisationId: organisations.id,
        organisationPath: organisations.path,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .innerJoin(organisations, eq(organisations.id, users.organisationId))
      .where(eq(users.id, userId));
    if (!found) return undefined;
    const { authScopes, ...rest } = found;
    const row = { ...rest, permissions: flattenAuthScopes(authScopes) };
    if (generation === this.generation && this.hearing) this.rows.set(userId, { row, at: Date.now() });
    return row;
  }
}

/**
 * The caller an access token or an API token names, if it is valid and the user still enabled;
 * `address` is where an API token was used from (its last use, in the token list).
 */
export async function callerFromToken(
  callers: CallerDirectory,
  keys: AuthKeys,
  token: string,
  address?: string,
): Promise<Caller | null> {
  if (token.startsWith(API_TOKEN_PREFIX)) return callerFromApiToken(callers, token, address);
  const claims = await verifyAccessToken(keys, token);
  if (!claims || !UUID.test(claims.sessionId)) return null;
  if (!(await callers.isLive(claims.sessionId))) return null;
  const row = await callers.row(claims.userId);
  if (!row || !row.isEnabled) return null;
  return {
    userId: claims.userId,
    sessionId: claims.sessionId,
    roleId: row.roleId,
    roleName: row.roleName,
    isSuperAdmin: row.isSuperAdmin,
    permissions: row.permissions,
    organisationId: row.organisationId,
    organisationPath: row.organisationPath,
    email: row.email,
    phone: row.phone,
  };
}

/**
 * An API token's caller, read on every request: revoked or expired, or its user disabled, it names
 * nobody; its permissions are the ones chosen at creation that the role grants now. Never the
 * super-admin's pass: a super-admin's token holds exactly the permissions it was given.
 */
async function callerFromApiToken(
  callers: CallerDirectory,
  secret: string,
  address: string | undefined,
): Promise<Caller | null> {
  const token = await readLiveApiToken(callers.database.db, secret, address);
  if (!token) return null;
  const row = await callers.row(token.userId);
  if (!row || !row.isEnabled) return null;
  return {
    userId: token.userId,
    sessionId: token.id,
    roleId: row.roleId,
    roleName: row.roleName,
    isSuperAdmin: false,
    permissions: token.permissions.filter((p) => row.isSuperAdmin || row.permissions.includes(p)),
    organisationId: row.organisationId,
    organisationPath: row.organisationPath,
    email: row.email,
    phone: row.phone,
    apiToken: { id: token.id, readOnly: token.readOnly },
  };
}

export function registerCaller(app: FastifyInstance, callers: CallerDirectory, keys: AuthKeys) {
  // a change made through this process is known before its answer leaves, without waiting for the NOTIFY
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) callers.forget();
  });
  const cache = new WeakMap<FastifyRequest, Promise<Caller | null>>();
  app.decorateRequest('loadCaller', function loadCaller(this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      pending = resolveCaller(callers, keys, this);
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
