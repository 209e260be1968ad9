import { indianIsoDay, startOfIndianDay } from '../../core/format/date.ts';
import { along } from './paths.ts';

/** Where a simulated vehicle drives: its loop, where it parks on it (metres from the first corner) and its usual speed. */
export interface Route {
  loop: [number, number][];
  offset: [number, number];
  /** Metres along the loop of the depot the vehicle parks at overnight and between trips. */
  depot: number;
  /** Usual speed, km/h. */
  cruise: number;
}

/** How often a device reports while the ignition is on, and while parked with it off. */
export interface HistoryDensity {
  movingSeconds: number;
  parkedSeconds: number;
}

export const DEFAULT_DENSITY: HistoryDensity = { movingSeconds: 10, parkedSeconds: 300 };

/** One position of a past day, as a device would have stored it to send later. */
export interface HistoryFix {
  time: number;
  latitude: number;
  longitude: number;
  speed: number;
  heading: number;
  ignition: boolean;
  packet: { type: string; alertId: number };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NORMAL = { type: 'NR', alertId: 1 };
const IGNITION_ON = { type: 'IN', alertId: 7 };
const IGNITION_OFF = { type: 'IF', alertId: 8 };

/** A random number generator seeded by a text (FNV-1a, then mulberry32): the same text gives the same numbers. */
export function seeded(text: string): () => number {
  let seed = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) seed = Math.imul(seed ^ text.charCodeAt(i), 0x01000193);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The yyyy-MM-dd Asia/Kolkata days of the `days` before the one `until` falls on, and that day itself, oldest first. */
export function historyDays(until: number, days: number): string[] {
  const list: string[] = [];
  for (let back = days; back >= 0; back--) list.push(indianIsoDay(startOfIndianDay(until, -back)));
  return list;
}

/**
 * One believable Asia/Kolkata day of a vehicle, the same for the same device and day whenever it is
 * asked for (seeded by both): parked at its depot with the ignition off overnight; two or three
 * trips during working hours, each an engine start, a short idle, laps of its loop with halts at
 * signals and one longer halt with the engine running, and the engine off back at the depot; parked
 * again between trips and until midnight. Nothing at or after `until`, and a trip not finished by
 * then is not started (the vehicle waits at its depot: the day under way goes on live).
 */
export function historyDay(
  route: Route,
  imei: string,
  day: string,
  until = Infinity,
  density: HistoryDensity = DEFAULT_DENSITY,
): HistoryFix[] {
  const random = seeded(`${imei}:${day}`);
  const dayStart = startOfIndianDay(new Date(`${day}T12:00:00+05:30`)).getTime();
  const dayEnd = Math.min(startOfIndianDay(dayStart, 1).getTime(), until);
  const { length } = along(route.loop, route.depot);
  const fixes: HistoryFix[] = [];
  const at = (meters: number) => {
    const here = along(route.loop, meters);
    return {
      latitude: here.point[0] + route.offset[0],
      longitude: here.point[1] + route.offset[1],
      heading: here.heading,
    };
  };
  const parked = (from: number, to: number) => {
    for (let time = from; time < to; time += density.parkedSeconds * 1000)
      fixes.push({ time, ...at(route.depot), speed: 0, ignition: false, packet: NORMAL });
  };

  /** A trip from the depot round the loop and back, starting at `start`: its fixes. */
  const trip = (start: number): HistoryFix[] => {
    const step = density.movingSeconds * 1000;
    const out: HistoryFix[] = [];
    let time = start;
    let odometer = route.depot;
    const standing = (seconds: number, packet = NORMAL) => {
      const until = time + seconds * 1000;
      for (let first = true; time < until || first; first = false) {
        out.push({ time, ...at(odometer), speed: 0, ignition: true, packet: first ? packet : NORMAL });
        time += step;
      }
    };
    standing(60 + random() * 120, IGNITION_ON);
    const laps = Math.max(1, Math.round((8_000 + random() * 17_000) / length));
    const end = route.depot + laps * length;
    const longHalt = route.depot + (0.3 + random() * 0.4) * (end - route.depot);
    let halted = false;
    while (odometer < end) {
      if (!halted && odometer >= longHalt) {
        halted = true;
        standing(120 + random() * 150);
        continue;
      }
      if (random() < 0.03) {
        standing(30 + random() * 90);
        continue;
      }
      const speed = Math.max(8, Math.min(85, route.cruise + (random() - 0.5) * 20));
      odometer = Math.min(end, odometer + (speed / 3.6) * density.movingSeconds);
      const roll = random();
      const packet =
        roll >= 0.003
          ? NORMAL
          : speed > 60
            ? { type: 'OS', alertId: 17 }
            : [
                { type: 'HB', alertId: 13 },
                { type: 'HA', alertId: 14 },
                { type: 'RT', alertId: 15 },
              ][Math.floor((roll / 0.003) * 3)]!;
      out.push({ time, ...at(odometer), speed, ignition: true, packet });
      time += step;
    }
    out.push({ time, ...at(end), speed: 0, ignition: false, packet: IGNITION_OFF });
    return out;
  };

  let parkedFrom = dayStart;
  let start = dayStart + 8 * HOUR + random() * 90 * MINUTE;
  const trips = random() < 0.5 ? 2 : 3;
  for (let n = 0; n < trips && start < dayStart + 20 * HOUR; n++) {
    const driven = trip(start);
    const last = driven[driven.length - 1]!;
    if (last.time >= dayEnd) break;
    parked(parkedFrom, start);
    fixes.push(...driven);
    parkedFrom = last.time + density.parkedSeconds * 1000;
    start = last.time + (60 + random() * 150) * MINUTE;
  }
  parked(parkedFrom, dayEnd);
  return fixes;
}
