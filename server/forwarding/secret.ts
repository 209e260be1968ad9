import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { requireCaller } from '../auth/caller.ts';
import { notFound } from '../http/errors.ts';
import { idParams } from '../http/params.ts';
import { findRecord } from '../resources/records.ts';
import { query } from '../resources/sql.ts';
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
    async (request) => {
      const caller = await requireCaller(request);
      const destination = await findRecord(db, forwarding, caller, request.params.id);
      if (!destination) throw notFound();
      const [row] = await query<{ secret: string | null }>(
        db,
        sql`select secret from forwarding_destinations where id = ${destination.id}::uuid`,
      );
      return { success: true, data: { secret: row?.secret ?? null } };
    },
  );
}
