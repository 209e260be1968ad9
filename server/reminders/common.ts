import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { query } from '../resources/sql.ts';
import { textIn, type Language } from '../resources/messages.ts';

export const DAY_MS = 86_400_000;

/**
 * Claims a reminder's key: true once, for the first sweep that inserts it (any process, any
 * restart); run inside the transaction that queues the reminder, so a failure releases the key.
 */
export async function claimMark(db: Db, key: string): Promise<boolean> {
  const rows = await query(
    db,
    sql`insert into sweep_marks (key) values (${key}) on conflict (key) do nothing returning key`,
  );
  return rows.length === 1;
}

/** An event of the sweep's own (no position): the alert rules and the Alert report read it like any other. */
export async function insertSweepEvent(
  db: Db,
  event: {
    type: string;
    deviceId: string;
    vehicleId: string | null;
    organisationId: string;
    time: Date;
    attributes: object;
  },
) {
  await db.execute(sql`insert into events (type, device_id, vehicle_id, organisation_id, event_time, attributes)
    values (${event.type}, ${event.deviceId}::uuid, ${event.vehicleId}::uuid, ${event.organisationId}::uuid,
      ${event.time.toISOString()}::timestamptz, ${JSON.stringify(event.attributes)}::jsonb)`);
}

/** A day as people in India read it: 01 Oct 2027. */
export const indianDate = (at: Date | string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  }).format(new Date(at));

/** The Asia/Kolkata day of a moment, yyyy-mm-dd. */
export const indianDay = (at: Date) => new Date(at.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);

/**
 * A message of the sweep in both catalogue languages, English first: nobody's language is known
 * when no request causes it (users keep none), so the customer reads the one he knows.
 */
export const inBothLanguages = (render: (language: Language) => string, separator: string) =>
  [render('en'), render('hi')].join(separator);

export function bilingual(key: string, values: Record<string, string | number>) {
  return {
    subject: `${textIn('en', `${key}.subject`, values)} | ${textIn('hi', `${key}.subject`, values)}`,
    body: `${textIn('en', `${key}.body`, values)}\n\n${textIn('hi', `${key}.body`, values)}`,
  };
}
