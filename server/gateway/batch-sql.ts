/**
 * A batch's rows as columns. raw_logs and positions, a row per frame, go in by binary COPY
 * (server/db/copy.ts): one buffer per table, no value turned into text, nothing escaped, and no
 * INSERT to plan. device_states, a row per device and an upsert, is written with `unnest` of one
 * array per column; its jsonb columns travel as one JSON array each, the rows' JSON joined as it is
 * (a text[] would escape every quote of every row's JSON on the way and unescape it on arrival),
 * and its json column as one text split again (server/db/separated-texts.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { CopyColumn } from '../db/copy.ts';
import type { DecodedPosition } from './ais140.ts';
import { motionSql } from '../tracking/motion.ts';
import { separatedTexts } from '../db/separated-texts.ts';
import type { Db } from '../db/client.ts';
import { query } from '../resources/sql.ts';

/** What an array literal holds without quotes: ids, ISO times, numbers (none is the word NULL). */
const PLAIN = /^[0-9A-Za-z:.+-]+$/;
const plain = (value: unknown) =>
  value === null ||
  (typeof value === 'number' && Number.isFinite(value)) ||
  (typeof value === 'string' && PLAIN.test(value) && value.toUpperCase() !== 'NULL');

/**
 * An array parameter. Plain values are joined into the literal as they are, where node-postgres
 * would quote and escape each one (a batch's ids and times, thousands of them a second).
 */
const array = (values: unknown[]) =>
  sql.param(values.every(plain) ? `{${values.map((value) => value ?? 'NULL').join(',')}}` : values);

/**
 * Rows' JSON texts (null: none) as one JSON array, element for element, for jsonb columns: parsed
 * once as the parameter. As separated texts cast one by one (server/db/separated-texts.ts, which
 * the json column uses) they cost the database ×1.11 a frame, measured.
 */
const jsonArray = (texts: (string | null)[]) => sql.param(`[${texts.map((text) => text ?? 'null').join(',')}]`);

/**
 * raw_logs rows (tx and seq are the columns' defaults, in row order: forwarding's order,
 * server/forwarding/cursor.ts). Ids are time-ordered (server/db/time-ordered-id.ts): the largest
 * table's primary key grows at its right-hand edge instead of on random pages.
 */
export class RawLogRows {
  readonly id: string[] = [];
  readonly imei: (string | null)[] = [];
  readonly deviceId: (string | null)[] = [];
  readonly organisationId: (string | null)[] = [];
  readonly receivedAt: string[] = [];
  readonly frame: string[] = [];
  readonly parseResult: string[] = [];
  readonly message: (string | null)[] = [];

  columns(): CopyColumn[] {
    return [
      { name: 'id', type: 'uuid', values: this.id },
      { name: 'imei', type: 'text', values: this.imei },
      { name: 'device_id', type: 'uuid', values: this.deviceId },
      { name: 'organisation_id', type: 'uuid', values: this.organisationId },
      { name: 'received_at', type: 'timestamptz', values: this.receivedAt },
      { name: 'frame', type: 'text', values: this.frame },
      { name: 'parse_result', type: 'text', values: this.parseResult },
      { name: 'message', type: 'text', values: this.message },
    ];
  }
}

/** positions rows; `attributes` holds each row's JSON. */
export class PositionRows {
  readonly deviceId: string[] = [];
  readonly fixTime: string[] = [];
  readonly receivedAt: string[] = [];
  readonly latitude: number[] = [];
  readonly longitude: number[] = [];
  readonly speed: number[] = [];
  readonly heading: number[] = [];
  readonly altitude: (number | null)[] = [];
  readonly satellites: (number | null)[] = [];
  readonly ignition: (boolean | null)[] = [];
  readonly gpsFix: boolean[] = [];
  readonly live: boolean[] = [];
  readonly packetType: string[] = [];
  readonly attributes: string[] = [];

  get length() {
    return this.deviceId.length;
  }

  columns(): CopyColumn[] {
    return [
      { name: 'device_id', type: 'uuid', values: this.deviceId },
      { name: 'fix_time', type: 'timestamptz', values: this.fixTime },
      { name: 'received_at', type: 'timestamptz', values: this.receivedAt },
      { name: 'latitude', type: 'float8', values: this.latitude },
      { name: 'longitude', type: 'float8', values: this.longitude },
      { name: 'speed', type: 'float4', values: this.speed },
      { name: 'heading', type: 'float4', values: this.heading },
      { name: 'altitude', type: 'float4', values: this.altitude },
      { name: 'satellites', type: 'int4', values: this.satellites },
      { name: 'ignition', type: 'bool', values: this.ignition },
      { name: 'gps_fix', type: 'bool', values: this.gpsFix },
      { name: 'live', type: 'bool', values: this.live },
      { name: 'packet_type', type: 'text', values: this.packetType },
      { name: 'attributes', type: 'jsonb', values: this.attributes },
    ];
  }
}

/** A device's newest live position in a batch, its attributes already the positions row's JSON. */
export interface LastPosition {
  position: DecodedPosition;
  attributes: string;
  receivedAt: string;
  packetType: string;
}

/**
 * device_states.last_position's JSON: the position's fields and when it arrived (its attributes,
 * the positions row's JSON, go to last_attributes as they are).
 */
export function lastPositionJson({ position: p, receivedAt, packetType }: LastPosition): string {
  // field by field: an object rest or spread of the position cost three times the JSON (and a new
  // field of DecodedPosition does not compile until it is added here)
  return JSON.stringify({
    fixTime: p.fixTime,
    latitude: p.latitude,
    longitude: p.longitude,
    speed: p.speed,
    heading: p.heading,
    altitude: p.altitude,
    satellites: p.satellites,
    ignition: p.ignition,
    gpsFix: p.gpsFix,
    receivedAt,
    packetType,
    live: true,
  } satisfies Omit<DecodedPosition, 'attributes'> & { receivedAt: string; packetType: string; live: true });
}

/** One device's row of device_states for a batch. */
export interface DeviceStateRow {
  id: string;
  seen: string;
  /** The newest live position as JSON (device_states.last_position), or null. */
  position: string | null;
  /** Its attributes' JSON (device_states.last_attributes), or null. */
  attributes: string | null;
  /** The latest health frame as JSON, or null. */
  health: string | null;
  firmware: string | null;
  /** The earliest fix stored for the device in the batch: where the summariser starts reading it. */
  summaryFrom: string | null;
  /** How many positions of the device the batch stores: added to summary_count. */
  positions: number;
}

/**
 * Upserts each device's latest state (rows sorted by id, so two batches cannot deadlock) and
 * returns each device's motion by its organisation's settings.
 */
export function upsertDeviceStates(rows: DeviceStateRow[]): SQL {
  // the batch's position replaces the stored one unless that is newer (history frames never move it back)
  const newer = sql`excluded.last_position is not null
    and (d.last_position is null or (d.last_position->>'fixTime')::timestamptz <= (excluded.last_position->>'fixTime')::timestamptz)`;
  return sql`
      insert into device_states as d (device_id, last_seen_at, last_position, last_attributes, last_health, summary_from, summary_count)
      select id, seen, nullif(position, 'null'), nullif(attributes, 'null')::json, nullif(health, 'null'), summary_from, nullif(n, 0)
      from rows from (unnest(${array(rows.map((r) => r.id))}::uuid[]), unnest(${array(rows.map((r) => r.seen))}::timestamptz[]),
        jsonb_array_elements(${jsonArray(rows.map((r) => r.position))}::jsonb),
        ${separatedTexts(rows.map((r) => r.attributes ?? 'null'))},
        jsonb_array_elements(${jsonArray(rows.map((r) => r.health))}::jsonb),
        unnest(${array(rows.map((r) => r.summaryFrom))}::timestamptz[]), unnest(${array(rows.map((r) => r.positions))}::integer[]))
        as v(id, seen, position, attributes, health, summary_from, n)
      on conflict (device_id) do update set
        -- the summariser reads the device's positions from here on (server/reports/summariser.ts)
        summary_from = least(d.summary_from, excluded.summary_from),
        -- counted from the batch that marks the device; null (unknown) stays null until the claim
        summary_count = case when d.summary_from is null then excluded.summary_count
          else d.summary_count + coalesce(excluded.summary_count, 0) end,
        last_seen_at = greatest(d.last_seen_at, excluded.last_seen_at),
        last_position = case when ${newer} then excluded.last_position else d.last_position end,
        last_attributes = case when ${newer} then excluded.last_attributes else d.last_attributes end,
        last_health = coalesce(excluded.last_health, d.last_health)
      returning device_id as "deviceId", ${motionSql(
        sql`d.last_position`,
        // the vehicle's organisation, as Vehicle Status reads it (server/tracking/status.ts)
        sql`(select o.attributes->'settings' from vehicles v join organisations o on o.id = v.organisation_id where v.device_id = d.device_id)`,
      )} as motion`;
}

/**
 * The devices and organisations a batch's frames name that its device_states rows do not vouch
 * for (a known device's invalid frames, and every organisation), locked as their foreign keys
 * locked them, once a batch: a delete of one waits for the batch, whose rows its trigger then sees
 * (migration 0045); one already gone refuses the batch.
 */
export async function lockNamed(tx: Db, devices: string[], organisations: string[]): Promise<void> {
  const [found] = await query<{ devices: number; organisations: number }>(
    tx,
    sql`select
    (select count(*) from (select 1 from devices where id = any(${array(devices)}::uuid[]) for key share) d)::integer as devices,
    (select count(*) from (select 1 from organisations where id = any(${array(organisations)}::uuid[]) for key share) o)::integer
      as organisations`,
  );
  // refused as the keys refused it, so the store looks the batch's IMEIs up again
  if (found!.devices < devices.length || found!.organisations < organisations.length)
    throw Object.assign(new Error('a device or organisation the batch names is gone'), { code: '23503' });
}

/** The firmware versions login frames reported, where they changed. */
export function updateFirmware(rows: { id: string; firmware: string }[]): SQL {
  return sql`
      update devices d set firmware_version = v.firmware
      from unnest(${array(rows.map((r) => r.id))}::uuid[], ${array(rows.map((r) => r.firmware))}::text[]) as v(id, firmware)
      where d.id = v.id and d.firmware_version is distinct from v.firmware`;
}
