import { normalFrame, type DeviceState } from '../../server/simulator/frames.ts';

/**
 * A day of one vehicle as an AIS-140 device sends it (issue 25): three trips, an 80-minute stop,
 * a 20-minute idle with the ignition on, a GPS jump, late history frames and a trip over midnight.
 * Times are Indian (IST); the vehicle drives due north along a meridian, so each step is exactly
 * its degrees of arc on the mean Earth radius.
 *
 * 14/10 00:00–05:55 parked, ignition off, a report every 5 minutes
 *       06:00–06:39 trip A at 30 km/h (0.0045° a minute), a fix 0.74° of longitude (74 km) away at 06:20:30
 *       06:40–07:55 parked (the 80-minute stop)
 *       08:00–08:29 trip B at 40 km/h (0.006° a minute)
 *       08:30–08:49 standing with the ignition on (the 20-minute idle)
 *       08:50–23:30 parked, a report every 10 minutes
 *       23:40–00:19 trip C at 30 km/h, over midnight; 00:20–00:30 (15/10) parked
 * B's last five minutes and the idle (08:25–08:49) reach the server last, as one burst of history (H) frames.
 * Each trip's first fix is a minute's drive from where it stood: it reports once moving.
 */
export const DAY = '2026-10-14';
export const NEXT_DAY = '2026-10-15';
export const IMEI = '868347070055525';
export const REGISTRATION = 'UP78HD0025';
const STEP_A = 0.0045;
const STEP_B = 0.006;
export const ARC_M = (degrees: number) => degrees * (Math.PI / 180) * 6_371_008.8;
/** The day's distance: A 40 steps, B 30, C's 20 before midnight. */
export const DAY_METERS = ARC_M(40 * STEP_A) + ARC_M(30 * STEP_B) + ARC_M(20 * STEP_A);

export const ist = (day: string, time: string) => new Date(`${day}T${time.length === 5 ? `${time}:00` : time}+05:30`);
export const at = (day: string, time: string) => ist(day, time).toISOString().replace('.000Z', 'Z');

export interface PlannedFrame {
  time: Date;
  device: DeviceState;
  live: boolean;
}

export function heldOutDay(): PlannedFrame[] {
  const frames: PlannedFrame[] = [];
  let n = 1;
  const add = (day: string, time: string, latitude: number, speed: number, ignition: boolean, longitude = 80.3) => {
    const when = ist(day, time);
    const late = day === DAY && time >= '08:25' && time < '08:50';
    frames.push({
      time: when,
      live: !late,
      device: {
        imei: IMEI,
        registration: REGISTRATION,
        latitude,
        longitude,
        speed,
        heading: 0,
        ignition,
        frameNumber: n++,
      },
    });
  };
  const clock = (minutes: number) =>
    `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  const L0 = 26;
  for (let m = 0; m <= 5 * 60 + 55; m += 5) add(DAY, clock(m), L0, 0, false);
  for (let i = 0; i < 40; i++) {
    add(DAY, clock(6 * 60 + i), L0 + (i + 1) * STEP_A, 30, true);
    if (i === 20) add(DAY, '06:20:30', L0 + 21 * STEP_A, 30, true, 81.04);
  }
  const L1 = L0 + 40 * STEP_A;
  for (let m = 6 * 60 + 40; m <= 7 * 60 + 55; m += 5) add(DAY, clock(m), L1, 0, false);
  for (let i = 0; i < 30; i++) add(DAY, clock(8 * 60 + i), L1 + (i + 1) * STEP_B, 40, true);
  const L2 = L1 + 30 * STEP_B;
  for (let i = 0; i < 20; i++) add(DAY, clock(8 * 60 + 30 + i), L2, 0, true);
  for (let m = 8 * 60 + 50; m <= 23 * 60 + 30; m += 10) add(DAY, clock(m), L2, 0, false);
  for (let i = 0; i < 40; i++) add(i < 20 ? DAY : NEXT_DAY, clock(23 * 60 + 40 + i), L2 + (i + 1) * STEP_A, 30, true);
  for (const time of ['00:20', '00:25', '00:30']) add(NEXT_DAY, time, L2 + 40 * STEP_A, 0, false);
  return frames.map((f) => ({ ...f, time: f.time }));
}

export const frameText = (f: PlannedFrame) => normalFrame(f.device, f.time, undefined, f.live);
