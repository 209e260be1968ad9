import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { query } from '../resources/sql.ts';
import { parseFrame } from '../gateway/ais140.ts';
import { placeable, positionOf } from '../gateway/frame-rows.ts';
import type { OutgoingFrame } from './targets.ts';

/**
 * A destination's place in raw_logs: the (tx, seq) of the last frame it acknowledged. raw_logs rows
 * carry the id of the transaction that wrote them (tx, xid8) and a number (seq); a frame is read only
 * once every transaction older than the oldest one still running has ended (tx below the snapshot's
 * xmin), so no frame can later appear behind a cursor already past it, whatever order concurrent
 * gateway batches commit in. Nothing is copied at ingest: the cursor reads the table the gateway
 * writes anyway.
 */
export interface Cursor {
  tx: string;
  seq: number;
}

interface FrameRow {
  tx: string;
  seq: number;
  imei: string;
  frame: string;
  receivedAt: string;
  organisationId: string;
  vehicleId: string | null;
  registrationNumber: string | null;
}

/** The frames of an organisation's tree, as its destinations receive them. */
const inTree = (organisationId: string) => sql`r.organisation_id in (
  select o.id from organisations o join organisations me on starts_with(o.path, me.path) where me.id = ${organisationId}::uuid)`;

export interface Batch {
  frames: OutgoingFrame[];
  /** Where the cursor goes once every frame of the batch is acknowledged. */
  end: Cursor;
  /** The cursor of each frame, in order. */
  cursors: Cursor[];
  /** More frames wait past this batch. */
  more: boolean;
}

/**
 * The next frames after the cursor (parsed OK, of the organisation's tree), at most `limit`. When
 * they are fewer, `end` is the newest finished row of the whole table, so a cursor crosses the other
 * organisations' frames instead of scanning them again on every read.
 */
export async function nextBatch(db: Db, organisationId: string, cursor: Cursor, limit: number): Promise<Batch> {
  const rows = await query<FrameRow & { highTx: string | null; highSeq: number | null }>(
    db,
    sql`
    with horizon as (select pg_snapshot_xmin(pg_current_snapshot()) as xmin),
    picked as (
      select r.tx::text as tx, r.seq, r.imei, r.frame, r.received_at as "receivedAt",
        r.organisation_id as "organisationId", r.device_id
      from raw_logs r, horizon h
      where (r.tx, r.seq) > (${cursor.tx}::xid8, ${cursor.seq}::bigint) and r.tx < h.xmin
        and r.parse_result = 'OK' and ${inTree(organisationId)}
      order by r.tx, r.seq limit ${limit}),
    high as (
      select r.tx::text as "highTx", r.seq as "highSeq" from raw_logs r, horizon h
      where r.tx < h.xmin and (r.tx, r.seq) > (${cursor.tx}::xid8, ${cursor.seq}::bigint)
      order by r.tx desc, r.seq desc limit 1)
    select p.*, v.id as "vehicleId", v.registration_number as "registrationNumber", high.*
    from (select 1) one left join picked p on true left join vehicles v on v.device_id = p.device_id
      left join high on true
    order by p.tx, p.seq`,
  );
  const found = rows.filter((r) => r.tx !== null);
  const cursors = found.map((r) => ({ tx: r.tx, seq: Number(r.seq) }));
  const high = rows[0]?.highTx ? { tx: rows[0].highTx, seq: Number(rows[0].highSeq) } : cursor;
  const more = found.length >= limit;
  return {
    frames: found.map(outgoing),
    cursors,
    end: more ? cursors[cursors.length - 1]! : high,
    more,
  };
}

function outgoing(row: FrameRow): OutgoingFrame {
  const outcome = parseFrame(row.frame);
  const located = positionOf(outcome);
  const p = located && placeable(located.position) ? located.position : null;
  return {
    key: `${row.tx}:${row.seq}`,
    organisationId: row.organisationId,
    imei: row.imei,
    frame: row.frame,
    position: p
      ? {
          imei: row.imei,
          vehicleId: row.vehicleId,
          registrationNumber: row.registrationNumber,
          organisationId: row.organisationId,
          fixTime: p.fixTime,
          receivedAt: new Date(row.receivedAt).toISOString(),
          latitude: p.latitude,
          longitude: p.longitude,
          speed: p.speed,
          heading: p.heading,
          altitude: p.altitude,
          satellites: p.satellites,
          ignition: p.ignition,
          gpsFix: p.gpsFix,
          live: located!.live,
          packetType: located!.packetType,
        }
      : null,
  };
}

/** Frames waiting for a destination (counted up to a million) and the oldest one's arrival. */
export async function lagOf(
  db: Db,
  organisationId: string,
  cursor: Cursor,
): Promise<{ waiting: number; oldestUnsentAt: string | null }> {
  const [row] = await query<{ waiting: number; oldest: string | null }>(
    db,
    sql`select count(*)::integer as waiting, min(received_at) as oldest from (
      select r.received_at from raw_logs r
      where (r.tx, r.seq) > (${cursor.tx}::xid8, ${cursor.seq}::bigint) and r.parse_result = 'OK' and ${inTree(organisationId)}
      limit 1000000) w`,
  );
  return {
    waiting: row?.waiting ?? 0,
    oldestUnsentAt: row?.oldest ? new Date(row.oldest).toISOString() : null,
  };
}
