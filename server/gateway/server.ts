import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { parseFrame } from './ais140.ts';
import { FrameSplitter } from './framing.ts';
import { DEFAULT_LIMITS, RawLogBudget, TokenBucket, type GatewayLimits } from './limits.ts';
import type { FrameStore } from './store.ts';
import { imeiOf, positionOf } from './store.ts';
import type { KnownDevice } from './devices.ts';
import { DeviceSessions, type Connection } from './sessions.ts';
import { CommandDispatcher } from './commands.ts';
import type { Database, Db } from '../db/client.ts';
import { EventLoopLag, LatencyWindow } from './latency.ts';
import { Admission, admissionBounds, type AdmissionBounds, type AdmissionState } from './admission.ts';

export interface GatewayOptions {
  port: number;
  host?: string;
  /** Connections beyond this are refused by the kernel's accept loop. */
  maxConnections?: number;
  /** A connection silent this long is closed (devices send at least every few minutes). */
  idleTimeoutMs?: number;
  /** How long a frame ending in `*` waits for a checksum cut across reads. */
  quietMs?: number;
  /** Caps on frame length and rate; the defaults are far above what a real device sends. */
  limits?: Partial<GatewayLimits>;
  /** Where queued commands are announced; without it they go out on the poll. */
  notifications?: Pick<Database, 'listen'>;
  /** Queue depths at which the gateway stops reading, refuses connections and reads again (admission.ts). */
  admission?: Partial<AdmissionBounds>;
}

/** Acknowledgements the protocol expects, sent once the frame is stored. */
export const ACKS = { login: '$LGN,OK*\r\n', heartbeat: '$HBT,OK*\r\n' } as const;

/** The alert raised when two connections speak for one IMEI at once (a clone or an impostor). */
export const DUPLICATE_IMEI_EVENT = 'DUPLICATE_IMEI';

/**
 * The AIS-140 TCP gateway: cuts the stream into frames, decodes them, hands them to the store,
 * acknowledges what was stored and sends queued commands to connected devices.
 */
export class Gateway {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  /** Open connections by the device they speak for. */
  readonly connections = new DeviceSessions();
  readonly commands: CommandDispatcher;
  /** accepted and refused: connections; received: frames handed to the store; acknowledged: frames it stored. */
  stats = { accepted: 0, received: 0, acknowledged: 0, refused: 0, dropped: 0 };
  /** From a frame's arrival to its batch being stored (when a login or heartbeat is acknowledged). */
  private readonly storeLatency = new LatencyWindow();
  private readonly eventLoopLag = new EventLoopLag();
  private readonly limits: GatewayLimits;
  private readonly rawLogs: RawLogBudget;
  /** Whether the gateway reads, only holds its connections, or also refuses new ones: the store's queue decides. */
  readonly admission: Admission;

  /** Counters for operators and the benchmarks. */
  status() {
    const memory = process.memoryUsage();
    return {
      ...this.stats,
      connected: this.sockets.size,
      devices: this.connections.size,
      stored: this.store.stats,
      backlog: this.store.backlog,
      admission: { ...this.admission.status(), queueDepth: this.store.backlog },
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      storeLatencyMs: { p50: this.storeLatency.quantile(0.5), p95: this.storeLatency.quantile(0.95) },
      storeTransactionMs: { p50: this.store.transactionMs.quantile(0.5), p95: this.store.transactionMs.quantile(0.95) },
      storeBatchFrames: { p50: this.store.batchFrames.quantile(0.5), p95: this.store.batchFrames.quantile(0.95) },
      eventLoopDelayMs: this.eventLoopLag.lastPeriod,
    };
  }

  constructor(
    private readonly store: FrameStore,
    db: Db,
    private readonly options: GatewayOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.commands = new CommandDispatcher(db, this.connections, log);
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.rawLogs = new RawLogBudget(this.limits.rawLogsPerDevicePerMinute);
    this.admission = new Admission(admissionBounds(options.admission), log);
    store.onBacklog = (depth) => {
      const next = this.admission.observe(depth);
      if (next) this.shed(next);
    };
  }

  /** Stops reading from every connection (their devices wait in TCP), or reads from all again. */
  private shed(state: AdmissionState) {
    for (const socket of this.sockets) {
      if (state === 'accepting') socket.resume();
      else socket.pause();
    }
  }

  async listen(): Promise<number> {
    const server = net.createServer((socket) => this.accept(socket));
    server.maxConnections = this.options.maxConnections ?? 20_000;
    server.on('drop', () => {
      this.stats.refused += 1;
    });
    this.server = server;
    await this.store.start();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port, this.options.host ?? '0.0.0.0', () => resolve());
    });
    await this.commands.start(this.options.notifications);
    return (server.address() as net.AddressInfo).port;
  }

  async close() {
    this.eventLoopLag.stop();
    await this.commands.stop();
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    await this.store.close();
  }

  /** Two open connections were heard for one device: the console shows it as an alert on the device. */
  private async raiseDuplicate(device: KnownDevice, connection: Connection, rivals: Connection[]) {
    const addresses = [...rivals, connection].map((c) => c.remoteAddress);
    this.log.warn({ imei: connection.imei, addresses }, 'two connections speak for one IMEI; commands are held');
    try {
      await this.store.raise([
        {
          type: DUPLICATE_IMEI_EVENT,
          deviceId: device.deviceId,
          vehicleId: device.vehicleId,
          organisationId: device.organisationId,
          eventTime: new Date().toISOString(),
          latitude: null,
          longitude: null,
          attributes: { imei: connection.imei, addresses },
        },
      ]);
    } catch (error) {
      this.log.error({ err: error }, 'could not store the duplicate IMEI alert');
    }
  }

  private accept(socket: net.Socket) {
    if (!this.admission.admit()) {
      // the store is far behind: the device connects again later and sends what it holds as history
      this.stats.refused += 1;
      socket.destroy();
      return;
    }
    this.stats.accepted += 1;
    this.sockets.add(socket);
    socket.setEncoding('latin1');
    socket.setNoDelay(true);
    socket.setTimeout(this.options.idleTimeoutMs ?? 10 * 60_000, () => socket.destroy());
    const { limits } = this;
    const splitter = new FrameSplitter(limits.maxFrameLength);
    const rate = new TokenBucket(limits.frameBurst, limits.framesPerSecond, Date.now());
    const remoteAddress = addressOf(socket);
    const connection: Connection = {
      imei: null,
      deviceId: null,
      remoteAddress,
      located: false,
      claimedAt: 0,
      heardAt: 0,
      write: (text) => (socket.writable ? socket.write(text) : false),
    };
    let quiet: NodeJS.Timeout | null = null;

    /** Over a cap: one summary in the raw log and the operator's log, then the connection goes. */
    const drop = (reason: string, imei: string | null, sample: string, report: boolean) => {
      this.stats.dropped += 1;
      if (report) {
        this.log.warn({ remoteAddress, imei, reason }, 'gateway dropped a connection over its limits');
        const error = `${reason}; connection closed`;
        void this.store
          .store({
            text: visible(sample.slice(0, 200)),
            receivedAt: new Date(),
            outcome: { ok: false, error, imei, checksum: 'absent' },
          })
          .catch(() => undefined);
      }
      socket.destroy();
    };

    const handle = (texts: string[], overlong: string[]) => {
      if (socket.destroyed) return;
      const receivedAt = new Date();
      const now = receivedAt.getTime();
      for (const received of texts) {
        if (!rate.take(now)) {
          drop(`more than ${limits.framesPerSecond} frames a second`, connection.imei, received, true);
          return;
        }
        const text = visible(received);
        const outcome = parseFrame(text, now);
        const imei = imeiOf(outcome);
        const budget = this.rawLogs.take(imei ?? connection.imei ?? `address ${socket.remoteAddress ?? ''}`, now);
        if (!budget.allowed) {
          drop(
            `more than ${limits.rawLogsPerDevicePerMinute} frames a minute from ${imei ?? connection.imei ?? 'this address'}`,
            imei ?? connection.imei,
            text,
            budget.report,
          );
          return;
        }
        this.stats.received += 1;
        this.store.store({ text, receivedAt, outcome }).then(
          (stored) => {
            this.stats.acknowledged += 1;
            this.storeLatency.add(Date.now() - now);
            // a connection speaks for the first registered device heard on it
            if (stored.device && imei && !connection.deviceId && !socket.destroyed) {
              connection.imei = imei;
              this.connections.claim(connection, stored.device.deviceId);
            }
            if (stored.device && stored.device.deviceId === connection.deviceId && !socket.destroyed) {
              const rivals = this.connections.heard(connection);
              if (rivals) void this.raiseDuplicate(stored.device, connection, rivals);
              if (!connection.located && positionOf(outcome)) {
                connection.located = true;
                this.commands.deliverSoon();
              }
            }
            if (!outcome.ok) return;
            if (outcome.frame.kind === 'login') connection.write(ACKS.login);
            else if (outcome.frame.kind === 'heartbeat') connection.write(ACKS.heartbeat);
            else if (outcome.frame.kind === 'command-reply' && stored.device)
              void this.commands.answered(stored.device.deviceId, outcome.frame.text);
          },
          (error: unknown) => {
            // not stored, so not acknowledged: the device sends it again
            this.log.error({ err: error }, 'gateway could not store frames');
          },
        );
      }
      if (overlong.length && !socket.destroyed)
        drop(`frame longer than ${limits.maxFrameLength} characters`, connection.imei, overlong[0]!, true);
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
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      if (quiet) clearTimeout(quiet);
      this.sockets.delete(socket);
      // the device's other connection may take commands again
      if (this.connections.release(connection)) this.commands.deliverSoon();
    });
    // admitted while the store catches up: held, not read, until the gateway reads again
    if (!this.admission.reading) socket.pause();
  }
}

/** PostgreSQL text cannot hold NUL; keep it visible instead. */
const visible = (text: string) => (text.includes('\0') ? text.replace(/\0/g, '\\x00') : text);

const addressOf = (socket: net.Socket) =>
  socket.remoteAddress?.includes(':')
    ? `[${socket.remoteAddress}]:${socket.remotePort}`
    : `${socket.remoteAddress}:${socket.remotePort}`;
