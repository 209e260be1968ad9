import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { requireCaller } from '../auth/caller.ts';
import fitmentResource from '../../resources/entities/fitment.ts';
import { CORRECTABLE_FIELDS, type CertificateData, type CorrectionBody } from '../../resources/certificate.ts';
import { PUBLIC } from '../http/permissions.ts';
import { notFound } from '../http/errors.ts';
import { MINUTE, perAddress, throttle } from '../http/rate-limits.ts';
import { said } from '../resources/messages.ts';
import { bodySchema } from '../resources/validation.ts';
import { query } from '../resources/sql.ts';
import { certificateOf, corrections, fitmentOfDevice, seesFullCertificate } from './data.ts';
import { certificateDocs } from '../openapi/certificates.ts';
import { withExample } from '../openapi/shared.ts';

/** Lookups of certificates per address: a page view, its Print and a few reloads, never a crawl of every IMEI. */
export const CERTIFICATE_LOOKUPS_PER_MINUTE = 60;

/** Which object of the fitment's payload a correction part stands for (the owner is the fitment's customer). */
const PAYLOAD_PART = { vehicle: 'vehicle', owner: 'customer', fitter: 'fitter' } as const;

type Schema = { type?: unknown; properties?: Record<string, Schema>; [key: string]: unknown };

/** The PUT body: each correctable field with the rules the fitment declaration gives it (length, date, required). */
function correctionSchema(): Schema {
  const fitment = bodySchema(fitmentResource, 'create') as Schema;
  const properties = Object.fromEntries(
    Object.entries(CORRECTABLE_FIELDS).map(([part, fields]) => {
      const declared = fitment.properties![PAYLOAD_PART[part as keyof typeof PAYLOAD_PART]]!.properties!;
      return [
        part,
        {
          type: 'object',
          additionalProperties: false,
          properties: Object.fromEntries(fields.map((f) => [f, declared[f]!])),
        },
      ];
    }),
  );
  return { type: 'object', additionalProperties: false, minProperties: 1, properties };
}

const imeiParams = { type: 'object', required: ['imei'], properties: { imei: { type: 'string', maxLength: 30 } } };

async function certificateFor(db: Db, request: FastifyRequest, imei: string): Promise<CertificateData> {
  const caller = await request.loadCaller();
  const row = await fitmentOfDevice(db, imei, caller);
  if (!row) throw notFound(said('certificate.notFound'));
  return certificateOf(row, await corrections(db, row.id), seesFullCertificate(caller, row));
}

/**
 * The public certificate of a device's fitment (signed-in callers with view-certificate on its
 * organisation see it whole; everyone else the masked view), and edit-certificate's corrections.
 */
export function certificateRoutes(app: FastifyInstance, db: Db) {
  const tags = ['certificate'];
  const lookups = throttle(app, 'certificate', [perAddress(CERTIFICATE_LOOKUPS_PER_MINUTE, MINUTE)]);
  const description =
    "Public. Anonymous callers, and callers without view-certificate on the fitment's organisation, get phones and e-mails masked and no owner address or KYC documents.";

  app.get<{ Querystring: { imei: string } }>(
    '/certificate/quick',
    {
      config: { permission: PUBLIC },
      preHandler: lookups,
      schema: {
        tags,
        summary: 'The certificate of the device with this IMEI (same answer as /certificate/{imei})',
        description,
        querystring: imeiParams,
        response: certificateDocs.certificate,
      },
    },
    async (request) => certificateFor(db, request, request.query.imei.trim()),
  );

  app.get<{ Params: { imei: string } }>(
    '/certificate/:imei',
    {
      config: { permission: PUBLIC },
      preHandler: lookups,
      schema: {
        tags,
        summary: "The certificate of a device's fitment, by IMEI",
        description,
        params: imeiParams,
        response: certificateDocs.certificate,
      },
    },
    async (request) => certificateFor(db, request, request.params.imei),
  );

  app.get<{ Params: { imei: string } }>(
    '/certificate/:imei/corrections',
    {
      config: { permission: 'edit-certificate' },
      schema: {
        tags,
        summary: "The audit trail of a certificate's corrections, newest first: field, old and new value, who and when",
        params: imeiParams,
        response: certificateDocs.corrections,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const row = await fitmentOfDevice(db, request.params.imei, caller);
      if (!row?.writable) throw notFound(said('certificate.notFound'));
      return query(
        db,
        sql`select c.id, c.field, c.old_value as "oldValue", c.new_value as "newValue",
        to_json(c.corrected_at) #>> '{}' as "correctedAt", nullif(trim(concat(u.first_name, ' ', u.last_name)), '') as "correctedBy"
      from certificate_corrections c left join users u on u.id = c.corrected_by
      where c.fitment_id = ${row.id}::uuid order by c.corrected_at desc, c.field limit 200`,
      );
    },
  );

  app.put<{ Params: { imei: string }; Body: CorrectionBody }>(
    '/certificate/:imei',
    {
      config: { permission: 'edit-certificate' },
      schema: {
        tags,
        summary:
          "Correct the certificate's own fields; each changed field is kept as an audit row (who, when, old, new)",
        params: imeiParams,
        body: withExample(correctionSchema(), certificateDocs.correctionExample),
        response: certificateDocs.corrected,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const row = await fitmentOfDevice(db, request.params.imei, caller);
      // another organisation's fitment is as unknown to the caller as a missing one
      if (!row?.writable) throw notFound(said('certificate.notFound'));
      const current = certificateOf(row, await corrections(db, row.id), true);
      const now: Record<string, object> = {
        vehicle: current.vehicle,
        owner: current.owner,
        fitter: current.fitment.by,
      };
      const changes = Object.entries(request.body).flatMap(([part, fields]) =>
        Object.entries(fields ?? {})
          .map(([field, next]) => ({
            field: `${part}.${field}`,
            old: ((now[part] as Record<string, unknown> | undefined)?.[field] as string | null | undefined) ?? null,
            next: next === '' ? null : (next ?? null),
          }))
          .filter((c) => c.old !== c.next),
      );
      if (changes.length) {
        await db.transaction(async (tx) => {
          for (const c of changes) {
            await query(
              tx as unknown as Db,
              sql`insert into certificate_corrections (fitment_id, field, old_value, new_value, corrected_by)
            values (${row.id}::uuid, ${c.field}, ${c.old}, ${c.next}, ${caller.userId}::uuid)`,
            );
          }
        });
      }
      return certificateOf(row, await corrections(db, row.id), seesFullCertificate(caller, row));
    },
  );
}
