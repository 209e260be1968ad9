import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Caller } from '../auth/caller.ts';
import fitmentResource from '../../resources/entities/fitment.ts';
import type { CertificateData, CertificatePerson } from '../../resources/certificate.ts';
import { hasPermission } from '../../core/permissions.ts';
import { andInScope } from '../resources/scope.ts';
import { query } from '../resources/sql.ts';
import { maskEmail, maskNumber, maskPhone } from './mask.ts';

type Json = Record<string, unknown>;

export interface FitmentRow {
  id: string;
  organisationId: string;
  vehicle: Json;
  device: Json;
  customer: Json;
  fitter: Json | null;
  fitmentDate: string;
  expiresOn: string;
  durationInDays: number;
  imei: string;
  uid: string | null;
  sim1: string | null;
  sim2: string | null;
  iccid: string | null;
  modelName: string | null;
  tac: string | null;
  brandName: string;
  tradeName: string;
  orgEmail: string | null;
  contact: string | null;
  address: Json;
  /** Whether the caller's organisation tree holds the fitment (always false for an anonymous caller). */
  inScope: boolean;
  writable: boolean;
}

/**
 * The fitment of the device an IMEI names (one per device: fitting it again edits it), with its
 * device, model and vendor. The vendor is the organisation that fitted the device: the fitter's,
 * when the fitter has an account, else the one the fitment belongs to. A fitment belongs to the
 * device's holder, which may be the customer already; the customer is not the vendor then.
 */
export async function fitmentOfDevice(db: Db, imei: string, caller: Caller | null): Promise<FitmentRow | undefined> {
  const scope = (mode: 'read' | 'write') =>
    caller ? sql`(true${andInScope(fitmentResource, caller, mode, 'f')})` : sql`false`;
  const [row] = await query<FitmentRow>(
    db,
    sql`select f.id, f.organisation_id as "organisationId", f.vehicle, f.device, f.customer, f.fitter,
      to_json(f.fitment_date) #>> '{}' as "fitmentDate", to_json(f.expires_on) #>> '{}' as "expiresOn", f.duration_in_days as "durationInDays",
      d.imei, d.uid, d.sim1, d.sim2, d.iccid, m.name as "modelName", m.tac,
      o.brand_name as "brandName", o.trade_name as "tradeName", o.email as "orgEmail", o.contact, o.address,
      ${scope('read')} as "inScope", ${scope('write')} as writable
    from fitments f join devices d on d.id = f.device_id left join users fitter on fitter.id = f.fitter_id
      join organisations o on o.id = coalesce(fitter.organisation_id, f.organisation_id)
      left join device_models m on m.id = d.model_id
    where d.imei = ${imei}
    order by f.created_at desc limit 1`,
  );
  return row;
}

/** The latest correction of each corrected field: `vehicle.engineNo` -> its value. */
export async function corrections(db: Db, fitmentId: string): Promise<Map<string, string | null>> {
  const rows = await query<{ field: string; value: string | null }>(
    db,
    sql`select distinct on (field) field, new_value as value
    from certificate_corrections where fitment_id = ${fitmentId}::uuid order by field, corrected_at desc`,
  );
  return new Map(rows.map((r) => [r.field, r.value]));
}

/** A full certificate for a caller holding view-certificate whose organisation tree holds the fitment; otherwise the public one. */
export function seesFullCertificate(caller: Caller | null, row: FitmentRow): boolean {
  return Boolean(caller && row.inScope && hasPermission(caller.isSuperAdmin, caller.permissions, 'view-certificate'));
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const texts = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * The certificate as the caller may see it: the fitment's form values with corrections over them.
 * The public view carries masked phones, e-mails, SIM numbers and ICCID, no owner's address, no
 * fitter contact and no KYC documents, so those never leave the server for an anonymous visitor.
 */
export function certificateOf(row: FitmentRow, corrected: Map<string, string | null>, full: boolean): CertificateData {
  const value = (part: string, field: string, original: unknown) =>
    corrected.has(`${part}.${field}`) ? corrected.get(`${part}.${field}`)! : text(original);
  const { vehicle, device, customer } = row;
  const fitter = row.fitter ?? {};
  const person = (part: string, source: Json, withContact: boolean): CertificatePerson => ({
    firstName: value(part, 'firstName', source.firstName),
    lastName: value(part, 'lastName', source.lastName),
    phone: withContact ? text(source.phone) : maskPhone(text(source.phone)),
    email: withContact ? text(source.email) : maskEmail(text(source.email)),
  });
  const kycDocs = Array.isArray(customer.kycDocs)
    ? (customer.kycDocs as Json[])
        .filter((d) => text(d.link))
        .map((d) => ({ name: String(d.name), link: String(d.link) }))
    : [];
  const by = person('fitter', fitter, full);
  return {
    full,
    vehicle: {
      registrationNumber: String(vehicle.registrationNumber),
      category: String(vehicle.category),
      rto: text(vehicle.rto),
      regDate: value('vehicle', 'regDate', vehicle.regDate),
      engineNo: value('vehicle', 'engineNo', vehicle.engineNo),
      chassisNo: value('vehicle', 'chassisNo', vehicle.chassisNo),
      make: value('vehicle', 'make', vehicle.make),
      model: value('vehicle', 'model', vehicle.model),
      rcImages: texts(vehicle.rcImages),
    },
    device: {
      imei: row.imei,
      uid: row.uid,
      model: row.modelName,
      tac: row.tac,
      panicButtonCount: typeof device.panicButtonCount === 'number' ? device.panicButtonCount : null,
      // a SIM's number and ICCID reach the device (SMS commands) and its account with the operator: masked as a phone is
      sim1: full ? row.sim1 : maskNumber(row.sim1),
      sim2: full ? row.sim2 : maskNumber(row.sim2),
      iccid: full ? row.iccid : maskNumber(row.iccid),
      deviceImages: texts(device.deviceImages),
    },
    // the fitter's contact is never public, not even masked: they are not the certificate's subject
    fitment: {
      date: row.fitmentDate,
      expiresOn: row.expiresOn,
      durationInDays: row.durationInDays,
      by: full ? by : { ...by, phone: null, email: null },
    },
    vendor: {
      brandName: row.brandName,
      tradeName: row.tradeName,
      email: row.orgEmail,
      contact: row.contact,
      address: Object.fromEntries(
        ['landmark', 'city', 'state', 'pin', 'country']
          .filter((k) => text(row.address?.[k]))
          .map((k) => [k, String(row.address[k])]),
      ),
    },
    owner: {
      ...person('owner', customer, full),
      address: full ? value('owner', 'address', customer.address) : null,
      kycDocs: full ? kycDocs : [],
    },
    corrected: [...corrected.keys()].sort(),
  };
}
