import net from 'node:net';
import { normalFrame } from '../../server/simulator/frames.ts';
import { sign } from '../../server/notify/webhook.ts';
import { demoEmail, DEMO_PASSWORD } from '../../server/seed/demo.ts';
import type { ReceivedRequest } from '../api/notify/receivers.ts';
import { demoDevices } from './forwarding.ts';
import { signInOverHttp } from './net.ts';

/** The alert the bursts raise: harsh braking (packet HB, alert id 13), which no demo rule takes. */
export const BURST_EVENT = 'HARSH_BRAKING';

/**
 * Signs in as the demo dealer over HTTP and makes a rule of Sunrise Logistics (his customer, whose
 * six demo devices the bursts play) that sends every harsh braking of any vehicle to a webhook.
 * Answers the rule's id and its whole webhook secret.
 */
export async function webhookRule(base: string, url: string): Promise<{ id: string; secret: string; token: string }> {
  const token = await signInOverHttp(base, demoEmail('dealer'), DEMO_PASSWORD);
  const api = async (method: string, path: string, body?: object) => {
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  const organisations = (await api(
    'GET',
    `/organisation?filter=${encodeURIComponent('{"q":"Sunrise Logistics"}')}`,
  )) as { id: string; tradeName: string }[];
  const sunrise = organisations.find((o) => o.tradeName === 'Sunrise Logistics');
  if (!sunrise) throw new Error('the demo has no Sunrise Logistics');
  const rule = (await api('POST', '/notificationrules', {
    name: 'Harsh braking to the control room',
    eventType: BURST_EVENT,
    channels: ['webhook'],
    webhookUrl: url,
    organisationId: sunrise.id,
  })) as { id: string; webhookSecret: string };
  return { id: rule.id, secret: rule.webhookSecret, token };
}

/** The alert frames of a burst: `perDevice` harsh brakings of each demo device, a second apart, ending now. */
export function burstFrames(perDevice: number, devices = demoDevices()): Map<string, string[]> {
  const start = Date.now() - perDevice * 1000;
  const frames = new Map<string, string[]>();
  for (const device of devices) {
    const own: string[] = [];
    for (let n = 1; n <= perDevice; n++) {
      device.frameNumber = n;
      device.longitude = 80.33 + n / 100_000;
      own.push(normalFrame(device, new Date(start + n * 1000), { type: 'HB', alertId: 13 }));
    }
    frames.set(device.imei, own);
  }
  return frames;
}

/**
 * Plays one device: writes its frames to the gateway `chunk` at a time, `pauseMs` apart, until they
 * are all written or the connection dies (a killed server); answers how many it wrote.
 */
export async function playDevice(port: number, frames: string[], chunk = 5, pauseMs = 10): Promise<number> {
  const socket = net.connect({ host: '127.0.0.1', port });
  let dead = false;
  socket.on('error', () => (dead = true));
  socket.on('close', () => (dead = true));
  socket.on('data', () => undefined);
  await new Promise<void>((resolve) => {
    socket.once('connect', resolve);
    socket.once('error', resolve);
  });
  let written = 0;
  for (let i = 0; i < frames.length && !dead; i += chunk) {
    const part = frames.slice(i, i + chunk);
    socket.write(part.join(''));
    written += part.length;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  if (!dead) await new Promise<void>((resolve) => socket.end(resolve));
  socket.destroy();
  return written;
}

/** A webhook as the receiver got it: its delivery id, the event it tells of, and whether its signature holds. */
export interface ReceivedHook {
  deliveryId: string;
  eventId: string;
  signed: boolean;
}

/** Reads a request of the receiver as a webhook of the rule with this secret (Standard Webhooks' verification). */
export function readHook(request: ReceivedRequest, secret: string): ReceivedHook {
  const deliveryId = String(request.headers['webhook-id']);
  const timestamp = Number(request.headers['webhook-timestamp']);
  const body = request.body.toString('utf8');
  const signed = request.headers['webhook-signature'] === sign(secret, deliveryId, timestamp, body);
  const payload = JSON.parse(body) as { data: { eventId: string } };
  return { deliveryId, eventId: payload.data.eventId, signed };
}
