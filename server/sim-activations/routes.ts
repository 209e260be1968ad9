import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { requireCaller, type Caller } from '../auth/caller.ts';
import { hasPermission } from '../../providers/permissions.ts';
import simActivation, {
  CLOSED_SIM_ORDER_STATUSES, SIM_OPERATORS, SIM_STATUS_CHOICES, type SimOrderStatus, type SimStatusChoice,
} from '../../resources/entities/sim-activation.ts';
import { E_SIM_PROVIDERS } from '../../resources/entities/device.ts';
import { badRequest, forbidden, HttpError } from '../http/errors.ts';
import { findRecord } from '../resources/records.ts';
import { writableRecord } from '../resources/routes.ts';
import { isSuperAdmin } from '../resources/scope.ts';
import { query } from '../resources/sql.ts';
import { bodySchema, normaliseBody } from '../resources/validation.ts';
import { message } from '../resources/messages.ts';

const idParams = { type: 'object', properties: { id: { type: 'string', format: 'uuid' } }, required: ['id'] };
const MSISDN = '^\\d{10,15}$';

interface StatusPayload {
  status?: SimStatusChoice;
  sim1?: string; sim2?: string; sim1_operator?: string; sim2_operator?: string; eSimProvider?: string;
}
type Body = StatusPayload & { imei?: string; ips?: string[]; numbers?: string[]; durationInDays?: number };

/** The order form's fields (as on create) and the Change Status dialog's, all optional here. */
function updateSchema() {
  const form = bodySchema(simActivation, 'create') as { properties: Record<string, unknown> };
  const text = (pattern?: string) => ({ type: ['string', 'null'], maxLength: 50, ...(pattern ? { pattern, errorMessage: message('resources.device.simPattern') } : {}) });
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      ...form.properties,
      status: { type: ['string', 'null'], enum: [...SIM_STATUS_CHOICES, null], errorMessage: message('validation.choice', { label: message('sim.dialog.status') }) },
      sim1: text(MSISDN), sim2: text(MSISDN),
      sim1_operator: { type: ['string', 'null'], enum: [...SIM_OPERATORS, null], errorMessage: message('validation.choice', { label: message('sim.dialog.sim1_operator') }) },
      sim2_operator: { type: ['string', 'null'], enum: [...SIM_OPERATORS, null], errorMessage: message('validation.choice', { label: message('sim.dialog.sim2_operator') }) },
      eSimProvider: { type: ['string', 'null'], enum: [...E_SIM_PROVIDERS, null], errorMessage: message('validation.choice', { label: message('sim.dialog.eSimProvider') }) },
    },
  };
}

const isStatusChange = (body: Body) => 'status' in body || ['sim1', 'sim2', 'sim1_operator', 'sim2_operator', 'eSimProvider'].some((k) => k in body);
const userName = async (db: Db, caller: Caller) => {
  const [user] = await query<{ name: string }>(db, sql`select trim(first_name || ' ' || coalesce(last_name, '')) as name from users where id = ${caller.userId}::uuid`);
  return user?.name ?? caller.email ?? caller.userId;
};

/**
 * PUT /sim-activation/{id}: the form's body edits an open order (edit-sim-activation-order), a
 * status payload moves it on (change-status-result-table). Either way only SUPER_ADMIN or the
 * order's manufacturer may, and COMPLETED or REJECTED orders stay as they are.
 */
export function simActivationRoutes(app: FastifyInstance, db: Db) {
  app.put<{ Params: { id: string }; Body: Body }>('/sim-activation/:id', {
    config: { permission: ['edit-sim-activation-order', 'change-status-result-table'] },
    preValidation: async (request) => {
      if (request.body && typeof request.body === 'object') normaliseBody(simActivation, request.body as Record<string, unknown>);
    },
    schema: { tags: ['sim-activation'], summary: "Edit an open SIM activation order, or change its status (the manufacturer's call)", params: idParams, body: updateSchema() },
  }, async (request) => {
    const caller = await requireCaller(request);
    const body = request.body ?? {};
    const statusChange = isStatusChange(body);
    const needed = statusChange ? 'change-status-result-table' : 'edit-sim-activation-order';
    if (!hasPermission(caller.roleName, caller.permissions, needed)) throw forbidden();
    const order = await writableRecord({ db, caller, request, resource: simActivation }, request.params.id);
    if (!isSuperAdmin(caller) && order.manufacturerId !== caller.organisationId) throw forbidden(message('sim.manufacturerOnly'));
    if (CLOSED_SIM_ORDER_STATUSES.includes(order.status as SimOrderStatus)) throw new HttpError(409, message('sim.closed'));

    if (statusChange) {
      if (!body.status) throw badRequest(message('sim.statusRequired'), { status: message('sim.statusRequired') });
      if (body.status === 'DONE') {
        const details = [body.sim1, body.sim2, body.sim1_operator, body.sim2_operator, body.eSimProvider];
        if (details.some((v) => !v)) throw badRequest(message('sim.doneDetailsRequired'));
        const simDetails = {
          sim1: body.sim1, sim2: body.sim2, sim1_operator: body.sim1_operator, sim2_operator: body.sim2_operator, eSimProvider: body.eSimProvider,
          isSimActivated: true, simActivationApprovedBy: await userName(db, caller), simActivationApprovedById: caller.userId,
          simActivationDate: new Date().toISOString(),
        };
        await db.transaction(async (tx) => {
          const t = tx as unknown as Db;
          await query(t, sql`update sim_activations set status = 'COMPLETED', updated_at = now(),
            attributes = attributes || ${JSON.stringify({ simDetails })}::jsonb where id = ${order.id}::uuid`);
          // the activated SIMs are the device's from now on
          await query(t, sql`update devices set sim1 = ${body.sim1!}, sim2 = ${body.sim2!}, e_sim_provider = ${body.eSimProvider!}, updated_at = now()
            where id = ${order.deviceId as string}::uuid`);
        });
      } else {
        await query(db, sql`update sim_activations set status = ${body.status}, updated_at = now() where id = ${order.id}::uuid`);
      }
    } else {
      const missing = (['ips', 'numbers', 'durationInDays'] as const).find((k) => body[k] === undefined || body[k] === null);
      if (missing === 'ips') throw badRequest(message('sim.ipsRequired'), { ips: message('sim.ipsRequired') });
      if (missing === 'numbers') throw badRequest(message('sim.numbersRequired'), { numbers: message('sim.numbersRequired') });
      if (missing) throw badRequest(message('validation.required', { label: message('resources.sim-activation.fields.durationInDays') }));
      if (body.imei && body.imei !== order.imei) throw badRequest(message('sim.imeiFixed'), { imei: message('sim.imeiFixed') });
      await query(db, sql`update sim_activations set ips = ${JSON.stringify(body.ips)}::jsonb, numbers = ${JSON.stringify(body.numbers)}::jsonb,
        duration_in_days = ${body.durationInDays!}::integer, updated_at = now() where id = ${order.id}::uuid`);
    }
    return findRecord(db, simActivation, caller, order.id);
  });
}
