import { xorChecksum } from '../gateway/checksum.ts';

export interface DeviceState {
  imei: string;
  registration: string;
  latitude: number;
  longitude: number;
  speed: number;
  heading: number;
  ignition: boolean;
  frameNumber: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** ddMMyyyy and HHmmss in UTC, as AIS-140 devices send them. */
export function ais140Time(time: Date): [string, string] {
  return [
    `${pad(time.getUTCDate())}${pad(time.getUTCMonth() + 1)}${time.getUTCFullYear()}`,
    `${pad(time.getUTCHours())}${pad(time.getUTCMinutes())}${pad(time.getUTCSeconds())}`,
  ];
}

const withChecksum = (body: string) => `${body}*${xorChecksum(body.slice(1))}\r\n`;

export function loginFrame(device: DeviceState): string {
  return withChecksum(
    `$LGN,WAYMARKSIM,${device.registration},${device.imei},1.0.4,AIS140,${device.latitude.toFixed(6)},N,${device.longitude.toFixed(6)},E`,
  );
}

/** A normal (NR) frame, or an alert frame when a packet type and alert id are given. */
export function normalFrame(
  device: DeviceState,
  time: Date,
  packet: { type: string; alertId: number } = { type: 'NR', alertId: 1 },
  live = true,
): string {
  const [date, clock] = ais140Time(time);
  const fields = [
    '$NRM',
    'WAYMARKSIM',
    '1.0.4',
    packet.type,
    packet.alertId,
    live ? 'L' : 'H',
    device.imei,
    device.registration,
    1,
    date,
    clock,
    device.latitude.toFixed(6),
    'N',
    device.longitude.toFixed(6),
    'E',
    device.speed.toFixed(1),
    device.heading.toFixed(0),
    14,
    '128.0',
    '0.9',
    '0.8',
    'AIRTEL',
    device.ignition ? 1 : 0,
    1,
    '12.6',
    '4.1',
    packet.type === 'EA' ? 1 : 0,
    'C',
    24,
    404,
    10,
    '00D5',
    '4B2F',
    '4B30',
    '00D5',
    20,
    '4B31',
    '00D5',
    18,
    '4B32',
    '00D5',
    15,
    '4B33',
    '00D5',
    12,
    '0000',
    '00',
    pad(device.frameNumber % 1_000_000, 6),
  ];
  return withChecksum(fields.join(','));
}

/** A heartbeat: the gateway answers `$HBT,OK*` once it is stored. */
export const heartbeatFrame = (imei: string) => withChecksum(`$HBT,${imei}`);

export function healthFrame(device: DeviceState, batteryPercent: number): string {
  return withChecksum(`$HLM,WAYMARKSIM,1.0.4,${device.imei},${batteryPercent},20,35,10,60,0000,0.0,0.0`);
}

export function emergencyFrame(device: DeviceState, time: Date, released = false): string {
  const [date, clock] = ais140Time(time);
  return withChecksum(
    `$,EPB,${released ? 'SEM' : 'EMR'},${device.imei},NM,${date}${clock},A,${device.latitude.toFixed(6)},N,${device.longitude.toFixed(6)},E,128.0,${device.speed.toFixed(1)},0.0,G,${device.registration},+919876543210`,
  );
}
