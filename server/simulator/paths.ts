import distance from '@turf/distance';
import bearing from '@turf/bearing';

/**
 * Road-like loops around Kanpur (Uttar Pradesh): corners of main roads as [latitude, longitude],
 * traced by hand from the city's layout. Devices drive them round and round; a loop is closed
 * (the last corner leads back to the first).
 */
export const KANPUR_LOOPS: [number, number][][] = [
  // Mall Road, Bada Chauraha, Parade, Phool Bagh
  [[26.4690, 80.3475], [26.4671, 80.3530], [26.4632, 80.3563], [26.4589, 80.3580], [26.4560, 80.3522], [26.4598, 80.3459], [26.4652, 80.3440]],
  // GT Road towards Rawatpur and Kalyanpur
  [[26.4865, 80.3100], [26.4930, 80.2950], [26.5005, 80.2822], [26.5090, 80.2702], [26.5030, 80.2660], [26.4940, 80.2790], [26.4860, 80.2960], [26.4800, 80.3080]],
  // Kidwai Nagar, Barra, Govind Nagar
  [[26.4280, 80.3250], [26.4215, 80.3180], [26.4140, 80.3105], [26.4085, 80.3170], [26.4120, 80.3290], [26.4190, 80.3345], [26.4255, 80.3330]],
  // Swaroop Nagar, Kakadeo, Shastri Nagar
  [[26.4795, 80.3230], [26.4760, 80.3135], [26.4700, 80.3050], [26.4635, 80.3095], [26.4655, 80.3200], [26.4720, 80.3270]],
  // Jajmau and the Lucknow highway
  [[26.4420, 80.3850], [26.4480, 80.3990], [26.4530, 80.4120], [26.4460, 80.4180], [26.4395, 80.4030], [26.4350, 80.3900]],
  // Kanpur Central, Collectorganj, Generalganj
  [[26.4545, 80.3520], [26.4510, 80.3440], [26.4470, 80.3380], [26.4430, 80.3440], [26.4465, 80.3530], [26.4505, 80.3575]],
];

const distanceMeters = (a: [number, number], b: [number, number]) => distance([a[1], a[0]], [b[1], b[0]], { units: 'meters' });
const bearingOf = (a: [number, number], b: [number, number]) => (bearing([a[1], a[0]], [b[1], b[0]]) + 360) % 360;

/** A point `meters` along the loop from its first corner, and the heading there. */
export function along(loop: [number, number][], meters: number): { point: [number, number]; heading: number; length: number } {
  const legs = loop.map((corner, i) => [corner, loop[(i + 1) % loop.length]!] as const);
  const length = legs.reduce((sum, [a, b]) => sum + distanceMeters(a, b), 0);
  let left = ((meters % length) + length) % length;
  for (const [a, b] of legs) {
    const leg = distanceMeters(a, b);
    if (left <= leg) {
      const f = leg === 0 ? 0 : left / leg;
      return { point: [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f], heading: bearingOf(a, b), length };
    }
    left -= leg;
  }
  return { point: loop[0]!, heading: 0, length };
}
