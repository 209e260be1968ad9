import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Db } from '../db/client.ts';
import type { AuthKeys } from '../auth/keys.ts';
import { callerFromToken, type Caller, type CallerDirectory } from '../auth/caller.ts';
import { hasPermission } from '../../core/permissions.ts';
import { query } from '../resources/sql.ts';
import type { FeedPosition, LiveBatch, LiveEvent, LiveFeed, LiveHops } from './live.ts';
import { vehicleStatesSql } from './routes.ts';
import { readMessage, VIEWPORT_REFUSED, WATCH_REFUSED, type ViewportMessage } from './socket-messages.ts';
import { FrameWatch } from '../debug/frame-watch.ts';
// a close frame's reason: the catalogue's English (the console acts on the close code)
import { message as closeReason } from '../resources/messages.ts';
import {
  inViewport,
  toWire,
  VEHICLE_STATES,
  type LiveVehicle,
  type VehicleState,
  type Viewport,
  type WireDistant,
  type WireState,
  type WireUpdate,
} from '../../resources/tracking.ts';

export const SOCKET_PATH = '/api/socket';
/** Who may see the fleet: the live pages' users. */
const FLEET_PERMISSIONS = ['live-tracking', 'vehicle-status'];
/** Who may open the socket: those, and the debug page's users (a temporary device's frames). */
const SOCKET_PERMISSIONS = [...FLEET_PERMISSIONS, 'debug'];
const holdsAny = (caller: Caller, permissions: string[]) =>
  permissions.some((p) => hasPermission(caller.isSuperAdmin, caller.permissions, p));
const watchesFleet = (caller: Caller) => holdsAny(caller, FLEET_PERMISSIONS);
/** Deltas are gathered and sent at most this often. */
const BATCH_MS = 100;
/** Vehicles outside a map's viewport: their latest position is sent at most this often. */
const DISTANT_MS = 2000;
const AUTH_TIMEOUT_MS = 10_000;
/** A browser this far behind is disconnected; on reconnecting it gets a fresh snapshot. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

async function snapshotOf(db: Db, caller: Caller): Promise<LiveVehicle[]> {
  return query<LiveVehicle>(
    db,
    sql`select t.id as "vehicleId", t.device_id as "deviceId", t.name,
      t.registration_number as "registrationNumber", t.status, t.latitude, t.longitude, t.speed, t.heading, t.ignition,
      to_json(t.fix_time) #>> '{}' as "fixTime"
    from (${vehicleStatesSql(caller)}) t order by t.registration_number`,
  );
}

/** A vehicle outside the viewport, to the metre and the km/h: finer would change nothing the console shows. */
const coarsen = (vehicleId: string, p: FeedPosition): WireDistant => [
  vehicleId,
  Math.round(p.latitude * 1e5) / 1e5,
  Math.round(p.longitude * 1e5) / 1e5,
  Math.round(p.speed),
  VEHICLE_STATES.indexOf(p.status),
];

/** One console's live connection: its visible devices, the state it last sent of each vehicle, and the deltas waiting to be sent. */
class LiveSession {
  private devices = new Map<string, string>();
  private states = new Map<string, VehicleState>();
  private positions = new Map<string, FeedPosition & { vehicleId: string; hops?: LiveHops }>();
  private changedStates: WireState[] = [];
  /** The map's visible area, once the console names one: vehicles outside it wait in `distant`. */
  private viewport: Viewport | null = null;
  /** The vehicle the console has selected: sent in full wherever it is. */
  private focus: string | null = null;
  private distant = new Map<string, WireDistant>();
  /** What was last sent of each vehicle outside the viewport: a parked one is not sent again. */
  private sentDistant = new Map<string, string>();
  private distantTimer: NodeJS.Timeout | null = null;
  /** Vehicles with a position since the current recheck began: their state came with it, fresher than the recheck's. */
  private moved = new Set<string>();
  private events: LiveEvent[] = [];
  private timer: NodeJS.Timeout | null = null;
  private refresher: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  /** Whether the console asked for the fleet (the debug page alone does not). */
  private fleet = false;
  private frames: FrameWatch | null = null;

  constructor(
    private readonly socket: WebSocket,
    private readonly db: Db,
    private caller: Caller,
    private token: string,
    private readonly authorise: (token: string) => Promise<Caller | number>,
    private readonly feed: LiveFeed,
    private readonly refreshMs: number,
  ) {}

  async start(fleet: boolean) {
    this.unsubscribe = this.feed.subscribe((batch) => this.take(batch));
    this.refresher = setInterval(() => void this.recheck(), this.refreshMs);
    if (fleet) await this.startFleet();
  }

  /** The vehicles the caller may see (none without a live page's permission): a snapshot, then their updates. */
  async startFleet() {
    if (this.fleet) return;
    this.fleet = true;
    const vehicles = await this.visibleVehicles();
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.remember(vehicles);
    this.states = new Map(vehicles.map((v) => [v.vehicleId, v.status]));
    this.send({ type: 'snapshot', vehicles });
  }

  private visibleVehicles(): Promise<LiveVehicle[]> {
    return watchesFleet(this.caller) ? snapshotOf(this.db, this.caller) : Promise.resolve([]);
  }

  /** A debug page's temporary device: its frames now and as they arrive (null: none). */
  watchFrames(deviceId: string | null) {
    this.frames?.stop();
    this.frames = deviceId ? new FrameWatch(this.db, this.caller, deviceId, (message) => this.send(message)) : null;
    void this.frames?.load();
  }

  /** A newer access token from the console keeps the connection going past the old one's expiry. */
  renew(caller: Caller, token: string) {
    this.caller = caller;
    this.token = token;
  }

  /**
   * Every refreshMs: is the token still good and the user still enabled and allowed? Then re-read
   * which vehicles they may see. Otherwise the connection closes (4401: sign in again; 4403).
   */
  private async recheck() {
    try {
      const caller = await this.authorise(this.token);
      if (typeof caller === 'number') {
        this.socket.close(caller, closeReason(caller === 4401 ? 'api.common.signIn' : 'api.common.forbidden'));
        return;
      }
      this.caller = caller;
      this.frames?.recheck(caller);
      if (!this.fleet) return;
      this.moved.clear();
      const vehicles = await this.visibleVehicles();
      this.remember(vehicles);
      this.noteStates(vehicles);
    } catch {
      // the database is unavailable for a moment: keep what we have
    }
  }

  /** The console's map moved: from now, positions outside `viewport` but the focused vehicle's go out coarse (null: every position in full). */
  setViewport({ bounds, focus }: ViewportMessage) {
    this.viewport = bounds;
    this.focus = focus;
  }

  stop() {
    this.unsubscribe?.();
    this.frames?.stop();
    if (this.timer) clearTimeout(this.timer);
    if (this.distantTimer) clearTimeout(this.distantTimer);
    if (this.refresher) clearInterval(this.refresher);
  }

  private remember(vehicles: LiveVehicle[]) {
    this.devices = new Map(vehicles.filter((v) => v.deviceId).map((v) => [v.deviceId!, v.vehicleId]));
  }

  /** States the server now gives that the console was not sent with a position (a vehicle fell silent: offline). */
  private noteStates(vehicles: LiveVehicle[]) {
    for (const vehicle of vehicles) {
      if (this.moved.has(vehicle.vehicleId)) continue;
      const sent = this.states.get(vehicle.vehicleId);
      this.states.set(vehicle.vehicleId, vehicle.status);
      if (sent !== undefined && sent !== vehicle.status)
        this.changedStates.push([vehicle.vehicleId, VEHICLE_STATES.indexOf(vehicle.status)]);
    }
    if (this.changedStates.length && !this.timer) this.timer = setTimeout(() => this.flush(), BATCH_MS);
  }

  private take(batch: LiveBatch) {
    if (batch.unregistered?.length) this.frames?.heard(batch.unregistered);
    let any = false;
    for (const position of batch.positions) {
      const vehicleId = this.devices.get(position.deviceId);
      if (!vehicleId) continue;
      this.states.set(vehicleId, position.status);
      this.moved.add(vehicleId);
      if (
        this.viewport &&
        vehicleId !== this.focus &&
        !inViewport(this.viewport, position.latitude, position.longitude)
      ) {
        const coarse = coarsen(vehicleId, position);
        if (this.sentDistant.get(vehicleId) === coarse.join()) this.distant.delete(vehicleId);
        else {
          this.distant.set(vehicleId, coarse);
          this.distantTimer ??= setTimeout(() => this.flushDistant(), DISTANT_MS);
        }
        continue;
      }
      this.distant.delete(vehicleId);
      this.sentDistant.delete(vehicleId);
      this.positions.set(position.deviceId, { ...position, vehicleId, hops: batch.hops });
      any = true;
    }
    for (const event of batch.events) {
      const vehicleId = this.devices.get(event.deviceId);
      if (!vehicleId) continue;
      this.events.push({ ...event, vehicleId });
      any = true;
    }
    if (any && !this.timer) this.timer = setTimeout(() => this.flush(), BATCH_MS);
  }

  private flush() {
    this.timer = null;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.socket.close(1013, closeReason('api.live.behind'));
      return;
    }
    const positions = [...this.positions.values()];
    const update: WireUpdate<LiveEvent> = {
      type: 'update',
      positions: positions.map(toWire),
      events: this.events,
    };
    if (this.changedStates.length) update.states = this.changedStates;
    if (positions[0]?.hops)
      update.hops = {
        committed: positions.map((p) => p.hops?.committed ?? 0),
        heard: positions.map((p) => p.hops?.heard ?? 0),
        sent: Date.now(),
      };
    this.positions = new Map();
    this.events = [];
    this.changedStates = [];
    this.send(update);
  }

  private flushDistant() {
    this.distantTimer = null;
    if (!this.distant.size) return;
    const update: WireUpdate<LiveEvent> = {
      type: 'update',
      positions: [],
      events: [],
      distant: [...this.distant.values()],
    };
    for (const coarse of this.distant.values()) this.sentDistant.set(coarse[0], coarse.join());
    this.distant = new Map();
    this.send(update);
  }

  private send(message: unknown) {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }
}

/**
 * The live socket at /api/socket. The browser cannot set headers on a WebSocket, and a token in
 * the address ends up in logs, so the first message carries the access token:
 * `{"type":"auth","token":"..."}`; the console sends it again with each newer token, and a
 * connection whose token expired or whose user lost access is closed within `refreshMs` (config.liveRecheckMs: every
 * such recheck re-reads the vehicles the user may see and sends the states changed without a frame). The answer is a snapshot of the vehicles the user may see,
 * then `update` messages with batched positions (arrays, see WirePosition), alerts, and the states
 * that changed without a position (WireState). A console showing a map sends
 * `{"type":"viewport","bounds":[west,south,east,north],"focus":vehicleId}` (null: none): positions inside
 * and the focused vehicle's come in full every BATCH_MS, the others as `distant` (WireDistant), the
 * latest of each every DISTANT_MS. The server decides every state; the console shows it.
 */
export function registerLiveSocket(
  app: FastifyInstance,
  db: Db,
  callers: CallerDirectory,
  keys: AuthKeys,
  feed: LiveFeed,
  refreshMs: number,
) {
  const server = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const sessions = new Set<LiveSession>();

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== SOCKET_PATH) {
      socket.destroy();
      return;
    }
    server.handleUpgrade(request, socket, head, (ws) => accept(ws));
  };

  /** The caller a token names, if they may watch vehicles; else the close code to answer with. */
  const authorise = async (token: string): Promise<Caller | number> => {
    const caller = token ? await callerFromToken(callers, keys, token) : null;
    if (!caller) return 4401;
    return holdsAny(caller, SOCKET_PERMISSIONS) ? caller : 4403;
  };

  const accept = (ws: WebSocket) => {
    let session: LiveSession | null = null;
    let viewport: ViewportMessage = { bounds: null, focus: null };
    let signingIn = Promise.resolve();
    const deadline = setTimeout(() => ws.close(4401, closeReason('api.live.signInFirst')), AUTH_TIMEOUT_MS);
    ws.on('message', (data) => {
      const message = readMessage(data);
      if (message.type === 'fleet' || message.type === 'watch-frames') {
        // after the sign-in sent before it has been answered
        signingIn = signingIn
          .then(async () => {
            if (!session) ws.close(4401, closeReason('api.live.signInFirst'));
            else if (message.type === 'fleet') await session.startFleet();
            else if (message.deviceId === undefined) ws.close(4400, WATCH_REFUSED);
            else session.watchFrames(message.deviceId);
          })
          .catch(() => ws.close(1011, closeReason('api.request.failed')));
        return;
      }
      if (message.type === 'viewport') {
        if (!message.viewport) {
          ws.close(4400, VIEWPORT_REFUSED);
          return;
        }
        viewport = message.viewport;
        session?.setViewport(viewport);
        return;
      }
      // one sign-in or renewal at a time: a renewal never races the first sign-in into a second session
      signingIn = signingIn
        .then(async () => {
          const caller = await authorise(message.token);
          clearTimeout(deadline);
          if (typeof caller === 'number') {
            ws.close(caller, closeReason(caller === 4401 ? 'api.common.signIn' : 'api.common.forbidden'));
            return;
          }
          if (session) {
            session.renew(caller, message.token);
            return;
          }
          session = new LiveSession(ws, db, caller, message.token, authorise, feed, refreshMs);
          session.setViewport(viewport);
          sessions.add(session);
          await session.start(message.fleet);
        })
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'live socket failed');
          ws.close(1011, closeReason('api.request.failed'));
        });
    });
    ws.on('close', () => {
      clearTimeout(deadline);
      if (session) {
        session.stop();
        sessions.delete(session);
      }
    });
    ws.on('error', () => ws.terminate());
  };

  app.server.on('upgrade', onUpgrade);
  // before the HTTP server closes, which would otherwise wait for these connections forever
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    for (const session of sessions) session.stop();
    for (const client of server.clients) client.terminate();
    server.close();
  });
}
