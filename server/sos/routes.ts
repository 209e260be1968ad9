/**
 * The SOS cases of the caller's tree: GET /sos/open (the banner every console page shows) and
 * POST /sos/{id}/acknowledge (who and when, with a note; it stops the escalation). A case is the
 * caller's when the organisation tree holding its device at the SOS's time is (heldByCaller, as for
 * alerts, docs/security.md); another's answers 404, as one that does not exist.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { requireCaller } from '../auth/caller.ts';
import { HttpError, notFound, spoken } from '../http/errors.ts';
import { idParams } from '../http/params.ts';
import { message, said } from '../resources/messages.ts';
import { query } from '../resources/sql.ts';
import { heldByCaller } from '../tracking/ownership.ts';
import { escalateDueSosCases } from './escalation.ts';
import type { PlaceLookup } from '../alerts/places.ts';
import { ClaimLoop } from '../db/claim-loop.ts';
import { ACKNOWLEDGE_SOS, MAX_NOTE_LENGTH, SEE_OPEN_SOS, type OpenSos } from '../../core/sos.ts';
import { miscDocs } from '../openapi/misc.ts';

/** How often each process looks for cases due to escalate. */
export const SWEEP_EVERY_MS = 15_000;

const noteSchema = {
  type: 'object',
  required: ['note'],
  additionalProperties: false,
  properties: {
    note: {
      type: 'string',
      minLength: 1,
      maxLength: MAX_NOTE_LENGTH,
      pattern: '\\S',
      errorMessage: message('sos.api.noteRequired', { max: MAX_NOTE_LENGTH }),
    },
  },
  errorMessage: { required: { note: message('sos.api.noteRequired', { max: MAX_NOTE_LENGTH }) } },
};

export function sosRoutes(app: FastifyInstance, db: Db) {
  app.get(
    '/sos/open',
    {
      config: { permission: SEE_OPEN_SOS },
      schema: {
        tags: ['sos'],
        summary: "The open (unacknowledged) SOS cases of the caller's tree, newest first",
        response: miscDocs.openSos,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const rows = await query<OpenSos>(
        db,
        sql`select c.id, c.device_id as "deviceId", c.vehicle_id as "vehicleId", v.registration_number as "registrationNumber",
            d.imei, c.opened_at as "openedAt", c.latitude, c.longitude, c.released_at as "releasedAt", c.escalation_level as "escalationLevel"
          from sos_cases c join devices d on d.id = c.device_id left join vehicles v on v.id = c.vehicle_id
          where c.acknowledged_at is null and ${heldByCaller(caller, sql`c.device_id`, sql`c.opened_at`)}
          order by c.opened_at desc limit 50`,
      );
      return { success: true, data: rows };
    },
  );

  app.post<{ Params: { id: string }; Body: { note: string } }>(
    '/sos/:id/acknowledge',
    {
      config: { permission: ACKNOWLEDGE_SOS },
      schema: {
        tags: ['sos'],
        summary: 'Acknowledge an SOS: records who and when, with a note, and stops its escalation',
        params: idParams,
        body: { ...noteSchema, examples: [miscDocs.noteExample] },
        response: miscDocs.acknowledged,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const [found] = await query<{ acknowledgedAt: string | null }>(
        db,
        sql`select acknowledged_at as "acknowledgedAt" from sos_cases c
          where c.id = ${request.params.id}::uuid and ${heldByCaller(caller, sql`c.device_id`, sql`c.opened_at`)}`,
      );
      if (!found) throw notFound();
      // the open case alone: two users acknowledging at once, the first is recorded and the second told
      const [acknowledged] = await query<{ id: string; acknowledgedAt: string }>(
        db,
        sql`update sos_cases set acknowledged_at = now(), acknowledged_by = ${caller.userId}::uuid,
            note = ${request.body.note.trim()}, next_escalation_at = null
          where id = ${request.params.id}::uuid and acknowledged_at is null
          returning id, acknowledged_at as "acknowledgedAt"`,
      );
      if (!acknowledged) throw new HttpError(409, said('sos.api.alreadyAcknowledged'));
      return { success: true, ...spoken(said('sos.api.acknowledged')), data: acknowledged };
    },
  );
}

/**
 * The escalation sweep of this process: a claim loop (server/db/claim-loop.ts) whose rounds each
 * escalate up to a batch of due cases, every SWEEP_EVERY_MS and once at start, as long as the server runs.
 */
export function registerSosSweep(app: FastifyInstance, db: Db, publicUrl: string, places?: PlaceLookup) {
  const loop = new ClaimLoop(() => escalateDueSosCases(db, { publicUrl, places }), {
    intervalMs: SWEEP_EVERY_MS,
    onError: (error) => app.log.error({ err: error }, 'Escalating SOS cases failed'),
  });
  app.addHook('onReady', async () => loop.start());
  app.addHook('onClose', () => loop.stop());
}
