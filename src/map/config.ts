export interface TileConfig {
  road: string;
  satellite: string;
}

const FALLBACK: TileConfig = { road: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', satellite: '' };

/** The tile addresses the server was configured with (TILE_ROAD_URL, TILE_SATELLITE_URL), from index.html. */
export function tileConfig(): TileConfig {
  const raw =
    typeof document === 'undefined'
      ? null
      : document.querySelector('meta[name="waymark-tiles"]')?.getAttribute('content');
  try {
    return raw && raw.startsWith('{') ? { ...FALLBACK, ...(JSON.parse(raw) as Partial<TileConfig>) } : FALLBACK;
  } catch {
    return FALLBACK;
  }
}

/** India, where the fleets are, until a shape gives the map somewhere better to look. */
export const DEFAULT_CENTER: [number, number] = [22.5, 79];
export const DEFAULT_ZOOM = 5;
