/** The change webhook endpoints' checks beyond the declared fields, their secret, and the reveal route. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { badRequest } from '../http/errors.ts';
import { idParams } from '../http/params.ts';
import { AddressGuard } from '../notify/guarded-http.ts';
import { newWebhookSecret } from '../notify/webhook.ts';
import { checkedAddress, TargetFailure } from '../forwarding/targets.ts';
import type { ResourceHooks } from '../resources/hooks.ts';
import { said } from '../resources/messages.ts';
import { revealSecret } from '../resources/reveal-secret.ts';
import endpointResource from '../../resources/entities/webhook-endpoint.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The guard change webhook URLs obey when typed (and the delivery worker's when sent): WEBHOOK_ALLOW_RANGES. */
    webhookGuard: AddressGuard;
  }
}

/** The guard endpoints' URLs are checked with, from the notify settings' allowed ranges. */
export function registerChangeHooks(app: FastifyInstance, config: Config) {
  app.decorate('webhookGuard', new AddressGuard(config.notify.allowRanges));
}

/** How a secret shows in reads: `whsec_` and its next four characters. */
export const maskedSecret = (secret: string) => `${secret.slice(0, 10)}…`;

const refuse = (key: string) => {
  const text = said(`webhooks.messages.${key}`);
  return badRequest(text, { url: text });
};

/**
 * The URL is http(s) and not one the guard refuses: a literal address at once, a name after
 * resolving it (one that does not resolve now is kept; the guard checks it again at every delivery).
 */
export async function checkEndpointUrl(guard: AddressGuard, value: string) {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse('badUrl');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse('badUrl');
  if (url.username || url.password) throw refuse('credentialsInUrl');
  try {
    await checkedAddress(url.hostname, guard);
  } catch (error) {
    if (error instanceof TargetFailure && error.permanent) throw refuse('urlRefused');
  }
}

export const webhookEndpointHooks: ResourceHooks = {
  listReads: [],
  async beforeCreate(ctx, columns, body) {
    await checkEndpointUrl(ctx.request.server.webhookGuard, String(body.url));
    const secret = newWebhookSecret();
    columns.set('signing_secret', sql`${secret}`);
    // the create's answer is the one read that shows it whole (routes.ts answers the row as stored)
    columns.set('secret', sql`${secret}`);
  },
  async beforeUpdate(ctx, existing, columns, body) {
    if (body.url !== undefined && body.url !== existing.url)
      await checkEndpointUrl(ctx.request.server.webhookGuard, String(body.url));
    // from the first edit on, the row itself keeps it masked: the edit's answer is the row as stored
    columns.set('secret', sql`left(signing_secret, 10) || '…'`);
  },
  decorate(_db, records) {
    for (const record of records) if (typeof record.secret === 'string') record.secret = maskedSecret(record.secret);
  },
  routes(app: FastifyInstance, db: Db) {
    app.get<{ Params: { id: string } }>(
      `${endpointResource.api}/:id/secret`,
      {
        config: { permission: 'reveal-webhook-endpoint-secret' },
        schema: {
          tags: [endpointResource.name],
          summary: "The endpoint's signing secret, whole: its receiver verifies the signatures with it",
          params: idParams,
          response: {
            200: {
              type: 'object',
              required: ['success', 'data'],
              properties: {
                success: { type: 'boolean' },
                data: {
                  type: 'object',
                  required: ['secret'],
                  properties: { secret: { type: 'string', description: '`whsec_` and 32 bytes in base64' } },
                },
              },
              examples: [{ success: true, data: { secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwXh1mYk4Vt0o=' } }],
            },
          },
        },
      },
      async (request) => ({
        success: true,
        data: { secret: await revealSecret(db, request, endpointResource, 'signing_secret') },
      }),
    );
  },
};
