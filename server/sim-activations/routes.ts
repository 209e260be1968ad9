import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { requireCaller, type Caller } from '../auth/caller.ts';
import { hasPermission } from '../../core/permissions.ts';
import simActivation, {
  CLOSED_SIM_ORDER_STATUSES,
  SIM_DETAIL_INPUTS,
  SIM_DETAILS,
  SIM_STATUS_CHOICES,
  type SimOrderStatus,
  type SimStatusChoice,
} from '../../resources/entities/sim-activation.ts';
import userResource from '../../resources/entities/user.ts';
import { choice } from '../../resources/define.ts';
import { badRequest, forbidden, HttpError } from '../http/errors.ts';
import { findRecord, labelExpression } from '../resources/records.ts';
import { writableRecord } from '../resources/routes.ts';
import { isSuperAdmin } from '../resources/scope.ts';
import { query } from '../resources/sql.ts';
import { bodySchema, fieldSchema, normaliseBody } from '../resources/validation.ts';
import { message, said } from '../resources/messages.ts';
import { idParams } from '../http/params.ts';
import { resourceResponses } from '../openapi/resources.ts';

type Details = Partial<Record<(typeof SIM_DETAIL_INPUTS)[number], string>>;
type Body = Details & {
  status?: SimStatusChoice;
  imei?: string;
  ips?: string[];
  numbers?: string[];
  durationInDays?: number;
};

/** The order form's fields (as on create) and the Change Status payload (SIM_DETAILS' rules), all optional here. */
function updateSchema() {
  const form = bodySchema(simActivation, 'create') as { properties: Record<string, unknown> };
  const status = choice(SIM_STATUS_CHOICES, { label: 'sim.dialog.status' });
  const payload = Object.fromEntries(
    [['status', status] as const, ...SIM_DETAIL_INPUTS.map((k) => [k, SIM_DETAILS[k]] as const)].map(
      ([name, field]) => [name, fieldSchema(message(field.label!), field, true)],
    ),
  );
  return { type: 'object', additionalProperties: false, properties: { ...form.properties, ...payload } };
}

const isStatusChange = (body: Body) => 'status' in body || SIM_DETAIL_INPUTS.some((k) => k in body);

/** The approver as lists name a user (the user declaration's label). */
async function approverName(db: Db, caller: Caller): Promise<string> {
  const [user] = await query<{ name: string }>(
    db,
    sql`select ${labelExpression(userResource, 'u')} as name from users u where u.id = ${caller.userId}::uuid`,
  );
  return user?.name ?? caller.email ?? caller.userId;
}

/**
 * PUT /sim-activation/{id}: the form's body edits an open order (edit-sim-activation-order), a
 * status payload moves it on (change-status-result-table). Either way only SUPER_ADMIN or the
 * order's manufacturer may, and COMPLETED or REJECTED orders stay as they are.
 */
export function simActivationRoutes(app: FastifyInstance, db: Db) {
  app.put<{ Params: { id: string }; Body: Body }>(
    '/sim-activation/:id',
    {
      config: { permission: ['edit-sim-activation-order', 'change-status-result-table'] },
      preValidation: async (request) => {
        if (request.body && typeof request.body === 'object')
          normaliseBody(simActivation, request.body as Record<string, unknown>);
      },
      schema: {
        tags: ['sim-activation'],
        summary: "Edit an open SIM activation order, or change its status (the manufacturer's call)",
        params: idParams,
        body: {
          ...updateSchema(),
          examples: [
            { ips: ['vlts.up.gov.in:5001'], numbers: ['+919812345678'], durationInDays: 365 },
            { status: 'APPROVED' },
          ],
        },
        response: resourceResponses.update(simActivation),
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const body = request.body ?? {};
      const statusChange = isStatusChange(body);
      const needed = statusChange ? 'change-status-result-table' : 'edit-sim-activation-order';
      if (!hasPermission(caller.isSuperAdmin, caller.permissions, needed)) throw forbidden();
      const order = await writableRecord({ db, caller, request, resource: simActivation }, request.params.id);
      if (!isSuperAdmin(caller) && order.manufacturerId !== caller.organisationId)
        throw forbidden(said('sim.manufacturerOnly'));
      if (CLOSED_SIM_ORDER_STATUSES.includes(order.status as SimOrderStatus))
        throw new HttpError(409, said('sim.closed'));

      if (statusChange) {
        if (!body.status) throw badRequest(said('sim.statusRequired'), { status: said('sim.statusRequired') });
        if (body.status === 'DONE') {
          if (SIM_DETAIL_INPUTS.some((k) => !body[k])) throw badRequest(said('sim.doneDetailsRequired'));
          const simDetails = {
            ...Object.fromEntries(SIM_DETAIL_INPUTS.map((k) => [k, body[k]])),
            isSimActivated: true,
            simActivationApprovedBy: await approverName(db, caller),
            simActivationApprovedById: caller.userId,
            simActivationDate: new Date().toISOString(),
          };
          await db.transaction(async (tx) => {
            const t = tx as unknown as Db;
            await query(
              t,
              sql`update sim_activations set status = 'COMPLETED', updated_at = now(),
            attributes = attributes || ${JSON.stringify({ simDetails })}::jsonb where id = ${order.id}::uuid`,
            );
            // the activated SIMs are the device's from now on
            await query(
              t,
              sql`update devices set sim1 = ${body.sim1!}, sim2 = ${body.sim2!}, e_sim_provider = ${body.eSimProvider!}, updated_at = now()
            where id = ${order.deviceId as string}::uuid`,
            );
          });
        } else {
          await query(
            db,
            sql`update sim_activations set status = ${body.status}, updated_at = now() where id = ${order.id}::uuid`,
          );
        }
      } else {
        const missing = (['ips', 'numbers', 'durationInDays'] as const).find(
          (k) => body[k] === undefined || body[k] === null,
        );
        if (missing === 'ips') throw badRequest(said('sim.ipsRequired'), { ips: said('sim.ipsRequired') });
        if (missing === 'numbers')
          throw badRequest(said('sim.numbersRequired'), { numbers: said('sim.numbersRequired') });
        if (missing)
          throw badRequest(
            said('validation.required', { label: said('resources.sim-activation.fields.durationInDays') }),
          );
        if (body.imei && body.imei !== order.imei)
          throw badRequest(said('sim.imeiFixed'), { imei: said('sim.imeiFixed') });
        await query(
          db,
          sql`update sim_activations set ips = ${JSON.stringify(body.ips)}::jsonb, numbers = ${JSON.stringify(body.numbers)}::jsonb,
        duration_in_days = ${body.durationInDays!}::integer, updated_at = now() where id = ${order.id}::uuid`,
        );
      }
      return findRecord(db, simActivation, caller, order.id);
    },
  );
}
