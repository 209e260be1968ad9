import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';
import { said } from '../resources/messages.ts';

/**
 * How deep a JSON body may nest, counting each object or array: the deepest the API takes (a
 * role's permission tree, a polygon's rings) is well under ten, and a body of thousands of levels
 * only exhausts the stack of whatever walks it (the schema, a hook, PostgreSQL's jsonb).
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests deeper than `max`, read without parsing (one pass, no recursion):
 * brackets inside strings do not count. Text that is not JSON is left to the parser to refuse.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      // { [
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      // } ]
      depth--;
    }
  }
  return false;
}

/**
 * Fastify's own JSON parser (secure-json-parse, with the app's __proto__ and constructor rules),
 * behind a depth check: a body nested deeper than MAX_JSON_DEPTH is a 400 before it is parsed.
 * The body limit (413) still applies first, as the text is read.
 */
export function limitJsonDepth(app: FastifyInstance) {
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig;
  const parse = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(badRequest(said('api.request.tooDeep', { max: MAX_JSON_DEPTH })), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
