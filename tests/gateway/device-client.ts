import net from 'node:net';
import {
  fromWire,
  VEHICLE_STATES,
  type VehicleState,
  type WirePosition,
  type WireDistant,
  type WireState,
} from '../../resources/tracking.ts';
import WebSocket from 'ws';

/** A TCP connection playing an AIS-140 device: sends text, collects what the server answers. */
export async function connectDevice(port: number) {
  const socket = net.connect({ host: '127.0.0.1', port });
  socket.setEncoding('latin1');
  let received = '';
  let closed = false;
  socket.on('data', (text: string) => {
    received += text;
  });
  socket.on('close', () => {
    closed = true;
  });
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return {
    send: (text: string) => new Promise<void>((resolve) => socket.write(text, () => resolve())),
    get received() {
      return received;
    },
    get closed() {
      return closed;
    },
    /** This end's address as the gateway sees it (`remoteAddress:remotePort`). */
    get address() {
      return `${socket.localAddress}:${socket.localPort}`;
    },
    close: () => socket.destroy(),
  };
}

/** Polls until `check` returns something truthy, or fails after `ms`. */
export async function eventually<T>(
  check: () => Promise<T> | T,
  ms = 5000,
  what = 'condition',
): Promise<NonNullable<T>> {
  const until = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface LiveMessage {
  type: string;
  vehicles?: { vehicleId: string; deviceId: string | null; status: VehicleState }[];
  positions?: WirePosition[];
  events?: { type: string; vehicleId: string; eventTime: string }[];
  states?: WireState[];
  distant?: WireDistant[];
}

/** A console's live socket: signs in with the first message and keeps every message. */
export async function openLiveSocket(url: string, token: string, { fleet = true }: { fleet?: boolean } = {}) {
  const ws = new WebSocket(url);
  const messages: LiveMessage[] = [];
  let closeCode: number | null = null;
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as LiveMessage));
  ws.on('close', (code) => {
    closeCode = code;
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify(fleet ? { type: 'auth', token } : { type: 'auth', token, fleet: false }));
  return {
    messages,
    get closeCode() {
      return closeCode;
    },
    /** Positions of the updates, read from the wire's arrays as the console reads them. */
    positions: () => messages.flatMap((m) => m.positions ?? []).map(fromWire),
    /** States changed without a position: [vehicleId, state]. */
    states: () =>
      messages.flatMap((m) => m.states ?? []).map(([vehicleId, state]) => [vehicleId, VEHICLE_STATES[state]] as const),
    events: () => messages.flatMap((m) => m.events ?? []),
    /** Vehicles outside the viewport: [vehicleId, latitude, longitude, speed, state index]. */
    distant: () => messages.flatMap((m) => m.distant ?? []),
    send: (message: unknown) => ws.send(JSON.stringify(message)),
    close: () => ws.close(),
  };
}
