import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { idParams } from '../http/params.ts';
import { revealSecret } from '../resources/reveal-secret.ts';
import forwarding from '../../resources/entities/forwarding.ts';

/** The permission id that reads a destination's signing secret; no list, read or write answers it. */
export const REVEAL_FORWARDING_SECRET = 'reveal-forwarding-secret';

/**
 * `GET /api/forwarding-destinations/{id}/secret`: the destination's `whsec_` secret, whole, to a holder
 * of reveal-forwarding-secret who can see the destination (another tenant's answers 404, like a read).
 */
export function forwardingSecretRoute(app: FastifyInstance, db: Db) {
  app.get<{ Params: { id: string } }>(
    `${forwarding.api}/:id/secret`,
    {
      config: { permission: REVEAL_FORWARDING_SECRET },
      schema: {
        tags: [forwarding.name],
        summary: "The destination's signing secret, whole: the HTTP receiver verifies the batches' signatures with it",
        params: idParams,
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: { type: 'object', properties: { secret: { type: ['string', 'null'] } } },
            },
            examples: [{ success: true, data: { secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' } }],
          },
        },
      },
    },
    async (request) => ({ success: true, data: { secret: await revealSecret(db, request, forwarding, 'secret') } }),
  );
}
