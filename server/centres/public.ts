import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { query } from '../resources/sql.ts';
import { PUBLIC } from '../http/permissions.ts';
import { MINUTE, perAddress, throttle } from '../http/rate-limits.ts';
import { STATE_IDS } from '../../resources/india.ts';
import { CENTRE_KINDS, MAX_CENTRES_PAGE, type CentreKind, type PublicCentre } from '../../resources/centres.ts';
import { message } from '../resources/messages.ts';
import { centreDocs } from '../openapi/centres.ts';

interface CentresQuery {
  kind: CentreKind;
  state?: string;
  district?: string;
  q?: string;
  page: number;
  perPage: number;
}

const kindParam = { type: 'string', enum: [...CENTRE_KINDS], errorMessage: message('api.centres.kind') };

const centresQuerystring = {
  type: 'object',
  required: ['kind'],
  properties: {
    kind: kindParam,
    state: { type: 'string', enum: ['', ...STATE_IDS], errorMessage: message('api.centres.state') },
    district: { type: 'string', maxLength: 60, errorMessage: message('api.centres.districtTooLong', { max: 60 }) },
    q: { type: 'string', maxLength: 100, errorMessage: message('api.centres.searchTooLong', { max: 100 }) },
    page: {
      type: 'integer',
      minimum: 1,
      maximum: 10_000,
      default: 1,
      errorMessage: message('api.centres.page'),
    },
    perPage: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_CENTRES_PAGE,
      default: 50,
      errorMessage: message('api.centres.perPage', { max: MAX_CENTRES_PAGE }),
    },
  },
  additionalProperties: false,
};

/** The listing is of the kind asked for, and its organisation still exists. */
const listedAs = (kind: CentreKind): SQL =>
  sql`not o.deleted and ${kind === 'SSC' ? sql`l.is_ssc` : sql`l.is_rfc`} and l.state <> ''`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The public directories of sales and service centres and of retro-fitment centres: only
 * organisations that ticked the kind in their listing, and only the listing's fields, the trade
 * name and (RFC) the opted-in contacts' names and phones. No ids, e-mails or GST numbers.
 */
export function publicCentreRoutes(app: FastifyInstance, db: Db) {
  const limited = throttle(app, 'public-centres', [perAddress(120, MINUTE)]);

  app.get<{ Querystring: CentresQuery }>(
    '/public/centres',
    {
      config: { permission: PUBLIC },
      preHandler: limited,
      schema: {
        tags: ['public'],
        summary:
          'Published sales and service centres (SSC) or retro-fitment centres (RFC), by state, district and name',
        querystring: centresQuerystring,
        response: centreDocs.centres,
      },
    },
    async (request) => {
      const { kind, state, district, q, page, perPage } = request.query;
      const where = [listedAs(kind)];
      if (state) where.push(sql`l.state = ${state}`);
      if (district?.trim()) where.push(sql`lower(l.district) = lower(${district.trim()})`);
      if (q?.trim()) {
        const like = `%${escapeLike(q.trim())}%`;
        where.push(sql`(o.trade_name ilike ${like} or l.address ilike ${like} or l.district ilike ${like})`);
      }
      const condition = sql.join(where, sql` and `);
      const contacts =
        kind === 'RFC'
          ? sql`(
      select coalesce(jsonb_agg(jsonb_build_object('name', trim(u.first_name || ' ' || u.last_name), 'phone', u.phone) order by u.first_name, u.last_name), '[]'::jsonb)
      from users u where u.organisation_id = o.id and u.is_enabled and u.phone is not null
        and u.id::text in (select jsonb_array_elements_text(l.contact_user_ids)))`
          : sql`'[]'::jsonb`;
      const [counted] = await query<{ total: number }>(
        db,
        sql`
      select count(*)::int as total from centre_listings l join organisations o on o.id = l.organisation_id where ${condition}`,
      );
      const centres = await query<PublicCentre>(
        db,
        sql`
      select o.trade_name as name, l.address, l.district, l.state, l.phone, l.latitude, l.longitude, ${contacts} as contacts
      from centre_listings l join organisations o on o.id = l.organisation_id
      where ${condition}
      order by o.trade_name, l.organisation_id
      limit ${perPage} offset ${(page - 1) * perPage}`,
      );
      return { success: true, data: { centres, total: counted?.total ?? 0, page, perPage } };
    },
  );

  app.get<{ Querystring: { kind: CentreKind } }>(
    '/public/centres/places',
    {
      config: { permission: PUBLIC },
      preHandler: limited,
      schema: {
        tags: ['public'],
        summary: "The states and districts that have published centres of a kind (the viewers' filters)",
        querystring: {
          type: 'object',
          required: ['kind'],
          properties: { kind: kindParam },
          additionalProperties: false,
        },
        response: centreDocs.places,
      },
    },
    async (request) => {
      const rows = await query<{ state: string; districts: string[] }>(
        db,
        sql`
      select l.state, array_agg(distinct initcap(l.district) order by initcap(l.district)) as districts
      from centre_listings l join organisations o on o.id = l.organisation_id
      where ${listedAs(request.query.kind)} group by l.state order by l.state`,
      );
      return { success: true, data: { states: rows } };
    },
  );
}
