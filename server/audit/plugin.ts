import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { AUDIT_EVENTS } from '../../resources/entities/audit-log.ts';

type AuditEvent = (typeof AUDIT_EVENTS)[number];

/** What a route says of its call when the caller alone does not tell it: a sign-in names its account. */
export interface AuditMark {
  event: AuditEvent;
  /** The user the call was about: who signed in, or whose sign-in was refused. */
  userId?: string | null;
  /** The account named, as typed (normalised). */
  account?: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth routes: this call goes to the audit log as a sign-in, a refused one or a sign-out; false: not at all. */
    audit?: AuditMark | false;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Keys whose values never reach the log: credentials, codes, secrets and tokens, at any depth. */
const SECRET_ENDINGS = ['password', 'secret', 'token', 'otp', 'challenge', 'signature', 'apikey', 'privatekey'];
const SECRET_NAMES = new Set(['code', 'recoverycode', 'key', 'keys', 'p256dh', 'auth']);
const isSecret = (key: string) => {
  const name = key.toLowerCase();
  return SECRET_NAMES.has(name) || SECRET_ENDINGS.some((ending) => name.endsWith(ending));
};
const MAX_DETAILS = 4000;

/** The body as the log keeps it: secrets left out, and at most 4,000 characters. */
export function auditDetails(body: unknown): Record<string, unknown> {
  const redact = (value: unknown, depth: number): unknown => {
    if (depth > 6) return '…';
    if (Array.isArray(value)) return value.slice(0, 50).map((item) => redact(item, depth + 1));
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .filter(([key]) => !isSecret(key))
          .map(([key, item]) => [key, redact(item, depth + 1)]),
      );
    return typeof value === 'string' && value.length > 500 ? `${value.slice(0, 500)}…` : value;
  };
  if (body === undefined || body === null || typeof body !== 'object') return {};
  const details = redact(body, 0) as Record<string, unknown>;
  return JSON.stringify(details).length > MAX_DETAILS ? { truncated: true } : details;
}

/**
 * The audit log (docs/security.md): after each answer, a row for every change made through the API
 * (a write answered below 400) and every call a route marked (sign-ins, refused ones, sign-outs).
 * Written after the answer, never holding it up; a failure to write is logged, not the caller's.
 */
export function registerAuditLog(app: FastifyInstance, db: Db) {
  app.addHook('onResponse', async (request, reply) => {
    const mark = request.audit;
    if (mark === false) return;
    if (!mark && (READS.has(request.method) || reply.statusCode >= 400)) return;
    if (!request.url.startsWith('/api/')) return;
    try {
      await db.execute(auditRow(request, reply.statusCode, mark, await actorOf(request, mark)));
    } catch (error) {
      request.log.error({ err: error }, 'audit log row not written');
    }
  });
}

async function actorOf(request: FastifyRequest, mark: AuditMark | undefined) {
  if (mark?.userId !== undefined) return mark.userId;
  const caller = await request.loadCaller().catch(() => null);
  return caller?.userId ?? null;
}

function auditRow(request: FastifyRequest, status: number, mark: AuditMark | undefined, actorId: string | null) {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const targetId = typeof params.id === 'string' ? params.id : typeof params.imei === 'string' ? params.imei : null;
  const route = request.routeOptions.url ?? request.url.split('?')[0];
  return sql`
    insert into audit_log (event, actor_id, account, action, target_id, status, address, details, organisation_id)
    select ${mark?.event ?? 'change'}, u.id, coalesce(${mark?.account ?? null}, u.email, u.phone), ${`${request.method} ${route}`},
      ${targetId}, ${status}, ${request.ip}, ${JSON.stringify(auditDetails(request.body))}::jsonb, u.organisation_id
    from (select 1) one left join users u on u.id = ${actorId}::uuid`;
}
