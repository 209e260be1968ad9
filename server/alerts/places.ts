import type { Language } from '../resources/messages.ts';

export interface PlaceLookupOptions {
  /** The longest wait for an answer: past it the alert says the coordinates (1.5 s). */
  timeoutMs?: number;
  /** Addresses kept, by place and language (5,000). */
  cacheSize?: number;
  /** How long a place whose lookup failed is not asked again (60 s): a dead service costs one wait a minute per place. */
  retryAfterMs?: number;
}

export interface Place {
  latitude: number;
  longitude: number;
  language: Language;
}

type Entry = { address: string | null } | { failedAt: number };

/**
 * Addresses of places for the alerts' texts, from a reverse-geocoding service the operator runs
 * (GEOCODER_URL, a Nominatim-style `/reverse?format=jsonv2&lat={lat}&lon={lon}` whose answer has
 * `display_name`). Asked in the rule's language (Accept-Language); a place is rounded to 4 decimals
 * (about 11 m) and kept, so a vehicle alerting again where it stands asks nothing. The asking
 * (`warm`) happens before a transaction, never inside one: the texts written in it read only what is
 * kept (`peek`). A slow, failing or empty answer is no address: the texts say the coordinates.
 */
export class PlaceLookup {
  private readonly cache = new Map<string, Entry>();
  private readonly timeoutMs: number;
  private readonly cacheSize: number;
  private readonly retryAfterMs: number;

  constructor(
    private readonly urlTemplate: string,
    options: PlaceLookupOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 1500;
    this.cacheSize = options.cacheSize ?? 5000;
    this.retryAfterMs = options.retryAfterMs ?? 60_000;
  }

  /** The address kept for the place, or null (none known: the coordinates). */
  peek({ latitude, longitude, language }: Place): string | null {
    const key = keyOf(latitude, longitude, language);
    const entry = this.cache.get(key);
    if (!entry || !('address' in entry)) return null;
    // read again: the last to go
    this.cache.delete(key);
    this.cache.set(key, entry);
    return entry.address;
  }

  /** Asks the service, all at once, for the places not kept yet (nor failed within retryAfterMs). */
  async warm(places: Place[]): Promise<void> {
    const now = Date.now();
    const wanted = new Map<string, Place>();
    for (const place of places) {
      if (!usable(place)) continue;
      const key = keyOf(place.latitude, place.longitude, place.language);
      const entry = this.cache.get(key);
      if (entry && ('address' in entry || now - entry.failedAt < this.retryAfterMs)) continue;
      wanted.set(key, place);
    }
    await Promise.all(
      [...wanted].map(async ([key, place]) => {
        const address = await this.ask(place);
        this.keep(key, address === undefined ? { failedAt: Date.now() } : { address });
      }),
    );
  }

  /** The address, null when the service knows none, undefined when it could not be asked. */
  private async ask({ latitude, longitude, language }: Place): Promise<string | null | undefined> {
    const url = this.urlTemplate.replaceAll('{lat}', latitude.toFixed(4)).replaceAll('{lon}', longitude.toFixed(4));
    try {
      const response = await fetch(url, {
        headers: { accept: 'application/json', 'accept-language': language },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel();
        return undefined;
      }
      const body = (await response.json()) as { display_name?: unknown };
      const name = typeof body?.display_name === 'string' ? body.display_name.trim().slice(0, 300) : '';
      return name || null;
    } catch {
      return undefined;
    }
  }

  private keep(key: string, entry: Entry) {
    this.cache.delete(key);
    if (this.cache.size >= this.cacheSize) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, entry);
  }
}

const keyOf = (latitude: number, longitude: number, language: Language) =>
  `${latitude.toFixed(4)},${longitude.toFixed(4)},${language}`;

/** A fix somewhere: not missing, not the 0,0 of a device without one. */
const usable = (place: Place) =>
  Number.isFinite(place.latitude) &&
  Number.isFinite(place.longitude) &&
  !(place.latitude === 0 && place.longitude === 0);
