/**
 * Vehicle states and the thresholds behind them. The server decides a vehicle's state (the one
 * motion rule, server/tracking/motion.ts, with the organisation's settings) and sends it; the
 * console only shows it. docs/tracking.md defines each state.
 */
export const VEHICLE_STATES = ['running', 'idle', 'stopped', 'offline', 'noData'] as const;
export type VehicleState = (typeof VEHICLE_STATES)[number];

/** The default of an organisation's minMovingKmph ("moving above", server/tracking/motion.ts). */
export const MOVING_KMPH = 5;
/** A vehicle not heard from for this long is offline, unless its organisation's settings say otherwise. */
export const DEFAULT_OFFLINE_MINUTES = 30;

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

/** A position: one point of a playback path, and what every other kind of position adds to. */
export interface PositionFix {
  fixTime: string;
  latitude: number;
  longitude: number;
  speed: number;
  heading: number;
  ignition: boolean | null;
}

/** A stop on a playback: a halt of the organisation's parking time or more, as the reports find it. */
export interface Stop {
  from: string;
  to: string;
  minutes: number;
  latitude: number;
  longitude: number;
}

/** A stored position as it travels live: its vehicle, when the server received it, and the state the server gave the vehicle with it. */
export interface LivePosition extends PositionFix {
  vehicleId: string;
  deviceId: string;
  receivedAt: string;
  status: VehicleState;
}

/** A vehicle in the live socket's snapshot, and in the console's live fleet: its latest position, if any. */
export interface LiveVehicle extends Nullable<Omit<PositionFix, 'speed' | 'heading'>> {
  vehicleId: string;
  deviceId: string | null;
  status: VehicleState;
  name: string;
  registrationNumber: string;
  speed: number;
  heading: number;
  /** When the server received the frame behind the latest update. */
  receivedAt?: string;
}

type Nullable<T> = { [K in keyof T]: T[K] | null };

/**
 * A position on the live socket: [vehicleId, latitude, longitude, speed, heading, ignition (1, 0
 * or null), fix time, received time (ms since 1970), state (its index in VEHICLE_STATES)]. Busy
 * fleets send the same vehicles again and again: arrays instead of objects make an update a third
 * of the size.
 */
export type WirePosition = [string, number, number, number, number, 0 | 1 | null, number, number, number];
/** A vehicle whose state changed without a frame (it fell silent: offline): [vehicleId, state index]. */
export type WireState = [string, number];

export const toWire = (p: Omit<LivePosition, 'deviceId'>): WirePosition => [
  p.vehicleId,
  p.latitude,
  p.longitude,
  p.speed,
  p.heading,
  p.ignition === null ? null : p.ignition ? 1 : 0,
  Date.parse(p.fixTime),
  Date.parse(p.receivedAt),
  VEHICLE_STATES.indexOf(p.status),
];

export const fromWire = ([
  vehicleId,
  latitude,
  longitude,
  speed,
  heading,
  ignition,
  fixTime,
  receivedAt,
  state,
]: WirePosition): Omit<LivePosition, 'deviceId'> => ({
  vehicleId,
  latitude,
  longitude,
  speed,
  heading,
  ignition: ignition === null ? null : ignition === 1,
  fixTime: new Date(fixTime).toISOString(),
  receivedAt: new Date(receivedAt).toISOString(),
  status: VEHICLE_STATES[state] ?? 'noData',
});

/**
 * A vehicle outside the map's viewport, sent coarser and less often than the ones inside:
 * [vehicleId, latitude, longitude (to 5 decimals, a metre), speed (whole km/h), state index], its
 * latest position only, and only when that differs from what was last sent (a parked vehicle is
 * not sent again).
 */
export type WireDistant = [string, number, number, number, number];

/** The map's visible area, [west, south, east, north] in degrees; west above east crosses the antimeridian. */
export type Viewport = [number, number, number, number];

export const inViewport = ([west, south, east, north]: Viewport, latitude: number, longitude: number): boolean =>
  latitude >= south &&
  latitude <= north &&
  (west <= east ? longitude >= west && longitude <= east : longitude >= west || longitude <= east);

/** The live socket's messages after the snapshot: positions, alerts, states changed without a frame, and vehicles outside the viewport. */
export interface WireUpdate<Alert> {
  type: 'update';
  positions: WirePosition[];
  events: Alert[];
  states?: WireState[];
  distant?: WireDistant[];
  /**
   * Only from a server started with WAYMARK_LIVE_HOP_TIMES (the live bench): for each of `positions`,
   * when its frame's batch was committed and heard by the web process, and when this update was sent
   * (ms since the epoch), so the bench can tell which hop the delay is spent in.
   */
  hops?: { committed: number[]; heard: number[]; sent: number };
}
