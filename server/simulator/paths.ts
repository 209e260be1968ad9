import distance from '@turf/distance';
import bearing from '@turf/bearing';

/**
 * Road-like loops around Kanpur (Uttar Pradesh): corners of main roads as [latitude, longitude],
 * traced by hand from the city's layout. Devices drive them round and round; a loop is closed
 * (the last corner leads back to the first).
 */
export const KANPUR_LOOPS: [number, number][][] = [
  // Mall Road, Bada Chauraha, Parade, Phool Bagh
  [
    [26.469, 80.3475],
    [26.4671, 80.353],
    [26.4632, 80.3563],
    [26.4589, 80.358],
    [26.456, 80.3522],
    [26.4598, 80.3459],
    [26.4652, 80.344],
  ],
  // GT Road towards Rawatpur and Kalyanpur
  [
    [26.4865, 80.31],
    [26.493, 80.295],
    [26.5005, 80.2822],
    [26.509, 80.2702],
    [26.503, 80.266],
    [26.494, 80.279],
    [26.486, 80.296],
    [26.48, 80.308],
  ],
  // Kidwai Nagar, Barra, Govind Nagar
  [
    [26.428, 80.325],
    [26.4215, 80.318],
    [26.414, 80.3105],
    [26.4085, 80.317],
    [26.412, 80.329],
    [26.419, 80.3345],
    [26.4255, 80.333],
  ],
  // Swaroop Nagar, Kakadeo, Shastri Nagar
  [
    [26.4795, 80.323],
    [26.476, 80.3135],
    [26.47, 80.305],
    [26.4635, 80.3095],
    [26.4655, 80.32],
    [26.472, 80.327],
  ],
  // Jajmau and the Lucknow highway
  [
    [26.442, 80.385],
    [26.448, 80.399],
    [26.453, 80.412],
    [26.446, 80.418],
    [26.4395, 80.403],
    [26.435, 80.39],
  ],
  // Kanpur Central, Collectorganj, Generalganj
  [
    [26.4545, 80.352],
    [26.451, 80.344],
    [26.447, 80.338],
    [26.443, 80.344],
    [26.4465, 80.353],
    [26.4505, 80.3575],
  ],
];

const distanceMeters = (a: [number, number], b: [number, number]) =>
  distance([a[1], a[0]], [b[1], b[0]], { units: 'meters' });
const bearingOf = (a: [number, number], b: [number, number]) => (bearing([a[1], a[0]], [b[1], b[0]]) + 360) % 360;

/** A point `meters` along the loop from its first corner, and the heading there. */
export function along(
  loop: [number, number][],
  meters: number,
): { point: [number, number]; heading: number; length: number } {
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
