import { apiBase, refreshAuth } from '../../providers/httpClient.ts';
import { readSession } from '../../providers/session.ts';
import {
  fromWire,
  VEHICLE_STATES,
  type LivePosition,
  type LiveVehicle,
  type Viewport,
  type WireDistant,
  type WireUpdate,
} from '../../resources/tracking.ts';
import type { FramesMessage } from '../../resources/debug.ts';
import { noteReceived } from './metrics.ts';

export interface LiveAlert {
  type: string;
  vehicleId: string;
  deviceId: string;
  eventTime: string;
  latitude: number | null;
  longitude: number | null;
}

export interface LiveUpdate {
  type: 'update';
  positions: Omit<LivePosition, 'deviceId'>[];
  events: LiveAlert[];
}

export interface LiveListener {
  /** false: a page that needs no vehicles (the debug page); the socket then skips the fleet until one does. */
  fleet?: boolean;
  /** The fleet changed; called at most once per animation frame. */
  onChange?: () => void;
  onUpdate?: (update: LiveUpdate) => void;
  onAlert?: (alert: LiveAlert, vehicle: LiveVehicle | undefined) => void;
}

/** How often the console hands the socket a fresh access token (they last 15 minutes). */
const RENEW_MS = 5 * 60_000;
/** With no page listening, the socket stays open this long: moving between live pages keeps the fleet. */
const LINGER_MS = 30_000;

const socketUrl = () => {
  const url = new URL(`${apiBase}/socket`, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
};

type Incoming =
  { type: 'snapshot'; vehicles: LiveVehicle[] } | (WireUpdate<LiveAlert> & { distant?: WireDistant[] }) | FramesMessage;

/**
 * The tab's one live socket, shared by every page that shows live data (live map, vehicle status,
 * dashboards, the debug page): a snapshot of the vehicles the user may see, then batched updates,
 * kept as one fleet, and the frames of the temporary device the debug page watches. Reconnects with a fresh token when the connection drops; closes LINGER_MS after the last
 * page stops listening, and starts afresh when another user has signed in meanwhile.
 */
class LiveConnection {
  vehicles = new Map<string, LiveVehicle>();
  version = 0;
  connected = false;
  /** A snapshot has arrived for the signed-in user. */
  loaded = false;
  private listeners = new Set<LiveListener>();
  private socket: WebSocket | null = null;
  private userId: string | null = null;
  private viewport: { type: 'viewport'; bounds: Viewport | null; focus: string | null } | null = null;
  private timers: {
    retry?: ReturnType<typeof setTimeout>;
    renew?: ReturnType<typeof setInterval>;
    linger?: ReturnType<typeof setTimeout>;
  } = {};
  private attempts = 0;
  /** The socket was asked for the fleet (at sign-in or since). */
  private fleetAsked = false;
  private watch: { deviceId: string; onFrames: (message: FramesMessage) => void } | null = null;
  private running = false;
  private frame = 0;

  subscribe(listener: LiveListener): () => void {
    const userId = readSession()?.user.id ?? null;
    if (this.running && userId !== this.userId) this.stop();
    this.listeners.add(listener);
    clearTimeout(this.timers.linger);
    if (!this.running) this.start(userId);
    else if (listener.fleet !== false && !this.fleetAsked && this.send({ type: 'fleet' })) this.fleetAsked = true;
    return () => {
      this.listeners.delete(listener);
      if (!this.listeners.size) this.timers.linger = setTimeout(() => this.stop(), LINGER_MS);
    };
  }

  /** The map's visible area and selected vehicle: the server sends those in full and at once, the others coarser and less often. */
  setViewport(bounds: Viewport | null, focus: string | null = null) {
    this.viewport = { type: 'viewport', bounds, focus };
    this.send(this.viewport);
  }

  /** The debug page's temporary device: its frames now and whenever the gateway keeps another. */
  watchFrames(deviceId: string, onFrames: (message: FramesMessage) => void): () => void {
    const watch = { deviceId, onFrames };
    this.watch = watch;
    const unsubscribe = this.subscribe({ fleet: false });
    this.send({ type: 'watch-frames', deviceId });
    return () => {
      if (this.watch === watch) {
        this.watch = null;
        this.send({ type: 'watch-frames', deviceId: null });
      }
      unsubscribe();
    };
  }

  private start(userId: string | null) {
    this.running = true;
    this.userId = userId;
    this.vehicles = new Map();
    this.loaded = false;
    this.changed();
    void this.connect();
  }

  private stop() {
    this.running = false;
    clearTimeout(this.timers.retry);
    clearInterval(this.timers.renew);
    clearTimeout(this.timers.linger);
    this.socket?.close();
    this.socket = null;
    this.setConnected(false);
  }

  private async connect() {
    await refreshAuth();
    if (!this.running) return;
    const token = readSession()?.accessToken;
    if (!token) return;
    const socket = new WebSocket(socketUrl());
    this.socket = socket;
    socket.onopen = () => {
      this.fleetAsked = [...this.listeners].some((listener) => listener.fleet !== false);
      socket.send(JSON.stringify({ type: 'auth', token, fleet: this.fleetAsked }));
      if (this.viewport) socket.send(JSON.stringify(this.viewport));
      if (this.watch) socket.send(JSON.stringify({ type: 'watch-frames', deviceId: this.watch.deviceId }));
    };
    // the server closes a connection whose token expired: hand it each newer one
    clearInterval(this.timers.renew);
    this.timers.renew = setInterval(() => {
      void refreshAuth().then(() => {
        const fresh = readSession()?.accessToken;
        if (fresh && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'auth', token: fresh }));
      });
    }, RENEW_MS);
    socket.onmessage = (message) => this.receive(JSON.parse(String(message.data)) as Incoming);
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      clearInterval(this.timers.renew);
      this.setConnected(false);
      // refused (4403: the role may not; 4400: a message it would send again): asking again changes
      // nothing until another user signs in, which starts the connection afresh
      if (!this.running || event.code === 4403 || event.code === 4400) return;
      this.attempts += 1;
      this.timers.retry = setTimeout(
        () => void this.connect(),
        Math.min(30_000, 1000 * 2 ** Math.min(this.attempts, 5)),
      );
    };
  }

  private receive(wire: Incoming) {
    if (wire.type === 'frames') {
      if (wire.deviceId === this.watch?.deviceId) this.watch.onFrames(wire);
      return;
    }
    if (wire.type === 'snapshot') {
      this.attempts = 0;
      this.vehicles = new Map(wire.vehicles.map((v) => [v.vehicleId, v]));
      this.loaded = true;
      this.setConnected(true);
    } else {
      const update: LiveUpdate = { type: 'update', positions: wire.positions.map(fromWire), events: wire.events };
      // each position carries the state the server gave the vehicle with it; `states` those changed without one
      for (const p of update.positions) this.merge(p.vehicleId, p);
      for (const [vehicleId, latitude, longitude, speed, state] of wire.distant ?? []) {
        this.merge(vehicleId, { latitude, longitude, speed, status: VEHICLE_STATES[state] ?? 'noData' });
      }
      for (const [vehicleId, state] of wire.states ?? []) {
        const status = VEHICLE_STATES[state];
        if (status) this.merge(vehicleId, { status });
      }
      noteReceived(
        update.positions.map((p) => p.receivedAt),
        wire.hops,
      );
      for (const listener of this.listeners) {
        for (const alert of update.events) listener.onAlert?.(alert, this.vehicles.get(alert.vehicleId));
        listener.onUpdate?.(update);
      }
    }
    this.changed();
  }

  private merge(vehicleId: string, change: Partial<LiveVehicle>) {
    const known = this.vehicles.get(vehicleId);
    if (known) this.vehicles.set(vehicleId, { ...known, ...change });
  }

  /** One change notice per animation frame however many messages arrive. */
  private changed() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.version += 1;
      for (const listener of this.listeners) listener.onChange?.();
    });
  }

  private setConnected(connected: boolean) {
    if (this.connected === connected) return;
    this.connected = connected;
    this.version += 1;
    for (const listener of this.listeners) listener.onChange?.();
  }

  /** Sends if the socket is open (else the next connection says it at sign-in); whether it went. */
  private send(message: unknown): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }
}

export const liveConnection = new LiveConnection();
