import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { query } from '../resources/sql.ts';
import type { Connection } from './server.ts';

const POLL_MS = 2000;

/**
 * Sends commands queued by the send-command and update-firmware actions to connected devices.
 * The queue is in the database, so a command queued through any API process reaches the gateway
 * that holds the device's connection. Claiming a command (QUEUED → SENT) is one conditional
 * update, so two gateways never both send it.
 */
export class CommandDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private soon: NodeJS.Timeout | null = null;
  private running = false;

  constructor(private readonly db: Db, private readonly connections: Map<string, Connection>, private readonly log: FastifyBaseLogger) {}

  start() {
    this.timer = setInterval(() => void this.deliver(), POLL_MS);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    if (this.soon) clearTimeout(this.soon);
  }

  /** A device just connected: look at the queue now rather than at the next poll. */
  deliverSoon() {
    if (this.soon) return;
    this.soon = setTimeout(() => { this.soon = null; void this.deliver(); }, 50);
  }

  async deliver() {
    if (this.running || !this.connections.size) return;
    this.running = true;
    try {
      const queued = await query<{ id: string; deviceId: string; command: string }>(this.db, sql`
        select id, device_id as "deviceId", command from device_commands
        where status = 'QUEUED' order by created_at limit 500`);
      for (const command of queued) {
        const connection = this.connections.get(command.deviceId);
        if (!connection) continue;
        const [claimed] = await query(this.db, sql`update device_commands set status = 'SENT', sent_at = now()
          where id = ${command.id}::uuid and status = 'QUEUED' returning id`);
        if (claimed && !connection.write(`${command.command}\r\n`)) {
          this.log.warn({ commandId: command.id }, 'command written to a busy connection');
        }
      }
    } catch (error) {
      this.log.error({ err: error }, 'could not deliver queued commands');
    } finally {
      this.running = false;
    }
  }

  /** The device's answer belongs to its oldest command still waiting for one. */
  async answered(deviceId: string, text: string) {
    await query(this.db, sql`update device_commands set status = 'ANSWERED', result = ${text.slice(0, 1000)}, answered_at = now()
      where id = (select id from device_commands where device_id = ${deviceId}::uuid and status = 'SENT' order by sent_at limit 1)`);
  }
}
