import { userExample, userSchema } from './auth.ts';
import { answers, obj } from './shared.ts';

/** The OpenAPI answers and examples of a user's own profile and password, and an organisation's settings. */

const ORG = '5b1e7d42-0c9a-4f3e-8d21-7a6b9c0e2f13';
// an example, not the defaults (server/organisations/settings.ts DEFAULT_SETTINGS, which imports this file)
const settingsExample = {
  overspeedKmph: 80,
  idleMinutes: 5,
  offlineMinutes: 30,
  routeDeviationMeters: 200,
  sosEscalationMinutes: 5,
  sosEscalationContacts: [],
  minMovingKmph: 5,
  minParkingMinutes: 5,
  minTripMeters: 300,
  minTripSeconds: 60,
  requireTotpForAdmins: false,
  alertEmail: 'alerts@metroauto.in',
  sosPhone: '+919812345678',
  priceOneYearPaise: 150000,
  priceTwoYearsPaise: 270000,
};
const settings = obj(
  Object.fromEntries(
    Object.entries(settingsExample).map(([name, value]) => [
      name,
      Array.isArray(value)
        ? { type: 'array' }
        : typeof value === 'string' || value === null
          ? { type: ['string', 'null'] }
          : typeof value === 'boolean'
            ? { type: 'boolean' }
            : { type: ['integer', 'null'] },
    ]),
  ),
);
const prices = obj({
  priceOneYearPaise: { type: ['integer', 'null'] },
  priceTwoYearsPaise: { type: ['integer', 'null'] },
});

export const organisationDocs = {
  passwordExample: { password: 'Lucknow@2026' },
  profileExample: { firstName: 'Ravi', lastName: 'Kumar', email: 'ravi.kumar@example.in', phone: '+919812345678' },
  profile: answers(userSchema, userExample, [400, 401, 409, 429]),
  settings: answers(
    obj({
      organisation: obj({ id: { type: 'string' }, tradeName: { type: 'string' } }),
      settings,
      inheritedPrices: prices,
    }),
    {
      organisation: { id: ORG, tradeName: 'Metro Auto Dealers' },
      settings: settingsExample,
      inheritedPrices: { priceOneYearPaise: 150000, priceTwoYearsPaise: null },
    },
    [400, 401, 403, 404, 429],
  ),
  settingsExample: { overspeedKmph: 70, offlineMinutes: 30, alertEmail: 'alerts@metroauto.in' },
  saved: answers(obj({ settings }), { settings: settingsExample }, [400, 401, 403, 404, 429]),
};
