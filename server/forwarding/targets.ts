import net from 'node:net';
import mqtt from 'mqtt';
import { ADDRESS_REFUSED, post, type AddressGuard } from '../notify/guarded-http.ts';
import { sign } from '../notify/webhook.ts';
import type { ForwardingKind } from '../../resources/entities/forwarding.ts';

/** A stored frame on its way out: its raw text and, for position frames, the position as JSON. */
export interface OutgoingFrame {
  /** Its place in raw_logs, `tx:seq`: the same on every try. */
  key: string;
  organisationId: string;
  imei: string;
  /** The frame exactly as the device sent it (without its line break). */
  frame: string;
  /** The position the frame carries, null for a login, health or heartbeat frame. */
  position: Record<string, unknown> | null;
}

/** A connected destination: `send` resolves once the destination acknowledged how many frames of the batch, in order. */
export interface Target {
  send(frames: OutgoingFrame[]): Promise<number>;
  close(): Promise<void>;
}

/** A failure the sender backs off from; `permanent` ones (a refused address) wait longer. */
export class TargetFailure extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
  }
}

/**
 * The IP address a destination's host is connected to, checked by the webhook guard after DNS
 * resolution (server/notify/guarded-http.ts): the socket connects to that checked address, so a name
 * resolving elsewhere later (DNS rebinding) gains nothing.
 */
export async function checkedAddress(host: string, guard: AddressGuard): Promise<string> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (net.isIP(bare)) {
    if (guard.refuses(bare)) throw new TargetFailure(`${bare} is not an address Waymark may reach`, true);
    return bare;
  }
  return new Promise((resolve, reject) =>
    guard.lookup(bare, { all: false }, (error, address) => {
      if (error) reject(new TargetFailure(error.message, (error as NodeJS.ErrnoException).code === ADDRESS_REFUSED));
      else resolve(address as string);
    }),
  );
}

/** The topic of a frame: one per organisation and device (the vehicle's IMEI). */
export const topicOf = (prefix: string, frame: OutgoingFrame) => `${prefix}/${frame.organisationId}/${frame.imei}`;

async function mqttTarget(url: URL, guard: AddressGuard, clientId: string): Promise<Target> {
  const ip = await checkedAddress(url.hostname, guard);
  const secure = url.protocol === 'mqtts:';
  const prefix = url.pathname.replace(/^\/+|\/+$/g, '') || 'waymark';
  let client: mqtt.MqttClient;
  try {
    client = await mqtt.connectAsync({
      host: ip,
      port: Number(url.port) || (secure ? 8883 : 1883),
      protocol: secure ? 'mqtts' : 'mqtt',
      servername: secure ? url.hostname : undefined,
      username: url.username ? decodeURIComponent(url.username) : undefined,
      password: url.password ? decodeURIComponent(url.password) : undefined,
      clientId,
      clean: true,
      reconnectPeriod: 0,
      connectTimeout: 10_000,
    });
  } catch (error) {
    throw new TargetFailure((error as Error).message);
  }
  let broken: Error | null = null;
  client.on('error', (error) => (broken = error));
  client.on('close', () => (broken ??= new Error('the broker closed the connection')));
  return {
    async send(frames) {
      if (broken) throw new TargetFailure(broken.message);
      // all published at once (QoS 1: each resolves on its PUBACK); the acknowledged prefix counts
      const acks = frames.map((f) =>
        f.position
          ? client.publishAsync(topicOf(prefix, f), JSON.stringify(f.position), { qos: 1 }).then(
              () => true,
              () => false,
            )
          : Promise.resolve(true),
      );
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 30_000).unref());
      const settled = await Promise.race([Promise.all(acks), timeout]);
      if (settled === 'timeout') {
        client.end(true);
        throw new TargetFailure('the broker acknowledged nothing in 30 s');
      }
      const acknowledged = settled.indexOf(false);
      if (acknowledged >= 0) {
        if (acknowledged === 0) throw new TargetFailure(broken ? (broken as Error).message : 'publish failed');
        return acknowledged;
      }
      return frames.length;
    },
    close: () => client.endAsync(true).catch(() => undefined),
  };
}

function httpTarget(url: URL, guard: AddressGuard, secret: string, destinationId: string): Target {
  return {
    async send(frames) {
      const positions = frames.filter((f) => f.position).map((f) => f.position);
      if (!positions.length) return frames.length;
      // the same id on every try of the same batch, so a receiver can drop a repeat
      const id = `${destinationId}.${frames[0]!.key}`;
      const timestamp = Math.floor(Date.now() / 1000);
      const body = JSON.stringify({
        type: 'positions',
        timestamp: new Date(timestamp * 1000).toISOString(),
        data: { positions },
      });
      let answer;
      try {
        answer = await post(url.toString(), {
          headers: {
            'content-type': 'application/json',
            'webhook-id': id,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': sign(secret, id, timestamp, body),
          },
          body,
          guard,
        });
      } catch (error) {
        throw new TargetFailure((error as Error).message, (error as { permanent?: boolean }).permanent === true);
      }
      if (answer.status < 200 || answer.status >= 300)
        throw new TargetFailure(`HTTP ${answer.status} ${answer.body.slice(0, 200)}`.trim());
      return frames.length;
    },
    close: async () => undefined,
  };
}

async function tcpTarget(url: URL, guard: AddressGuard): Promise<Target> {
  const ip = await checkedAddress(url.hostname, guard);
  const port = Number(url.port);
  if (!port) throw new TargetFailure('the address needs a port', true);
  const socket = await new Promise<net.Socket>((resolve, reject) => {
    const s = net.connect({ host: ip, port, timeout: 10_000 });
    s.once('connect', () => resolve(s));
    s.once('timeout', () => s.destroy(new Error(`no connection to ${url.host} in 10 s`)));
    s.once('error', (error) => reject(new TargetFailure(error.message)));
  });
  socket.setTimeout(0);
  let broken: Error | null = null;
  socket.on('error', (error) => (broken = error));
  socket.on('close', () => (broken ??= new Error('the server closed the connection')));
  // what the other server says back (acknowledgements, commands) is read and dropped
  socket.on('data', () => undefined);
  return {
    async send(frames) {
      if (broken) throw new TargetFailure(broken.message);
      const text = frames.map((f) => `${f.frame}\r\n`).join('');
      await new Promise<void>((resolve, reject) =>
        socket.write(text, (error) => (error ? reject(new TargetFailure(error.message)) : resolve())),
      );
      if (broken) throw new TargetFailure((broken as Error).message);
      return frames.length;
    },
    close: async () => void socket.destroy(),
  };
}

/** Connects to a destination of the kind given; a refused or malformed address throws a permanent TargetFailure. */
export async function openTarget(
  destination: { id: string; kind: ForwardingKind; address: string; secret: string | null },
  guard: AddressGuard,
): Promise<Target> {
  let url: URL;
  try {
    url = new URL(destination.address);
  } catch {
    throw new TargetFailure(`not an address: ${destination.address.slice(0, 200)}`, true);
  }
  if (destination.kind === 'MQTT') return mqttTarget(url, guard, `waymark-${destination.id.slice(0, 18)}`);
  if (destination.kind === 'HTTP') return httpTarget(url, guard, destination.secret ?? '', destination.id);
  return tcpTarget(url, guard);
}
