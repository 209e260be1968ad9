import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { badRequest, notFound, spoken } from '../http/errors.ts';
import { SIGNED_IN } from '../http/permissions.ts';
import { MINUTE, throttle, type Limit } from '../http/rate-limits.ts';
import { idParams } from '../http/params.ts';
import { done, envelope, errors } from '../openapi/shared.ts';
import { message, said } from '../resources/messages.ts';
import { allPermissionIds } from '../../resources/modules.ts';
import { MAX_API_TOKEN_DAYS, MAX_API_TOKEN_NAME } from '../../core/api-tokens.ts';
import { requireCaller, type Caller } from './caller.ts';
import { createApiToken, isApiTokenBearer, listApiTokens, presentApiToken, revokeApiToken } from './api-tokens.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const tags = ['api-tokens'];

const tokenSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    prefix: { type: 'string', description: 'The first characters of the secret, to tell tokens apart' },
    permissions: { type: 'array', items: { type: 'string' } },
    readOnly: { type: 'boolean' },
    expiresAt: { type: 'string', format: 'date-time' },
    createdAt: { type: 'string', format: 'date-time' },
    lastUsedAt: { type: ['string', 'null'], format: 'date-time' },
    lastUsedAddress: { type: ['string', 'null'] },
    revokedAt: { type: ['string', 'null'], format: 'date-time' },
  },
};
const example = {
  id: '0b7f3c1e-8d0a-4c55-9a55-0f3c2b1d9e11',
  name: 'ERP nightly trips',
  prefix: 'wmk_Q2x9',
  permissions: ['report-trips', 'vehicle-status'],
  readOnly: true,
  expiresAt: '2027-02-25T10:00:00.000Z',
  createdAt: '2026-11-27T10:00:00.000Z',
  lastUsedAt: '2026-11-28T01:30:02.000Z',
  lastUsedAddress: '203.0.113.7',
  revokedAt: null,
};

const createBody = {
  type: 'object',
  required: ['name', 'expiresInDays', 'permissions'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: MAX_API_TOKEN_NAME },
    expiresInDays: { type: 'integer', minimum: 1, maximum: MAX_API_TOKEN_DAYS },
    permissions: {
      type: 'array',
      minItems: 1,
      maxItems: 500,
      uniqueItems: true,
      items: { type: 'string', maxLength: 100 },
    },
    readOnly: { type: 'boolean', default: false },
  },
  errorMessage: {
    required: {
      name: message('apiTokens.messages.nameRequired'),
      expiresInDays: message('apiTokens.messages.expiryInvalid', { max: MAX_API_TOKEN_DAYS }),
      permissions: message('apiTokens.messages.permissionsRequired'),
    },
    properties: {
      name: message('apiTokens.messages.nameInvalid', { max: MAX_API_TOKEN_NAME }),
      expiresInDays: message('apiTokens.messages.expiryInvalid', { max: MAX_API_TOKEN_DAYS }),
      permissions: message('apiTokens.messages.permissionsRequired'),
    },
  },
  examples: [{ name: 'ERP nightly trips', expiresInDays: 90, permissions: ['report-trips'], readOnly: true }],
};

/** The permission ids a caller may hand a token: his role's (every known one for the super-admin). */
const grantable = (caller: Caller) => new Set(caller.isSuperAdmin ? allPermissionIds() : caller.permissions);

/** Each API token's requests per minute, wherever the rate limits count (REDIS_URL: shared by every process). */
const perApiToken = (max: number): Limit => ({
  per: 'api-token',
  max,
  windowMs: MINUTE,
  // only a request bearing an API token is looked at: no other pays for reading its caller here
  key: async (request) =>
    isApiTokenBearer(request.headers.authorization) ? (await request.loadCaller())?.apiToken?.id : undefined,
});

/**
 * A user's own API tokens (docs/api.md): made, listed and revoked by the person alone, never by a
 * token. Also the per-token rate limit of every route of the scope; call before the other routes.
 */
export function apiTokenRoutes(app: FastifyInstance, db: Db, options: { perMinute: number }) {
  app.addHook('preHandler', throttle(app, 'api-token', [perApiToken(options.perMinute)]));

  app.get(
    '/api-tokens',
    {
      config: { permission: SIGNED_IN, peopleOnly: true },
      schema: {
        tags,
        summary: "The signed-in user's API tokens, newest first: never their secrets",
        response: {
          200: {
            type: 'object',
            properties: { success: { type: 'boolean' }, data: { type: 'array', items: tokenSchema } },
            examples: [{ success: true, data: [example] }],
          },
        },
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      return { success: true, data: (await listApiTokens(db, caller.userId)).map(presentApiToken) };
    },
  );

  app.post<{ Body: { name: string; expiresInDays: number; permissions: string[]; readOnly: boolean } }>(
    '/api-tokens',
    {
      config: { permission: SIGNED_IN, peopleOnly: true },
      schema: {
        tags,
        summary: 'Make an API token with some of your permissions: its secret is in this answer alone',
        description:
          'Send it as `Authorization: Bearer wmk_…`. It acts with your organisation scope and the permissions chosen that your role still grants; readOnly allows GET alone. docs/api.md.',
        body: createBody,
        response: {
          201: envelope(
            { ...tokenSchema, properties: { ...tokenSchema.properties, token: { type: 'string' } } },
            { ...example, lastUsedAt: null, lastUsedAddress: null, token: 'wmk_Q2x9yTq4mW8rZ1pK7vB3nH6cJ0dF5gL2' },
          ),
          ...errors(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const caller = await requireCaller(request);
      const name = request.body.name.trim();
      if (!name)
        throw badRequest(said('apiTokens.messages.nameRequired'), { name: said('apiTokens.messages.nameRequired') });
      const allowed = grantable(caller);
      const beyond = request.body.permissions.filter((p) => !allowed.has(p));
      if (beyond.length) {
        const text = said('apiTokens.messages.permissionsBeyond', { permissions: beyond.join(', ') });
        throw badRequest(text, { permissions: text });
      }
      const { row, secret } = await createApiToken(db, {
        userId: caller.userId,
        name,
        permissions: request.body.permissions,
        readOnly: request.body.readOnly,
        expiresAt: new Date(Date.now() + request.body.expiresInDays * DAY_MS),
      });
      reply.status(201);
      return {
        success: true,
        ...spoken(said('apiTokens.messages.created')),
        data: { ...presentApiToken(row), token: secret },
      };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api-tokens/:id',
    {
      config: { permission: SIGNED_IN, peopleOnly: true },
      schema: {
        tags,
        summary: 'Revoke one of your API tokens: it stops working at once',
        params: idParams,
        response: done(400, 401, 403, 404, 429),
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      if (!(await revokeApiToken(db, caller.userId, request.params.id)))
        throw notFound(said('apiTokens.messages.notFound'));
      return { success: true, ...spoken(said('apiTokens.messages.revoked')) };
    },
  );
}
