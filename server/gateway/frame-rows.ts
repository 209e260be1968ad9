/** What the frame store reads from a parsed frame and writes for it: the shapes and the small rules. */
import { sql, type SQL } from 'drizzle-orm';
import type { FeedPosition, LiveEvent } from '../tracking/live.ts';
import type { DecodedPosition, ParseOutcome } from './ais140.ts';
import type { KnownDevice } from './devices.ts';
import type { LastPosition } from './batch-sql.ts';
import type { Fix } from '../reports/detector.ts';
import { sosCaseStatements } from '../sos/cases.ts';

export type ParseResult = 'OK' | 'INVALID' | 'UNKNOWN_DEVICE';

export interface ReceivedFrame {
  text: string;
  receivedAt: Date;
  outcome: ParseOutcome;
}

export interface StoredFrame {
  parseResult: ParseResult;
  device: KnownDevice | null;
}

/** A position or alert worked out from stored positions (geofences, routes). */
export interface DerivedEvent extends LiveEvent {
  organisationId: string;
  attributes: Record<string, unknown>;
}
/** What a batch gathers of one device on its way to the device's device_states row. */
export interface DeviceInBatch {
  seen: string;
  position: LastPosition | null;
  /** The newest fix time known, in ms: a live position older than it does not move the marker. */
  fix: number;
  health: unknown;
  firmware: string | null;
  earliestFix: string | null;
  earliest: number;
  /** The device's positions in this batch as the summariser reads them (server/reports/positions.ts). */
  fixes: Fix[];
}

/** A position as it arrives, before the database gives its vehicle a state. */
export type ArrivingPosition = Omit<FeedPosition, 'status'> & { organisationId: string };

/**
 * The position as the live feed sends it, with the state the database gave its vehicle. Field by
 * field: an object rest to drop the organisation cost more than the rest of the live batch.
 */
export const feedPosition = (p: ArrivingPosition, status: FeedPosition['status']): FeedPosition => ({
  deviceId: p.deviceId,
  vehicleId: p.vehicleId,
  fixTime: p.fixTime,
  receivedAt: p.receivedAt,
  latitude: p.latitude,
  longitude: p.longitude,
  speed: p.speed,
  heading: p.heading,
  ignition: p.ignition,
  status,
});

/**
 * Works out events from every position a batch stores (live and history frames alike), given per
 * vehicle in time order; `deviceEvents` are those the devices sent in the same batch.
 */
export type EventDeriver = (positions: ArrivingPosition[], deviceEvents: DerivedEvent[]) => Promise<DerivedEvent[]>;

/** The position a frame carries (a normal, alert or emergency frame), if any. */
export const positionOf = (
  outcome: ParseOutcome,
): { position: DecodedPosition; live: boolean; packetType: string } | null => {
  if (!outcome.ok) return null;
  const { frame } = outcome;
  if (frame.kind === 'position') return { position: frame.position, live: frame.live, packetType: frame.packetType };
  if (frame.kind === 'emergency' && frame.position)
    return { position: frame.position, live: frame.live, packetType: 'EPB' };
  return null;
};

export const imeiOf = (outcome: ParseOutcome): string | null =>
  outcome.ok ? ('imei' in outcome.frame ? outcome.frame.imei : null) : outcome.imei;

export const insertEvents = (events: DerivedEvent[]): SQL => sql`
  insert into events (type, device_id, vehicle_id, organisation_id, event_time, latitude, longitude, attributes)
  select type, device_id, vehicle_id, organisation_id, event_time, latitude, longitude, coalesce(attributes, '{}')
  from jsonb_to_recordset(${JSON.stringify(
    events.map((e) => ({
      type: e.type,
      device_id: e.deviceId,
      vehicle_id: e.vehicleId,
      organisation_id: e.organisationId,
      event_time: e.eventTime,
      latitude: e.latitude,
      longitude: e.longitude,
      attributes: e.attributes,
    })),
  )}::jsonb)
    as x(type text, device_id uuid, vehicle_id uuid, organisation_id uuid, event_time timestamptz, latitude float8, longitude float8, attributes jsonb)`;

/** The statements storing a batch's events: the events, then the SOS cases they open or release (server/sos/cases.ts). */
export const eventStatements = (events: DerivedEvent[]): SQL[] => [insertEvents(events), ...sosCaseStatements(events)];

/** A fix of 0,0 without GPS is "no position", not a point in the Gulf of Guinea. */
export const placeable = (p: DecodedPosition) => p.gpsFix || p.latitude !== 0 || p.longitude !== 0;

export function describe(
  outcome: ParseOutcome,
  device: KnownDevice | null | undefined,
): { parseResult: ParseResult; message: string | null } {
  if (!outcome.ok) return { parseResult: 'INVALID', message: outcome.error };
  if (!device) return { parseResult: 'UNKNOWN_DEVICE', message: 'IMEI not registered' };
  const notes: string[] = [];
  if (outcome.checksum === 'invalid') notes.push('checksum mismatch');
  if (outcome.unknownFields.length) notes.push(`unknown fields: ${outcome.unknownFields.join(',')}`);
  return { parseResult: 'OK', message: notes.length ? notes.join('; ') : null };
}

/** Positions sorted by device, then fix time (arrival order breaks ties): the order alerts are worked out in. */
export const inTimeOrderPerDevice = (positions: ArrivingPosition[]): ArrivingPosition[] =>
  positions
    .map((p, index) => ({ p, index, time: Date.parse(p.fixTime) }))
    .sort((a, b) =>
      a.p.deviceId !== b.p.deviceId ? (a.p.deviceId < b.p.deviceId ? -1 : 1) : a.time - b.time || a.index - b.index,
    )
    .map(({ p }) => p);

/** How old an alert from a history frame may be and still reach live consoles (a toast, the SOS sound). */
export const LIVE_EVENT_MAX_AGE_MS = 10 * 60_000;

/**
 * The alerts live consoles are told of: those of live frames, and those of history frames no older
 * than LIVE_EVENT_MAX_AGE_MS. A device emptying its store after a gap raises its past alerts in
 * the reports and the timeline, not as toasts of what happened days ago.
 */
export function liveEvents(events: DerivedEvent[], now = Date.now()): LiveEvent[] {
  return events
    .filter((e) => e.attributes.live === true || now - Date.parse(e.eventTime) <= LIVE_EVENT_MAX_AGE_MS)
    .map(({ organisationId: _o, attributes: _a, ...e }) => e);
}
