import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { requireCaller } from '../auth/caller.ts';
import organisationResource from '../../resources/entities/organisation.ts';
import { findRecord } from '../resources/records.ts';
import { writableRecord } from '../resources/routes.ts';
import { query } from '../resources/sql.ts';
import { HttpError, notFound, spoken } from '../http/errors.ts';
import { DEFAULT_OFFLINE_MINUTES } from '../../resources/tracking.ts';
import { normaliseProperties, rules, ruleSchema } from '../../core/rules.ts';
import { idParams } from '../http/params.ts';
import { message, said } from '../resources/messages.ts';
import { speaksForProvider } from '../wallets/authority.ts';
import { escalationContactsSchema, checkEscalationContacts } from '../sos/contacts.ts';
import type { OrganisationSettings, Prices } from '../../core/organisation-settings.ts';
import { organisationDocs } from '../openapi/organisations.ts';

export type { OrganisationSettings, Prices } from '../../core/organisation-settings.ts';

export const DEFAULT_SETTINGS: OrganisationSettings = {
  overspeedKmph: 80,
  idleMinutes: 5,
  offlineMinutes: DEFAULT_OFFLINE_MINUTES,
  routeDeviationMeters: 200,
  alertEmail: null,
  sosPhone: null,
  sosEscalationMinutes: 5,
  sosEscalationContacts: [],
  priceOneYearPaise: null,
  priceTwoYearsPaise: null,
  minMovingKmph: 5,
  minParkingMinutes: 5,
  minTripMeters: 300,
  minTripSeconds: 60,
  requireTotpForAdmins: false,
};

/** A whole number from min to max; its message names the setting by its label (api.settings.label.<field>). */
const range = (min: number, max: number, field: string) => ({
  type: 'integer',
  minimum: min,
  maximum: max,
  errorMessage: message('api.settings.range', { label: message(`api.settings.label.${field}`), min, max }),
});
const price = (field: string) => ({ ...range(0, 10_000_000, field), type: ['integer', 'null'] });

const settingsSchema = {
  type: 'object',
  properties: {
    overspeedKmph: range(20, 200, 'overspeedKmph'),
    idleMinutes: range(1, 120, 'idleMinutes'),
    offlineMinutes: range(5, 1440, 'offlineMinutes'),
    routeDeviationMeters: range(10, 5000, 'routeDeviationMeters'),
    alertEmail: ruleSchema(rules.email, message('settings.alertEmail'), message, { nullable: true }),
    sosPhone: ruleSchema(rules.phone, message('settings.sosPhone'), message, { nullable: true }),
    sosEscalationMinutes: range(1, 240, 'sosEscalationMinutes'),
    sosEscalationContacts: escalationContactsSchema,
    priceOneYearPaise: price('priceOneYearPaise'),
    priceTwoYearsPaise: price('priceTwoYearsPaise'),
    minMovingKmph: range(1, 30, 'minMovingKmph'),
    minParkingMinutes: range(1, 120, 'minParkingMinutes'),
    minTripMeters: range(0, 10_000, 'minTripMeters'),
    minTripSeconds: range(0, 3600, 'minTripSeconds'),
    requireTotpForAdmins: { type: 'boolean' },
  },
  additionalProperties: false,
};

/** Free: the provider priced both lengths at 0 for this organisation or one above it; then any length costs nothing. */
export const isFree = (prices: Prices) => prices.priceOneYearPaise === 0 && prices.priceTwoYearsPaise === 0;

/**
 * The price of a length in days (365: 1 year, 730: 2 years), in paise; null for any other length, or
 * one nobody priced. An organisation priced free pays 0 for any length.
 */
export function priceFor(prices: Prices, days: number): number | null {
  if (isFree(prices)) return 0;
  if (days === 365) return prices.priceOneYearPaise;
  if (days === 730) return prices.priceTwoYearsPaise;
  return null;
}

const PRICE_KEYS = ['priceOneYearPaise', 'priceTwoYearsPaise'] as const;

/** The organisation's prices, each from the nearest organisation from it up to the root that set one. */
export async function effectivePrices(db: Db, organisationId: string): Promise<Prices> {
  const chain = await query<{ settings: Partial<OrganisationSettings> | null }>(
    db,
    sql`select o.attributes -> 'settings' as settings
    from organisations me join organisations o on me.path like o.path || '%' where me.id = ${organisationId}::uuid order by length(o.path) desc`,
  );
  const nearest = (key: (typeof PRICE_KEYS)[number]) => {
    for (const { settings } of chain) if (typeof settings?.[key] === 'number') return settings[key] as number;
    return null;
  };
  return { priceOneYearPaise: nearest('priceOneYearPaise'), priceTwoYearsPaise: nearest('priceTwoYearsPaise') };
}

export async function readSettings(db: Db, organisationId: string): Promise<OrganisationSettings> {
  const [row] = await query<{ settings: Partial<OrganisationSettings> | null }>(
    db,
    sql`select attributes -> 'settings' as settings from organisations where id = ${organisationId}::uuid`,
  );
  return { ...DEFAULT_SETTINGS, ...(row?.settings ?? {}) };
}

export function organisationSettingsRoutes(app: FastifyInstance, db: Db) {
  app.get<{ Params: { id: string } }>(
    '/organisation/settings/:id',
    {
      config: { permission: 'setting-organisation' },
      schema: {
        tags: ['organisation'],
        summary: "An organisation's operating settings",
        params: idParams,
        response: organisationDocs.settings,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const organisation = await findRecord(db, organisationResource, caller, request.params.id);
      if (!organisation) throw notFound();
      return {
        success: true,
        data: {
          organisation: { id: organisation.id, tradeName: organisation.tradeName },
          settings: await readSettings(db, organisation.id),
          // what an empty price means here: the parent's (nothing above the root)
          inheritedPrices: organisation.parentId
            ? await effectivePrices(db, organisation.parentId as string)
            : { priceOneYearPaise: null, priceTwoYearsPaise: null },
          canSetPrices: await speaksForProvider(db, caller),
        },
      };
    },
  );

  app.put<{ Params: { id: string }; Body: Partial<OrganisationSettings> }>(
    '/organisation/settings/:id',
    {
      config: { permission: 'setting-organisation' },
      preValidation: async (request) => {
        const body = request.body as Record<string, unknown> | undefined;
        normaliseProperties(body, { alertEmail: rules.email, sosPhone: rules.phone }, { nullable: true });
      },
      schema: {
        tags: ['organisation'],
        summary: "Change an organisation's operating settings",
        params: idParams,
        body: { ...settingsSchema, examples: [organisationDocs.settingsExample] },
        response: organisationDocs.saved,
      },
    },
    async (request) => {
      const caller = await requireCaller(request);
      const organisation = await writableRecord(
        { db, caller, request, resource: organisationResource },
        request.params.id,
      );
      const current = await readSettings(db, organisation.id);
      const settings = { ...current, ...request.body };
      settings.sosEscalationContacts = await checkEscalationContacts(
        db,
        organisation.id,
        settings.sosEscalationContacts,
      );
      // what an organisation pays is the provider's to set: a dealer must not price its own activations, or those of an organisation it made, at 0
      const pricesChange = PRICE_KEYS.some((key) => settings[key] !== current[key]);
      if (pricesChange && !(await speaksForProvider(db, caller))) {
        throw new HttpError(403, said('wallet.messages.pricesForbidden'), {
          priceOneYearPaise: said('wallet.messages.pricesForbidden'),
        });
      }
      await query(
        db,
        sql`update organisations set attributes = jsonb_set(coalesce(attributes, '{}'::jsonb), '{settings}', ${JSON.stringify(settings)}::jsonb), updated_at = now() where id = ${organisation.id}::uuid`,
      );
      return { success: true, ...spoken(said('api.settings.saved')), data: { settings } };
    },
  );
}
