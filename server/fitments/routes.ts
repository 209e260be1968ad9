import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { requireCaller } from '../auth/caller.ts';
import fitment, { BULK_OPTIONAL, type ActivationStatus } from '../../resources/entities/fitment.ts';
import userResource from '../../resources/entities/user.ts';
import { normalise, ruleError, rules } from '../../core/rules.ts';
import { badRequest, HttpError, notFound, spoken } from '../http/errors.ts';
import { findRecord } from '../resources/records.ts';
import { insertRecord, mapDatabaseError, writableRecord } from '../resources/routes.ts';
import { andInScope } from '../resources/scope.ts';
import { query } from '../resources/sql.ts';
import { bodySchema, normaliseBody } from '../resources/validation.ts';
import { said, saidForText } from '../resources/messages.ts';
import type { ResourceHooks } from '../resources/hooks.ts';
import { idParams } from '../http/params.ts';
import { settleActivation } from '../wallets/activation.ts';
import { emitFitmentChange } from './resource-hooks.ts';
import { fitmentDocs } from '../openapi/fitments.ts';

/** The most rows one bulk upload may create (one transaction). */
export const MAX_BULK_ACTIVATIONS = 500;

/** Approve or undo: which statuses each moves from, and to. */
const TRANSITIONS: Record<'approve' | 'undo', { from: ActivationStatus[]; to: ActivationStatus; refused: string }> = {
  approve: { from: ['PENDING', 'INACTIVE'], to: 'ACTIVE', refused: 'fitment.alreadyActive' },
  undo: { from: ['PENDING', 'ACTIVE'], to: 'INACTIVE', refused: 'fitment.notActive' },
};

type Schema = {
  type?: string;
  minimum?: number;
  required?: string[];
  properties?: Record<string, Schema>;
  errorMessage?: { required?: Record<string, string> };
};

/**
 * The form's body schema with the bulk CSV's looser requirements, and the row's `line`: its number
 * in the uploaded file as a spreadsheet shows it (the header's is 1), by which a failure names it.
 */
function bulkRowSchema(): Schema {
  const schema = structuredClone(bodySchema(fitment, 'create')) as Schema;
  for (const [part, optional] of Object.entries(BULK_OPTIONAL)) {
    const target = part ? schema.properties![part]! : schema;
    target.required = target.required?.filter((name) => !optional.includes(name));
    for (const name of optional) delete target.errorMessage?.required?.[name];
  }
  schema.properties!.line = { type: 'integer', minimum: 2 };
  return schema;
}

/** The row a message names: its `line` in the file, else its place in one without blank rows (the header is row 1). */
function rowNumber(rows: unknown, index: number): number {
  const line = Array.isArray(rows) ? (rows[index] as { line?: unknown } | undefined)?.line : undefined;
  return typeof line === 'number' && Number.isInteger(line) && line >= 2 ? line : index + 2;
}

/** A row's failure, named by its row number; unexpected errors stay as they are. */
function rowError(error: unknown, row: number): unknown {
  let known = error;
  if (!(error instanceof HttpError)) {
    try {
      mapDatabaseError(error);
    } catch (mapped) {
      known = mapped;
    }
  }
  if (!(known instanceof HttpError)) return error;
  return new HttpError(
    known.statusCode,
    said('fitment.bulk.row', { row, message: known.said ?? known.message }),
    known.fieldMessages,
  );
}

/**
 * Activation calls of the fitment list, bulk activation from a CSV file, and the form's phone
 * lookup of customers and fitters.
 */
export function fitmentRoutes(app: FastifyInstance, db: Db, hooks: ResourceHooks = {}) {
  for (const [step, rule] of Object.entries(TRANSITIONS) as ['approve' | 'undo', typeof TRANSITIONS.approve][]) {
    app.put<{ Params: { id: string } }>(
      `/activation/${step}/:id`,
      {
        config: { permission: `${step}-activation` },
        schema: {
          tags: ['fitment'],
          summary:
            step === 'approve'
              ? "Approve a fitment's activation: the vehicle is tracked"
              : "Undo a fitment's activation",
          params: idParams,
          response: fitmentDocs.step(step),
        },
      },
      async (request) => {
        const caller = await requireCaller(request);
        const record = await writableRecord({ db, caller, request, resource: fitment }, request.params.id);
        if (!rule.from.includes(record.activationStatus as ActivationStatus))
          throw new HttpError(409, said(rule.refused));
        await db.transaction(async (tx) => {
          const t = tx as unknown as Db;
          await query(
            t,
            sql`update fitments set activation_status = ${rule.to}, updated_at = now(),
          approved_by = ${step === 'approve' ? sql`${caller.userId}::uuid` : sql`approved_by`},
          approved_at = ${step === 'approve' ? sql`now()` : sql`approved_at`} where id = ${record.id}::uuid`,
          );
          // an approval pays whatever of the expiry is not paid yet; an undo refunds and resets nothing
          if (step === 'approve') await settleActivation(t, caller, record.id);
          if (step === 'approve') await emitFitmentChange(t, 'fitment.activated', record.id);
          await query(
            t,
            sql`update vehicles set is_tracking_activated = ${rule.to === 'ACTIVE'}, updated_at = now() where id = ${record.vehicleId as string}::uuid`,
          );
        });
        return findRecord(db, fitment, caller, record.id);
      },
    );
  }

  app.post<{ Body: Record<string, unknown>[] }>(
    '/activation/bulk',
    {
      config: { permission: ['bulk-fitment', 'create-activation'] },
      attachValidation: true,
      preValidation: async (request: FastifyRequest) => {
        if (Array.isArray(request.body))
          for (const row of request.body)
            if (row && typeof row === 'object') normaliseBody(fitment, row as Record<string, unknown>);
      },
      schema: {
        tags: ['fitment'],
        summary: `Create up to ${MAX_BULK_ACTIVATIONS} fitments at once (all or none)`,
        description:
          'A failing row is named "Row N": its `line` (its number in the uploaded CSV as a spreadsheet shows it, the header being 1), else its place counted from 2.',
        body: {
          type: 'array',
          minItems: 1,
          maxItems: MAX_BULK_ACTIVATIONS,
          items: bulkRowSchema(),
          examples: [fitmentDocs.bulkExample()],
        },
        response: fitmentDocs.bulk,
      },
    },
    async (request) => {
      if (request.validationError) {
        const [first] = request.validationError.validation ?? [];
        const row = /^\/(\d+)/.exec(first?.instancePath ?? '')?.[1];
        const text = (first?.message && (saidForText(first.message) ?? first.message)) || said('fitment.bulk.failed');
        throw badRequest(
          row === undefined
            ? said('fitment.bulk.empty', { max: MAX_BULK_ACTIVATIONS })
            : said('fitment.bulk.row', { row: rowNumber(request.body, Number(row)), message: text }),
        );
      }
      const caller = await requireCaller(request);
      const ids: string[] = [];
      await db.transaction(async (tx) => {
        const ctx = { db: tx as unknown as Db, caller, request, resource: fitment };
        for (const [index, { line: _line, ...row }] of request.body.entries()) {
          try {
            ids.push(await insertRecord(ctx, row, hooks));
          } catch (error) {
            throw rowError(error, rowNumber(request.body, index));
          }
        }
      });
      return { success: true, ...spoken(said('fitment.bulk.created')), created: ids.length, ids };
    },
  );

  // the form's lookup: GET /users/lookup?phone=9876543210&roleName=CUSTOMER
  app.get<{ Querystring: { phone: string; roleName?: string } }>(
    '/users/lookup',
    {
      config: { permission: ['add-fitment', 'edit-fitment', 'create-activation'] },
      schema: {
        tags: ['fitment'],
        summary: 'The account a phone number belongs to, among those the caller can see',
        querystring: {
          type: 'object',
          required: ['phone'],
          properties: { phone: { type: 'string', maxLength: 20 }, roleName: { type: 'string', maxLength: 50 } },
        },
        response: fitmentDocs.lookup,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const phone = normalise(rules.phone, request.query.phone);
      if (!phone || ruleError(rules.phone, phone, ''))
        throw badRequest(said(rules.phone.message, { label: said('fitment.fields.phone') }));
      const [user] = await query<{
        id: string;
        firstName: string;
        lastName: string;
        email: string | null;
        phone: string;
        roleName: string;
      }>(
        db,
        sql`select t.id,
        t.first_name as "firstName", t.last_name as "lastName", t.email, t.phone, r.name as "roleName"
      from users t join roles r on r.id = t.role_id where t.phone = ${phone}${andInScope(userResource, caller, 'read')}`,
      );
      if (!user) throw notFound(said('fitment.lookupNotFound'));
      if (request.query.roleName && user.roleName !== request.query.roleName) {
        throw new HttpError(
          409,
          said(request.query.roleName === 'CUSTOMER' ? 'fitment.notCustomer' : 'fitment.wrongRole'),
        );
      }
      return user;
    },
  );
}
