import type { Language } from '../resources/messages.ts';

export interface PlaceLookupOptions {
  /** The longest wait for an answer: past it the alert says the coordinates (1.5 s). */
  timeoutMs?: number;
  /** Addresses kept, by place and language (5,000). */
  cacheSize?: number;
}

/**
 * Addresses of places for the alerts' texts, from a reverse-geocoding service the operator runs
 * (GEOCODER_URL, a Nominatim-style `/reverse?format=jsonv2&lat={lat}&lon={lon}` whose answer has
 * `display_name`). Asked in the rule's language (Accept-Language); a place is rounded to 4 decimals
 * (about 11 m) and kept, so a vehicle alerting again where it stands asks nothing. A slow, failing or
 * empty answer is no address: the texts say the coordinates, as without a service.
 */
export class PlaceLookup {
  private readonly cache = new Map<string, string | null>();
  private readonly timeoutMs: number;
  private readonly cacheSize: number;

  constructor(
    private readonly urlTemplate: string,
    options: PlaceLookupOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 1500;
    this.cacheSize = options.cacheSize ?? 5000;
  }

  async addressOf(latitude: number, longitude: number, language: Language): Promise<string | null> {
    const [lat, lon] = [latitude.toFixed(4), longitude.toFixed(4)];
    const key = `${lat},${lon},${language}`;
    if (this.cache.has(key)) return this.cache.get(key)!;
    const address = await this.ask(lat, lon, language);
    // a failure is not kept: the next alert there asks again
    if (address !== undefined) this.keep(key, address);
    return address ?? null;
  }

  /** The address, null when the service knows none, undefined when it could not be asked. */
  private async ask(lat: string, lon: string, language: Language): Promise<string | null | undefined> {
    const url = this.urlTemplate.replaceAll('{lat}', lat).replaceAll('{lon}', lon);
    try {
      const response = await fetch(url, {
        headers: { accept: 'application/json', 'accept-language': language },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) return undefined;
      const body = (await response.json()) as { display_name?: unknown };
      const name = typeof body?.display_name === 'string' ? body.display_name.trim().slice(0, 300) : '';
      return name || null;
    } catch {
      return undefined;
    }
  }

  private keep(key: string, address: string | null) {
    if (this.cache.size >= this.cacheSize) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, address);
  }
}
