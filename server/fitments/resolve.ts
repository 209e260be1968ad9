import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Caller } from '../auth/caller.ts';
import deviceResource from '../../resources/entities/device.ts';
import vehicleResource from '../../resources/entities/vehicle.ts';
import userResource from '../../resources/entities/user.ts';
import type { ActivationStatus } from '../../resources/entities/fitment.ts';
import { hashPassword } from '../auth/passwords.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { said } from '../resources/messages.ts';
import { andInScope } from '../resources/scope.ts';
import { query } from '../resources/sql.ts';
import { linkDevice } from '../vehicles/tracked-from.ts';

interface Person {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
}
export interface FitmentBody {
  vehicle: {
    category: string;
    registrationNumber: string;
    engineNo?: string | null;
    chassisNo?: string | null;
    make?: string | null;
    model?: string | null;
  } & Record<string, unknown>;
  device: { imei: string } & Record<string, unknown>;
  customer: Person & { password?: string | null; address: string } & Record<string, unknown>;
  fitter?: Person | null;
  fitmentDate?: string | null;
  durationInDays: number;
  deviceActivate?: boolean | null;
  organisationId?: string | null;
}

const conflict = (field: string, key: string) => new HttpError(409, said(key), { [field]: said(key) });

/**
 * A phone, e-mail or registration number already taken by a record the caller cannot see: one
 * answer, on the field typed, whatever the record is (a customer, staff, a vehicle) and whoever
 * holds it, so the form tells nothing of another organisation's people and vehicles.
 */
const elsewhere = (field: string) => conflict(field, 'fitment.elsewhere');

interface FittedDevice {
  id: string;
  status: string;
  organisationId: string;
}

/** The device an IMEI names, when the caller may change it. */
export async function deviceToFit(db: Db, caller: Caller, imei: string): Promise<FittedDevice> {
  const [device] = await query<FittedDevice>(
    db,
    sql`select t.id, t.status, t.organisation_id as "organisationId"
    from devices t where t.imei = ${imei}${andInScope(deviceResource, caller, 'write')} for update`,
  );
  if (!device) throw badRequest(said('fitment.deviceNotFound'), { 'device.imei': said('fitment.deviceNotFound') });
  return device;
}

/**
 * The customer's account: the one the phone number belongs to (a customer of the caller's
 * organisations), or a new CUSTOMER account in the fitment's organisation with the given password
 * or the brand's default (`created`: the customer is told, fitments/welcome.ts).
 */
export async function customerAccount(
  db: Db,
  caller: Caller,
  customer: FitmentBody['customer'],
  organisationId: string,
  defaultPassword: string,
): Promise<{ id: string; created: boolean }> {
  const [existing] = await query<{ id: string; roleName: string; visible: boolean }>(
    db,
    sql`select t.id, r.name as "roleName",
      (true${andInScope(userResource, caller, 'read')}) as visible
    from users t join roles r on r.id = t.role_id where t.phone = ${customer.phone!}`,
  );
  if (existing) {
    if (!existing.visible) throw elsewhere('customer.phone');
    // an account the caller can see anyway: the precise reason helps and tells nothing new
    if (existing.roleName !== 'CUSTOMER')
      throw badRequest(said('fitment.notCustomer'), { 'customer.phone': said('fitment.notCustomer') });
    return { id: existing.id, created: false };
  }
  if (!customer.firstName)
    throw badRequest(said('fitment.newCustomerName'), { 'customer.firstName': said('fitment.newCustomerName') });
  if (customer.email) {
    const [taken] = await query<{ visible: boolean }>(
      db,
      sql`select (true${andInScope(userResource, caller, 'read')}) as visible
      from users t where lower(t.email) = lower(${customer.email})`,
    );
    if (taken) throw taken.visible ? conflict('customer.email', 'fitment.emailTaken') : elsewhere('customer.email');
  }
  const [role] = await query<{ id: string }>(
    db,
    sql`select id from roles where name = 'CUSTOMER' and organisation_id is null`,
  );
  const hash = await hashPassword(customer.password || defaultPassword);
  const [created] = await query<{ id: string }>(
    db,
    sql`insert into users (first_name, last_name, email, phone, role_id, organisation_id, password_hash)
    values (${customer.firstName!}, ${customer.lastName ?? ''}, ${customer.email ?? null}, ${customer.phone!}, ${role!.id}::uuid, ${organisationId}::uuid, ${hash})
    returning id`,
  );
  return { id: created!.id, created: true };
}

/** The fitter's account when their phone number is one the caller can see; otherwise the form's details alone are kept. */
export async function fitterAccount(db: Db, caller: Caller, fitter: FitmentBody['fitter']): Promise<string | null> {
  if (!fitter?.phone) return null;
  const [found] = await query<{ id: string }>(
    db,
    sql`select t.id from users t where t.phone = ${fitter.phone}${andInScope(userResource, caller, 'read')}`,
  );
  return found?.id ?? null;
}

/**
 * The fitted vehicle, created or brought up to date from the form, owned by the customer and
 * linked to the device (which leaves any other vehicle it was linked to), tracked from the
 * fitment's day when it is dated earlier than today (linkDevice).
 */
export async function fittedVehicle(
  db: Db,
  caller: Caller,
  vehicle: FitmentBody['vehicle'],
  link: { deviceId: string; ownerId: string; organisationId: string; fitmentDay: string },
): Promise<string> {
  const [existing] = await query<{ id: string; writable: boolean }>(
    db,
    sql`select t.id, (true${andInScope(vehicleResource, caller, 'write')}) as writable
    from vehicles t where t.registration_number = ${vehicle.registrationNumber}`,
  );
  if (existing && !existing.writable) throw elsewhere('vehicle.registrationNumber');
  const details = {
    category: vehicle.category,
    make: vehicle.make ?? null,
    model: vehicle.model ?? null,
    engineNo: vehicle.engineNo ?? null,
    chassisNo: vehicle.chassisNo ?? null,
  };
  if (existing) {
    await query(
      db,
      sql`update vehicles set category = ${details.category}, make = coalesce(${details.make}, make), model = coalesce(${details.model}, model),
      engine_no = coalesce(${details.engineNo}, engine_no), chassis_no = coalesce(${details.chassisNo}, chassis_no),
      owner_id = ${link.ownerId}::uuid, updated_at = now() where id = ${existing.id}::uuid`,
    );
    await linkDevice(db, existing.id, link.deviceId, { fitmentDay: link.fitmentDay });
    return existing.id;
  }
  const [created] = await query<{ id: string }>(
    db,
    sql`insert into vehicles (name, registration_number, category, make, model, engine_no, chassis_no, owner_id, organisation_id)
    values (${vehicle.registrationNumber}, ${vehicle.registrationNumber}, ${details.category}, ${details.make}, ${details.model}, ${details.engineNo}, ${details.chassisNo},
      ${link.ownerId}::uuid, ${link.organisationId}::uuid) returning id`,
  );
  await linkDevice(db, created!.id, link.deviceId, { fitmentDay: link.fitmentDay });
  return created!.id;
}

/** Where the activation goes when the form's "Device activation" says yes or no. */
export function activationAfterEdit(current: ActivationStatus | undefined, deviceActivate: boolean): ActivationStatus {
  if (!deviceActivate) return 'INACTIVE';
  return current === undefined || current === 'INACTIVE' ? 'PENDING' : current;
}

/** The customer as the record keeps it: everything the form gave but the password. */
export function customerSnapshot(customer: FitmentBody['customer']): Record<string, unknown> {
  const { password: _password, ...kept } = customer;
  return kept;
}

export const fullName = (person: Person) => [person.firstName, person.lastName].filter(Boolean).join(' ');
