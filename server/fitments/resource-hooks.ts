import { sql, type SQL } from 'drizzle-orm';
import type { ActivationStatus } from '../../resources/entities/fitment.ts';
import { brands, type Brand } from '../../brands/index.ts';
import { queueWelcome } from './welcome.ts';
import { indianIsoDay } from '../../core/format/date.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import type { Columns, ResourceHooks, WriteContext } from '../resources/hooks.ts';
import { said } from '../resources/messages.ts';
import { query } from '../resources/sql.ts';
import { settleActivation } from '../wallets/activation.ts';
import { indianDayOf } from '../wallets/days.ts';
import { refuseForeignUploads } from '../files/private-documents.ts';
import { asSeen, emitChange } from '../changehooks/emit.ts';
import fitmentResource from '../../resources/entities/fitment.ts';
import type { Db } from '../db/client.ts';
import {
  activationAfterEdit,
  customerAccount,
  customerSnapshot,
  deviceToFit,
  fittedVehicle,
  fitterAccount,
  fullName,
  type FitmentBody,
} from './resolve.ts';

const brandOf = (ctx: WriteContext): Brand => brands[ctx.request.server.brand as Brand['id']] ?? brands.vltd;

/**
 * The fitment date the write keeps. Not later than today in India (a date ahead would buy time
 * that is not paid for); once the activation is paid, not another day at all (docs/wallet.md).
 */
function fitmentDateOf(body: FitmentBody, existing?: { fitmentDate: string; paidThrough: string | null }): SQL {
  const given = body.fitmentDate ?? indianIsoDay();
  const day = indianDayOf(given) ?? given;
  if (existing?.paidThrough) {
    if (day !== indianDayOf(existing.fitmentDate))
      throw badRequest(said('fitment.dateFixed'), { fitmentDate: said('fitment.dateFixed') });
    return sql`fitment_date`;
  }
  if (day > indianIsoDay()) throw badRequest(said('fitment.dateAhead'), { fitmentDate: said('fitment.dateAhead') });
  return sql`${given}::timestamptz`;
}

/** The Asia/Kolkata day the fitment is dated (the day it is recorded when the form leaves it out). */
function fitmentDayOf(body: FitmentBody): string {
  const given = body.fitmentDate ?? indianIsoDay();
  return indianDayOf(given) ?? given;
}

/** The columns every write resolves from the payload: the accounts and vehicle, and the flat copies the list shows. */
async function resolve(
  ctx: WriteContext,
  columns: Columns,
  body: FitmentBody,
  deviceId: string,
  organisationId: string,
  fitmentDate: SQL,
) {
  const customer = await customerAccount(
    ctx.db,
    ctx.caller,
    body.customer,
    organisationId,
    brandOf(ctx).defaultCustomerPassword,
  );
  if (customer.created) await queueWelcome(ctx, body, brandOf(ctx), organisationId);
  const customerId = customer.id;
  const vehicleId = await fittedVehicle(ctx.db, ctx.caller, body.vehicle, {
    deviceId,
    ownerId: customerId,
    organisationId,
    fitmentDay: fitmentDayOf(body),
  });
  const fitterId = await fitterAccount(ctx.db, ctx.caller, body.fitter);
  columns.set('customer', sql`${JSON.stringify(customerSnapshot(body.customer))}::jsonb`);
  columns.set('imei', sql`${body.device.imei}`);
  columns.set('registration_number', sql`${body.vehicle.registrationNumber}`);
  columns.set('customer_name', sql`${fullName(body.customer)}`);
  columns.set('customer_phone', sql`${body.customer.phone!}`);
  // a bulk row may leave the date out: the day it is recorded, in India
  columns.set('fitment_date', fitmentDate);
  columns.set('expires_on', sql`${fitmentDate} + make_interval(days => ${body.durationInDays}::integer)`);
  columns.set('vehicle_id', sql`${vehicleId}::uuid`);
  columns.set('customer_id', sql`${customerId}::uuid`);
  columns.set('fitter_id', fitterId ? sql`${fitterId}::uuid` : sql`null`);
  return vehicleId;
}

async function setTracking(ctx: WriteContext, vehicleId: string, status: ActivationStatus) {
  await query(
    ctx.db,
    sql`update vehicles set is_tracking_activated = ${status === 'ACTIVE'}, updated_at = now() where id = ${vehicleId}::uuid`,
  );
}

/** Writes that create a fitment (a bulk upload's rows share one context, each created in turn). */
const recording = new WeakSet<WriteContext>();

/** A fitment change to the change webhooks of its organisation's tree (docs/webhooks.md), in the change's transaction. */
export async function emitFitmentChange(
  db: Db,
  type: 'fitment.recorded' | 'fitment.activated' | 'fitment.expiring',
  id: string,
  extra: Record<string, unknown> = {},
) {
  const [row] = await query<{ organisationId: string }>(
    db,
    sql`select organisation_id as "organisationId" from fitments where id = ${id}::uuid`,
  );
  if (!row) return;
  await emitChange(db, {
    type,
    organisationIds: [row.organisationId],
    subjectId: id,
    data: async () => ({ id, ...extra, fitment: await asSeen(db, fitmentResource, id) }),
  });
}

export const fitmentHooks: ResourceHooks = {
  /** Fits the device: it becomes INSTALLED, the vehicle and the customer's account are created or found, activation waits for approval. */
  async beforeCreate(ctx, columns, raw) {
    recording.add(ctx);
    const body = raw as unknown as FitmentBody;
    // its RC, device and KYC links: uploads of the caller's tree alone (a bulk row comes here too)
    await refuseForeignUploads(ctx.db, ctx.caller, ctx.resource, raw);
    const device = await deviceToFit(ctx.db, ctx.caller, body.device.imei);
    const [fitted] = await query(ctx.db, sql`select 1 from fitments where device_id = ${device.id}::uuid`);
    if (fitted || device.status === 'INSTALLED')
      throw new HttpError(409, said('fitment.alreadyFitted'), { 'device.imei': said('fitment.alreadyFitted') });
    if (device.status === 'DEFECTED')
      throw new HttpError(409, said('fitment.defective'), { 'device.imei': said('fitment.defective') });
    // the record belongs with the device's holder unless the caller names an organisation of theirs
    const organisationId = body.organisationId ?? device.organisationId;
    columns.set('organisation_id', sql`${organisationId}::uuid`);
    const status = activationAfterEdit(undefined, body.deviceActivate ?? true);
    columns.set('activation_status', sql`${status}`);
    columns.set('device_id', sql`${device.id}::uuid`);
    columns.set('created_by', sql`${ctx.caller.userId}::uuid`);
    const vehicleId = await resolve(ctx, columns, body, device.id, organisationId, fitmentDateOf(body));
    await query(ctx.db, sql`update devices set status = 'INSTALLED', updated_at = now() where id = ${device.id}::uuid`);
    await setTracking(ctx, vehicleId, status);
  },

  /** The same form in edit mode: the device stays; vehicle, customer, fitter, dates and activation follow the form. */
  async beforeUpdate(ctx, existing, columns, raw) {
    const body = raw as unknown as FitmentBody;
    if (!body.vehicle || !body.device || !body.customer || !body.durationInDays) {
      throw badRequest(said('fitment.wholeForm'));
    }
    if (body.device.imei !== existing.imei)
      throw badRequest(said('fitment.imeiFixed'), { 'device.imei': said('fitment.imeiFixed') });
    // the links it held stay; a new one must be an upload of the caller's tree
    await refuseForeignUploads(ctx.db, ctx.caller, ctx.resource, raw, existing);
    // an edit replaces the payload objects rather than merging them
    for (const part of ['vehicle', 'device', 'fitter'] as const)
      columns.set(part, sql`${JSON.stringify(body[part] ?? null)}::jsonb`);
    const status = activationAfterEdit(existing.activationStatus as ActivationStatus, body.deviceActivate ?? true);
    columns.set('activation_status', sql`${status}`);
    const fitmentDate = fitmentDateOf(body, {
      fitmentDate: existing.fitmentDate as string,
      paidThrough: (existing.paidThrough as string | null) ?? null,
    });
    const vehicleId = await resolve(
      ctx,
      columns,
      body,
      existing.deviceId as string,
      existing.organisationId as string,
      fitmentDate,
    );
    if (vehicleId !== existing.vehicleId) await setTracking(ctx, existing.vehicleId as string, 'INACTIVE');
    await setTracking(ctx, vehicleId, status);
  },

  /** Whatever the write did to the expiry, the time past what is paid is bought now or the write is refused. */
  async afterWrite(ctx, id) {
    await settleActivation(ctx.db, ctx.caller, id);
    if (recording.delete(ctx)) await emitFitmentChange(ctx.db, 'fitment.recorded', id);
  },
};
