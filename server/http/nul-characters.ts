import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';
import { said } from '../resources/messages.ts';

const NUL = '\u0000';
export const NUL_MESSAGE = said('api.list.nul');

/** Where in a parsed value a NUL character sits (a key or a text), as a dotted path; undefined if nowhere. */
export function nulCharacterPath(value: unknown, root = ''): string | undefined {
  // iterative, so that deeply nested junk cannot exhaust the stack
  const pending: [unknown, string][] = [[value, root]];
  while (pending.length) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path;
    } else if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes(NUL)) return path || '_';
        pending.push([child, childPath]);
      }
    }
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold U+0000, and no field of this API has a use for it: a request whose
 * path, query or JSON body carries one is refused with a 400 naming where, before the schemas and
 * the handler (a filter's JSON inside the query is checked by the list-query parser).
 */
export function refuseNulCharacters(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const check = async (request: FastifyRequest) => {
      for (const part of [request.params, request.query, request.body]) {
        const path = nulCharacterPath(part);
        if (path !== undefined) throw badRequest(NUL_MESSAGE, { [path || '_']: NUL_MESSAGE });
      }
    };
    // after the permission check, so that a caller without permission still learns nothing more
    const existing = route.preValidation;
    route.preValidation = existing ? [...(Array.isArray(existing) ? existing : [existing]), check] : [check];
  });
}
