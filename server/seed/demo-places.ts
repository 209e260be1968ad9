import { along, KANPUR_LOOPS } from '../simulator/paths.ts';
import type { DemoApi } from './demo-wallets.ts';

/** Uttar Pradesh's offices around the demo fleet: the RTO catalogue is the administrators' to fill (docs/fitment.md). */
export const DEMO_RTOS = [
  ['UP78', 'Kanpur Nagar'],
  ['UP77', 'Kanpur Dehat'],
  ['UP32', 'Lucknow'],
  ['UP80', 'Agra'],
  ['UP65', 'Varanasi'],
  ['UP70', 'Prayagraj'],
  ['UP14', 'Ghaziabad'],
  ['UP16', 'Gautam Buddh Nagar'],
  ['UP15', 'Meerut'],
  ['UP25', 'Bareilly'],
] as const;

/**
 * Smart-city collection (docs/reports.md): 18 households and bins along the Swaroop Nagar loop that
 * demo device 4 (Sunrise 4) drives, collected by its daily door-to-door job, and 2 households of
 * Kakadeo a street off its path that no job visits, so the collection reports show figures.
 */
export async function seedCollectionPoints(
  api: DemoApi,
  organisationId: string,
  ward12: string,
  ward14: string,
  vehicleId: string,
) {
  const loop = KANPUR_LOOPS[3]!;
  const { length } = along(loop, 0);
  const tags = ['QR', 'RFID', 'QR', null] as const;
  for (let i = 0; i < 18; i++) {
    const bin = i % 3 === 2;
    const {
      point: [latitude, longitude],
    } = along(loop, (length * (i + 0.5)) / 18);
    await api('POST', '/POI', {
      name: bin ? `Bin SN-${String(i + 1).padStart(2, '0')}` : `House ${101 + i * 4}, Swaroop Nagar`,
      kind: bin ? 'BIN' : 'HOUSEHOLD',
      tagType: bin ? 'RFID' : tags[i % tags.length],
      wardId: ward12,
      radiusMeters: 50,
      // households stand about 20 m off the road, bins on the kerb
      location: { type: 'Point', coordinates: [longitude, latitude + (bin ? 0 : 0.0002)] },
      organisationId,
    });
  }
  for (const [i, [latitude, longitude]] of [
    [26.4668, 80.316],
    [26.469, 80.3178],
  ].entries()) {
    await api('POST', '/POI', {
      name: `House ${7 + i * 2}, Kakadeo`,
      kind: 'HOUSEHOLD',
      tagType: 'QR',
      wardId: ward14,
      radiusMeters: 50,
      location: { type: 'Point', coordinates: [longitude, latitude] },
      organisationId,
    });
  }
  await api('POST', '/job-schedule', {
    name: 'Ward 12 door-to-door',
    vehicleId,
    department: 'SWM',
    isRecurring: true,
    frequency: 'daily',
    wardId: ward12,
    startDate: '2026-11-01',
    organisationId,
  });
}
