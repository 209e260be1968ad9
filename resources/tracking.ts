/**
 * Vehicle states and the thresholds behind them, shared by the server (SQL) and the console (live
 * updates). docs/tracking.md defines each state.
 */
export const VEHICLE_STATES = ['running', 'idle', 'stopped', 'offline', 'noData'] as const;
export type VehicleState = (typeof VEHICLE_STATES)[number];

/** At or above this speed (km/h) a vehicle is moving; GPS drift at rest stays below it. */
export const MOVING_KMPH = 5;
/** A halt this long or longer is a stop on a playback. */
export const STOP_MINUTES = 3;
/** A vehicle not heard from for this long is offline, unless its organisation's settings say otherwise. */
export const DEFAULT_OFFLINE_MINUTES = 30;

/** The state of a vehicle from what it last reported; the console's copy of the server's rule. */
export function vehicleState(last: { speed: number; ignition: boolean | null } | null, lastSeenAt: string | null, now = Date.now(), offlineMinutes = DEFAULT_OFFLINE_MINUTES): VehicleState {
  if (!last || !lastSeenAt) return 'noData';
  if (now - Date.parse(lastSeenAt) > offlineMinutes * 60_000) return 'offline';
  if (last.speed >= MOVING_KMPH) return 'running';
  return last.ignition ? 'idle' : 'stopped';
}

/** Packet types of the AIS-140 normal/alert frame and the event each raises (NR and HP raise none). */
export const PACKET_EVENTS: Record<string, string | null> = {
  NR: null,
  HP: null,
  EA: 'SOS',
  TA: 'TAMPER',
  BD: 'POWER_CUT',
  BR: 'POWER_RESTORED',
  BL: 'LOW_BATTERY',
  BH: 'BATTERY_CHARGED',
  BC: 'BATTERY_CHARGED',
  IN: 'IGNITION_ON',
  IF: 'IGNITION_OFF',
  OT: 'OTA_UPDATE',
  HB: 'HARSH_BRAKING',
  HA: 'HARSH_ACCELERATION',
  RT: 'RASH_TURNING',
  WD: 'EMERGENCY_WIRE_DISCONNECTED',
  OS: 'OVERSPEED',
  // the emergency frame
  EPB: 'SOS',
};

/** One point of a playback path. */
export interface PlaybackPoint {
  fixTime: string;
  latitude: number;
  longitude: number;
  speed: number;
  heading: number;
  ignition: boolean | null;
}

/** A halt of STOP_MINUTES or more on a playback. */
export interface Stop { from: string; to: string; minutes: number; latitude: number; longitude: number }

/** A vehicle in the live socket's snapshot, and in the console's live fleet. */
export interface LiveVehicle {
  vehicleId: string;
  deviceId: string | null;
  name: string;
  registrationNumber: string;
  status: VehicleState;
  latitude: number | null;
  longitude: number | null;
  speed: number;
  heading: number;
  ignition: boolean | null;
  fixTime: string | null;
  /** When the server received the frame behind the latest update. */
  receivedAt?: string;
}

/** A moved vehicle in a live update. */
export interface LiveUpdatePosition {
  vehicleId: string;
  latitude: number;
  longitude: number;
  speed: number;
  heading: number;
  ignition: boolean | null;
  fixTime: string;
  receivedAt: string;
}

/**
 * A position on the live socket: [vehicleId, latitude, longitude, speed, heading, ignition (1, 0
 * or null), fix time, received time (ms since 1970)]. Busy fleets send the same vehicles again and
 * again: arrays instead of objects make an update a third of the size.
 */
export type WirePosition = [string, number, number, number, number, 0 | 1 | null, number, number];

export const toWire = (p: LiveUpdatePosition): WirePosition => [
  p.vehicleId, p.latitude, p.longitude, p.speed, p.heading, p.ignition === null ? null : p.ignition ? 1 : 0, Date.parse(p.fixTime), Date.parse(p.receivedAt),
];

export const fromWire = ([vehicleId, latitude, longitude, speed, heading, ignition, fixTime, receivedAt]: WirePosition): LiveUpdatePosition => ({
  vehicleId, latitude, longitude, speed, heading, ignition: ignition === null ? null : ignition === 1,
  fixTime: new Date(fixTime).toISOString(), receivedAt: new Date(receivedAt).toISOString(),
});
