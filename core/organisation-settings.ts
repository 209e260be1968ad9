/**
 * An organisation's operating settings, as GET/PUT /organisation/settings/{id} carry them: the one
 * definition the server (server/organisations/settings.ts: defaults, schema, storage) and the
 * console (the Organisation Settings page) both use. docs/decisions.md explains each threshold.
 */
export interface OrganisationSettings {
  overspeedKmph: number;
  idleMinutes: number;
  offlineMinutes: number;
  routeDeviationMeters: number;
  alertEmail: string | null;
  sosPhone: string | null;
  /** An SOS nobody acknowledged for this long goes to the next recipients, then the level above after as long again. */
  sosEscalationMinutes: number;
  /**
   * Who an unacknowledged SOS goes to first: users of the organisation's tree by id, phone numbers
   * (+91…) and e-mail addresses; none: the administrators of the parent organisation (docs/notifications.md).
   */
  sosEscalationContacts: string[];
  /**
   * What a device's activation or renewal costs here, in paise, by duration; null: the nearest
   * ancestor's price (docs/wallet.md). Set by the provider alone; 0 only where it chose free.
   */
  priceOneYearPaise: number | null;
  priceTwoYearsPaise: number | null;
  /**
   * The one motion rule (server/tracking/motion.ts, docs/reports.md): at or above this speed a vehicle
   * is running unless its device reports the ignition off; slower, it is standing (idle with the
   * ignition on, stopped otherwise). Vehicle Status, playback, the reports and the idle alert all use it.
   */
  minMovingKmph: number;
  /** A halt at least this long is a stop. */
  minParkingMinutes: number;
  /** A trip shorter than this distance or time is part of the stop around it. */
  minTripMeters: number;
  minTripSeconds: number;
  /** Its administrators (users who may manage users or roles) must sign in with an authenticator app too. */
  requireTotpForAdmins: boolean;
}

/** The settings that are prices (paise; null: the nearest ancestor's). */
export type PriceSetting = 'priceOneYearPaise' | 'priceTwoYearsPaise';

/** What an organisation pays, in paise: its own prices or, where it has none, its nearest ancestor's; null where nobody set one. */
export type Prices = Pick<OrganisationSettings, PriceSetting>;

/** The settings that are whole numbers always set (thresholds): every key whose value is a number and never null. */
export type NumberSetting = {
  [K in keyof OrganisationSettings]: OrganisationSettings[K] extends number ? K : never;
}[keyof OrganisationSettings];
