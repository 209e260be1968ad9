import net from 'node:net';
import { normalFrame, type DeviceState } from '../../server/simulator/frames.ts';
import { DEMO_FIRST_IMEI } from '../../server/seed/demo.ts';

/** The customer's six demo devices (Sunrise Logistics), each with its own track. */
export const demoDevices = (): DeviceState[] =>
  Array.from({ length: 6 }, (_, i) => ({
    imei: (BigInt(DEMO_FIRST_IMEI) + BigInt(i)).toString(),
    registration: `UP78${String.fromCharCode(65 + i)}T${4321 + i}`,
    latitude: 26.45 + i / 100,
    longitude: 80.33,
    speed: 30,
    heading: 90,
    ignition: true,
    frameNumber: 0,
  }));

/**
 * `count` normal frames spread over the devices in turn, each a second after the device's previous
 * one (so a device's frames are ordered by fix time), starting at `start`.
 */
export function positionFrames(devices: DeviceState[], count: number, start: number, from = 0): string[] {
  const frames: string[] = [];
  for (let n = from; n < from + count; n++) {
    const device = devices[n % devices.length]!;
    device.frameNumber = Math.floor(n / devices.length) + 1;
    device.longitude = 80.33 + device.frameNumber / 100_000;
    frames.push(normalFrame(device, new Date(start + device.frameNumber * 1000)));
  }
  return frames;
}

/**
 * Writes frames to the gateway as devices do, each device on a connection of its own (the gateway
 * caps one connection's burst at 600 frames, server/gateway/limits.ts), and closes them once written.
 */
export async function sendToGateway(port: number, frames: string[]): Promise<void> {
  const byDevice = new Map<string, string[]>();
  for (const frame of frames) {
    const imei = frame.split(',')[6]!;
    byDevice.set(imei, [...(byDevice.get(imei) ?? []), frame]);
  }
  await Promise.all([...byDevice.values()].map((own) => writeFrames(port, own)));
}

async function writeFrames(port: number, frames: string[]): Promise<void> {
  const socket = net.connect({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.on('data', () => undefined);
  for (let i = 0; i < frames.length; i += 200) {
    const chunk = frames.slice(i, i + 200).join('');
    if (!socket.write(chunk)) await new Promise((resolve) => socket.once('drain', resolve));
  }
  await new Promise<void>((resolve) => socket.end(resolve));
}

/** A TCP proxy on 127.0.0.2 to a local port, stopped and started again to take the destination down and up. */
export class Proxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly targetPort: number) {}

  async start(port = this.port): Promise<number> {
    this.server = net.createServer((incoming) => {
      const outgoing = net.connect({ host: '127.0.0.1', port: this.targetPort });
      for (const s of [incoming, outgoing]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      incoming.pipe(outgoing).pipe(incoming);
      incoming.on('close', () => outgoing.destroy());
      outgoing.on('close', () => incoming.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.2', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this.port;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }
}

/** Frames of a device in the order they first arrived: whether they follow the order they were sent in. */
export function firstArrivals(arrived: { imei: string; fixTime: string }[]): Map<string, string[]> {
  const seen = new Set<string>();
  const byDevice = new Map<string, string[]>();
  for (const p of arrived) {
    const key = `${p.imei} ${p.fixTime}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const list = byDevice.get(p.imei) ?? [];
    list.push(p.fixTime);
    byDevice.set(p.imei, list);
  }
  return byDevice;
}
