import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { query } from '../resources/sql.ts';

export interface KnownDevice {
  deviceId: string;
  organisationId: string;
  vehicleId: string | null;
  /** Fix time of the live position shown on maps, so history frames never move it backwards. */
  lastFixTime: number;
}

interface Entry {
  device: KnownDevice | null;
  loadedAt: number;
}

/**
 * How long a lookup stays good without a change being heard (a dropped listener): changes to
 * devices and vehicles are NOTIFYed on this channel with the IMEI concerned (migration 0015).
 */
const KNOWN_TTL_MS = 60_000;
const UNKNOWN_TTL_MS = 15_000;
export const DEVICES_CHANNEL = 'waymark_devices';

/** IMEI → device, organisation and vehicle, loaded in one statement per batch and cached. */
export class DeviceDirectory {
  private readonly entries = new Map<string, Entry>();
  /** Bumped on every change heard, so a lookup that raced a change is not kept. */
  private generation = 0;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly db: Db) {}

  /** Hears changes to devices and vehicles from every process, and forgets the IMEIs they name. */
  async watch(database: Pick<Database, 'listen'>): Promise<void> {
    // a change may have been missed while the listener was deaf: read every device again
    this.unlisten = await database.listen(
      DEVICES_CHANNEL,
      (imei) => this.forget(imei === '*' ? undefined : imei),
      () => this.forget(),
    );
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = undefined;
  }

  /** Forgets one IMEI, or all of them. */
  forget(imei?: string): void {
    this.generation += 1;
    if (imei === undefined) this.entries.clear();
    else this.entries.delete(imei);
  }

  async resolve(imeis: Iterable<string>, now = Date.now()): Promise<Map<string, KnownDevice | null>> {
    const result = new Map<string, KnownDevice | null>();
    const missing: string[] = [];
    for (const imei of new Set(imeis)) {
      const entry = this.entries.get(imei);
      const ttl = entry?.device ? KNOWN_TTL_MS : UNKNOWN_TTL_MS;
      if (entry && now - entry.loadedAt < ttl) result.set(imei, entry.device);
      else missing.push(imei);
    }
    if (missing.length) {
      const generation = this.generation;
      const rows = await query<{
        imei: string;
        deviceId: string;
        organisationId: string;
        vehicleId: string | null;
        lastFix: string | null;
      }>(
        this.db,
        sql`
        select d.imei, d.id as "deviceId", d.organisation_id as "organisationId", v.id as "vehicleId",
               s.last_position->>'fixTime' as "lastFix"
        from devices d left join vehicles v on v.device_id = d.id left join device_states s on s.device_id = d.id
        where d.imei in (select jsonb_array_elements_text(${JSON.stringify(missing)}::jsonb))`,
      );
      const found = new Map(rows.map((r) => [r.imei, r]));
      for (const imei of missing) {
        const row = found.get(imei);
        const previous = this.entries.get(imei)?.device;
        const device = row
          ? {
              deviceId: row.deviceId,
              organisationId: row.organisationId,
              vehicleId: row.vehicleId,
              lastFixTime: Math.max(
                row.lastFix ? Date.parse(row.lastFix) : 0,
                previous?.deviceId === row.deviceId ? previous.lastFixTime : 0,
              ),
            }
          : null;
        if (generation === this.generation) this.entries.set(imei, { device, loadedAt: now });
        result.set(imei, device);
      }
    }
    return result;
  }
}
