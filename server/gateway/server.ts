import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { parseFrame } from './ais140.ts';
import { FrameSplitter, MAX_FRAME_LENGTH } from './framing.ts';
import type { FrameStore } from './store.ts';
import { imeiOf } from './store.ts';
import { CommandDispatcher } from './commands.ts';
import type { Db } from '../db/client.ts';

export interface GatewayOptions {
  port: number;
  host?: string;
  /** Connections beyond this are refused by the kernel's accept loop. */
  maxConnections?: number;
  /** A connection silent this long is closed (devices send at least every few minutes). */
  idleTimeoutMs?: number;
  /** How long a frame ending in `*` waits for a checksum cut across reads. */
  quietMs?: number;
}

/** Acknowledgements the protocol expects, sent once the frame is stored. */
export const ACKS = { login: '$LGN,OK*\r\n', heartbeat: '$HBT,OK*\r\n' } as const;

export interface Connection {
  imei: string | null;
  deviceId: string | null;
  write(text: string): boolean;
}

/**
 * The AIS-140 TCP gateway: cuts the stream into frames, decodes them, hands them to the store,
 * acknowledges what was stored and sends queued commands to connected devices.
 */
export class Gateway {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  /** Connected devices by device id. */
  readonly connections = new Map<string, Connection>();
  readonly commands: CommandDispatcher;
  stats = { accepted: 0, acknowledged: 0, refused: 0 };

  /** Counters for operators and the benchmarks. */
  status() {
    const memory = process.memoryUsage();
    return {
      ...this.stats, connected: this.sockets.size, devices: this.connections.size,
      stored: this.store.stats, backlog: this.store.backlog, rssBytes: memory.rss, heapUsedBytes: memory.heapUsed,
    };
  }

  constructor(private readonly store: FrameStore, db: Db, private readonly options: GatewayOptions, private readonly log: FastifyBaseLogger) {
    this.commands = new CommandDispatcher(db, this.connections, log);
  }

  async listen(): Promise<number> {
    const server = net.createServer((socket) => this.accept(socket));
    server.maxConnections = this.options.maxConnections ?? 20_000;
    server.on('drop', () => { this.stats.refused += 1; });
    this.server = server;
    await this.store.start();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port, this.options.host ?? '0.0.0.0', () => resolve());
    });
    this.commands.start();
    return (server.address() as net.AddressInfo).port;
  }

  async close() {
    this.commands.stop();
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    await this.store.close();
  }

  private accept(socket: net.Socket) {
    this.stats.accepted += 1;
    this.sockets.add(socket);
    socket.setEncoding('latin1');
    socket.setNoDelay(true);
    socket.setTimeout(this.options.idleTimeoutMs ?? 10 * 60_000, () => socket.destroy());
    const splitter = new FrameSplitter();
    const connection: Connection = { imei: null, deviceId: null, write: (text) => (socket.writable ? socket.write(text) : false) };
    let quiet: NodeJS.Timeout | null = null;

    const handle = (texts: string[], overlong: string[]) => {
      const receivedAt = new Date();
      for (const received of overlong) {
        const text = received.replace(/\0/g, '\\x00');
        void this.store.store({ text, receivedAt, outcome: { ok: false, error: `frame longer than ${MAX_FRAME_LENGTH} characters`, imei: null, checksum: 'absent' } })
          .catch(() => undefined);
      }
      for (const received of texts) {
        // PostgreSQL text cannot hold NUL; keep it visible instead
        const text = received.includes('\0') ? received.replace(/\0/g, '\\x00') : received;
        const outcome = parseFrame(text, receivedAt.getTime());
        const imei = imeiOf(outcome);
        this.store.store({ text, receivedAt, outcome }).then((stored) => {
          this.stats.acknowledged += 1;
          // a connection speaks for the first registered device heard on it
          if (stored.device && imei && !connection.deviceId && !socket.destroyed) {
            connection.imei = imei;
            connection.deviceId = stored.device.deviceId;
            this.connections.set(stored.device.deviceId, connection);
            this.commands.deliverSoon();
          }
          if (!outcome.ok) return;
          if (outcome.frame.kind === 'login') connection.write(ACKS.login);
          else if (outcome.frame.kind === 'heartbeat') connection.write(ACKS.heartbeat);
          else if (outcome.frame.kind === 'command-reply' && stored.device) void this.commands.answered(stored.device.deviceId, outcome.frame.text);
        }, (error: unknown) => {
          // not stored, so not acknowledged: the device sends it again
          this.log.error({ err: error }, 'gateway could not store frames');
        });
      }
    };

    socket.on('data', (chunk: string) => {
      if (quiet) clearTimeout(quiet);
      const { frames, overlong } = splitter.push(chunk);
      handle(frames, overlong);
      if (splitter.pending) {
        quiet = setTimeout(() => {
          const flushed = splitter.flush();
          handle(flushed.frames, flushed.overlong);
        }, this.options.quietMs ?? 200);
      }
      if (this.store.congested) {
        socket.pause();
        void this.store.whenDrained().then(() => socket.resume());
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      if (quiet) clearTimeout(quiet);
      this.sockets.delete(socket);
      if (connection.deviceId && this.connections.get(connection.deviceId) === connection) this.connections.delete(connection.deviceId);
    });
  }
}
