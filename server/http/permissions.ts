import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './errors.ts';
import { hasPermission } from '../../core/permissions.ts';
import { isApiTokenBearer } from '../auth/api-tokens.ts';
import { said } from '../resources/messages.ts';

const READS = new Set(['GET', 'HEAD']);

/** Open to anyone, signed in or not. */
export const PUBLIC = 'public';
/** Any signed-in user, whatever their role. */
export const SIGNED_IN = 'signed-in';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission id a caller needs (or any one of several), or PUBLIC, or SIGNED_IN. Every /api route must say. */
    permission?: string | string[];
    /**
     * The route writes only sessions (sign-in, token refresh, sign-out), which no list shows: its
     * answer need not empty this process's list pages (server/resources/list-cache.ts).
     */
    writesSessionsOnly?: boolean;
    /**
     * For a person alone, never an API token (docs/api.md): sign-in, sessions, passwords, the token
     * routes themselves, and moving money. A request bearing an API token is refused before all else.
     */
    peopleOnly?: boolean;
  }
}

/**
 * Every route registered in this scope must declare its permission; a route that does not fails
 * at start-up, so no route is ever open by omission. The check runs before validation.
 */
export function enforceRoutePermissions(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (!permission || (Array.isArray(permission) && !permission.length))
      throw new Error(`Route ${route.method} ${route.url} does not declare config.permission`);
    const peopleOnly = route.config?.peopleOnly === true;
    const check = async (request: FastifyRequest) => {
      if (peopleOnly && isApiTokenBearer(request.headers.authorization))
        throw forbidden(said('apiTokens.messages.peopleOnly'));
      if (permission === PUBLIC) return;
      const caller = await request.loadCaller();
      if (!caller) throw unauthorized();
      if (caller.apiToken?.readOnly && !READS.has(request.method)) throw forbidden(said('apiTokens.messages.readOnly'));
      if (permission === SIGNED_IN) return;
      const anyOf = Array.isArray(permission) ? permission : [permission];
      if (!anyOf.some((p) => hasPermission(caller.isSuperAdmin, caller.permissions, p))) throw forbidden();
    };
    const existing = route.preValidation;
    route.preValidation = existing ? [check, ...(Array.isArray(existing) ? existing : [existing])] : [check];
  });
}
