import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { requireCaller } from '../auth/caller.ts';
import organisationResource from '../../resources/entities/organisation.ts';
import { findRecord } from '../resources/records.ts';
import { writableRecord } from '../resources/routes.ts';
import { query } from '../resources/sql.ts';
import { badRequest, notFound, spoken, type Said } from '../http/errors.ts';
import { idParams } from '../http/params.ts';
import { normalise, rules, ruleSchema } from '../../core/rules.ts';
import { message, said } from '../resources/messages.ts';
import { STATE_IDS } from '../../resources/india.ts';
import { MAX_CONTACTS, type CentreListing } from '../../resources/centres.ts';
import { centreDocs } from '../openapi/centres.ts';
import { withExample } from '../openapi/shared.ts';

const EMPTY_LISTING: CentreListing = {
  isSsc: false,
  isRfc: false,
  address: '',
  district: '',
  state: '',
  phone: null,
  latitude: null,
  longitude: null,
  contactUserIds: [],
};

const listingSchema = {
  type: 'object',
  required: ['isSsc', 'isRfc'],
  properties: {
    isSsc: { type: 'boolean' },
    isRfc: { type: 'boolean' },
    address: { type: 'string', maxLength: 300, errorMessage: message('api.centres.addressTooLong', { max: 300 }) },
    district: { type: 'string', maxLength: 60, errorMessage: message('api.centres.districtTooLong', { max: 60 }) },
    state: { type: 'string', enum: ['', ...STATE_IDS], errorMessage: message('api.centres.state') },
    phone: ruleSchema(rules.phone, message('centres.listing.phone'), message, { nullable: true }),
    latitude: {
      type: ['number', 'null'],
      minimum: -90,
      maximum: 90,
      errorMessage: message('api.centres.latitude'),
    },
    longitude: {
      type: ['number', 'null'],
      minimum: -180,
      maximum: 180,
      errorMessage: message('api.centres.longitude'),
    },
    contactUserIds: {
      type: 'array',
      maxItems: MAX_CONTACTS,
      uniqueItems: true,
      items: { type: 'string', format: 'uuid' },
      errorMessage: message('api.centres.contactsTooMany', { max: MAX_CONTACTS }),
    },
  },
  additionalProperties: false,
};

interface ListingRow extends CentreListing {
  organisationId: string;
}

async function readListing(db: Db, organisationId: string): Promise<CentreListing> {
  const [row] = await query<ListingRow>(
    db,
    sql`
    select is_ssc as "isSsc", is_rfc as "isRfc", address, district, state, phone, latitude, longitude, contact_user_ids as "contactUserIds"
    from centre_listings where organisation_id = ${organisationId}::uuid`,
  );
  return row ?? EMPTY_LISTING;
}

/** The organisation's enabled users, any of whom may be chosen as a public contact of its RFC listing. */
async function contactCandidates(db: Db, organisationId: string) {
  return query<{ id: string; name: string; phone: string | null }>(
    db,
    sql`
    select id, trim(first_name || ' ' || last_name) as name, phone from users
    where organisation_id = ${organisationId}::uuid and is_enabled order by first_name, last_name limit 200`,
  );
}

/**
 * An organisation's public listing on the SSC and RFC viewers, read and changed by whoever may
 * change the organisation's settings; nothing is published until a kind is ticked.
 */
export function centreListingRoutes(app: FastifyInstance, db: Db) {
  app.get<{ Params: { id: string } }>(
    '/organisation/listing/:id',
    {
      config: { permission: 'setting-organisation' },
      schema: {
        tags: ['organisation'],
        summary: "An organisation's public listing (SSC and RFC viewers) and the users it may name as contacts",
        params: idParams,
        response: centreDocs.listing,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const organisation = await findRecord(db, organisationResource, caller, request.params.id);
      if (!organisation) throw notFound();
      const listing = await readListing(db, organisation.id);
      const candidates = await contactCandidates(db, organisation.id);
      // a contact disabled or moved since is no longer published, so not offered as chosen either
      const chosen = listing.contactUserIds.filter((userId) => candidates.some((c) => c.id === userId));
      return { success: true, data: { listing: { ...listing, contactUserIds: chosen }, candidates } };
    },
  );

  app.put<{ Params: { id: string }; Body: Partial<CentreListing> & { isSsc: boolean; isRfc: boolean } }>(
    '/organisation/listing/:id',
    {
      config: { permission: 'setting-organisation' },
      preValidation: async (request) => {
        const body = request.body as Record<string, unknown> | undefined;
        // anything but an object is left for the schema to refuse
        if (!body || typeof body !== 'object' || Array.isArray(body)) return;
        if (body.phone === '' || body.phone === undefined) body.phone = null;
        if (typeof body.phone === 'string') body.phone = normalise(rules.phone, body.phone);
        for (const key of ['address', 'district'])
          if (typeof body[key] === 'string') body[key] = (body[key] as string).trim().replace(/\s+/g, ' ');
      },
      schema: {
        tags: ['organisation'],
        summary: "Change an organisation's public listing",
        params: idParams,
        body: withExample(listingSchema, centreDocs.listingExample),
        response: centreDocs.saved,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const organisation = await writableRecord(
        { db, caller, request, resource: organisationResource },
        request.params.id,
      );
      const listing: CentreListing = { ...EMPTY_LISTING, ...request.body };
      const listed = listing.isSsc || listing.isRfc;
      const errors: Record<string, Said> = {};
      if (listed) {
        if (!listing.address) errors.address = said('api.centres.addressRequired');
        if (!listing.district) errors.district = said('api.centres.districtRequired');
        if (!listing.state) errors.state = said('api.centres.stateRequired');
      }
      if ((listing.latitude === null) !== (listing.longitude === null))
        errors.latitude = said('api.centres.bothCoordinates');
      if (!listing.isRfc) listing.contactUserIds = [];
      if (listing.contactUserIds.length) {
        const candidates = new Set((await contactCandidates(db, organisation.id)).map((c) => c.id));
        if (listing.contactUserIds.some((userId) => !candidates.has(userId)))
          errors.contactUserIds = said('api.centres.contactsOutside');
      }
      if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0]!, errors);
      await query(
        db,
        sql`
      insert into centre_listings (organisation_id, is_ssc, is_rfc, address, district, state, phone, latitude, longitude, contact_user_ids, updated_at)
      values (${organisation.id}::uuid, ${listing.isSsc}, ${listing.isRfc}, ${listing.address}, ${listing.district}, ${listing.state}, ${listing.phone},
              ${listing.latitude}, ${listing.longitude}, ${JSON.stringify(listing.contactUserIds)}::jsonb, now())
      on conflict (organisation_id) do update set is_ssc = excluded.is_ssc, is_rfc = excluded.is_rfc, address = excluded.address,
        district = excluded.district, state = excluded.state, phone = excluded.phone, latitude = excluded.latitude,
        longitude = excluded.longitude, contact_user_ids = excluded.contact_user_ids, updated_at = now()`,
      );
      return {
        success: true,
        ...spoken(said(listed ? 'api.centres.saved' : 'api.centres.unlisted')),
        data: { listing },
      };
    },
  );
}
