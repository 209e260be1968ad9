import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client.ts';
import { query } from '../resources/sql.ts';
import type { DeviceSessions } from './sessions.ts';

/** Queued commands are NOTIFYed here with their device id (migration 0020). */
export const COMMANDS_CHANNEL = 'waymark_commands';
/** The poll only catches what a dropped listener missed; a heard command goes out at once. */
const POLL_MS = 30_000;

/**
 * Sends commands queued by the send-command and update-firmware actions to connected devices.
 * The queue is in the database, so a command queued through any API process reaches the gateway
 * that holds the device's connection. Claiming a command (QUEUED → SENT) is one conditional
 * update, so two gateways never both send it. A command goes only to a device's single connection
 * that has sent a location (see DeviceSessions.target), and the row records that connection's address.
 * A new command is heard on COMMANDS_CHANNEL and sent at once by the gateway holding its device.
 */
export class CommandDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private soon: NodeJS.Timeout | null = null;
  private pass: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Db,
    private readonly sessions: DeviceSessions,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Polls now and then; with notifications, also delivers each command as it is queued. */
  async start(notifications?: Pick<Database, 'listen'>) {
    this.timer = setInterval(() => void this.deliver(), POLL_MS);
    this.timer.unref();
    this.unlisten = await notifications?.listen(
      COMMANDS_CHANNEL,
      (deviceId) => {
        if (this.sessions.target(deviceId)) this.deliverSoon();
      },
      (hearing) => {
        if (hearing) this.deliverSoon();
      },
    );
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    if (this.soon) clearTimeout(this.soon);
    await this.unlisten?.();
    this.unlisten = undefined;
  }

  /** A device may take commands now: look at the queue rather than wait for the next poll. */
  deliverSoon() {
    if (this.soon) return;
    this.soon = setTimeout(() => {
      this.soon = null;
      void this.deliver();
    }, 50);
  }

  /** Sends what is queued for connected devices; a call during a pass waits for that pass. */
  deliver(): Promise<void> {
    this.pass ??= this.deliverQueued().finally(() => {
      this.pass = null;
    });
    return this.pass;
  }

  private async deliverQueued() {
    if (!this.sessions.size) return;
    try {
      const queued = await query<{ id: string; deviceId: string; command: string }>(
        this.db,
        sql`
        select id, device_id as "deviceId", command from device_commands
        where status = 'QUEUED' order by created_at limit 500`,
      );
      for (const command of queued) {
        const connection = this.sessions.target(command.deviceId);
        if (!connection) continue;
        const [claimed] = await query(
          this.db,
          sql`update device_commands set status = 'SENT', sent_at = now(), sent_to_address = ${connection.remoteAddress}
          where id = ${command.id}::uuid and status = 'QUEUED' returning id`,
        );
        if (!claimed) continue;
        if (this.sessions.target(command.deviceId) !== connection) {
          // a second connection named the device meanwhile: keep the command for later
          await query(
            this.db,
            sql`update device_commands set status = 'QUEUED', sent_at = null, sent_to_address = null where id = ${command.id}::uuid`,
          );
          continue;
        }
        if (!connection.write(`${command.command}\r\n`)) {
          this.log.warn({ commandId: command.id }, 'command written to a busy connection');
        }
      }
    } catch (error) {
      this.log.error({ err: error }, 'could not deliver queued commands');
    }
  }

  /** The device's answer belongs to its oldest command still waiting for one. */
  async answered(deviceId: string, text: string) {
    await query(
      this.db,
      sql`update device_commands set status = 'ANSWERED', result = ${text.slice(0, 1000)}, answered_at = now()
      where id = (select id from device_commands where device_id = ${deviceId}::uuid and status = 'SENT' order by sent_at limit 1)`,
    );
  }
}
