import net from 'node:net';
import { along, KANPUR_LOOPS } from './paths.ts';
import { emergencyFrame, healthFrame, loginFrame, normalFrame, type DeviceState } from './frames.ts';
import { Backfill, type BackfillOptions, type BackfillReport } from './backfill.ts';

export interface SimulatorOptions {
  host: string;
  port: number;
  /** How many devices, with IMEIs counting up from firstImei. */
  devices: number;
  firstImei: string;
  /** Seconds between a device's frames. */
  intervalSeconds: number;
  /** Chance per frame of an alert frame (harsh driving, overspeed...). */
  alertRate?: number;
  /** Fleets larger than a city loop or two are spread over a wider area. */
  spread?: boolean;
  /** Each device's past days sent as history frames once it is sending live ones (backfill.ts). */
  backfill?: BackfillOptions;
  onError?: (error: Error) => void;
}

interface SimulatedDevice extends DeviceState {
  socket: net.Socket | null;
  loop: [number, number][];
  offset: [number, number];
  /** Where on its loop it starts and, in its history, parks (metres from the loop's first corner). */
  depot: number;
  odometer: number;
  cruise: number;
  /** Seconds left standing (a signal, a halt with the engine off). */
  halt: number;
}

export interface Simulator {
  /** Frames written to sockets so far. */
  readonly sent: number;
  readonly connected: number;
  /** Settles once every device has sent its history; null without `backfill`. */
  readonly backfilled: Promise<BackfillReport> | null;
  stop(): Promise<void>;
}

const imeiAt = (first: string, i: number) => (BigInt(first) + BigInt(i)).toString().padStart(15, '0');

/**
 * Virtual AIS-140 devices over TCP: each logs in, then drives a loop of Kanpur's roads sending a
 * normal frame every interval, with stops at signals, engine-off halts, a health frame now and
 * then and occasional alerts. Commands from the server are answered with `$CMD,<imei>,OK:<command>*`.
 */
export function startSimulator(options: SimulatorOptions): Simulator {
  const alertRate = options.alertRate ?? 0.003;
  const devices: SimulatedDevice[] = [];
  let sent = 0;
  let stopped = false;
  const side = Math.ceil(Math.sqrt(options.devices / KANPUR_LOOPS.length));

  for (let i = 0; i < options.devices; i += 1) {
    const loop = KANPUR_LOOPS[i % KANPUR_LOOPS.length]!;
    const cell = Math.floor(i / KANPUR_LOOPS.length);
    const offset: [number, number] =
      options.spread && side > 1
        ? [((cell % side) - side / 2) * 0.01, (Math.floor(cell / side) - side / 2) * 0.01]
        : [0, 0];
    const start = along(loop, (i * 733) % 5000);
    devices.push({
      imei: imeiAt(options.firstImei, i),
      registration: `SIM${String(i).padStart(5, '0')}`,
      latitude: start.point[0] + offset[0],
      longitude: start.point[1] + offset[1],
      speed: 0,
      heading: start.heading,
      ignition: true,
      frameNumber: 0,
      socket: null,
      loop,
      offset,
      depot: (i * 733) % 5000,
      odometer: (i * 733) % 5000,
      cruise: 25 + (i % 7) * 5,
      halt: 0,
    });
  }

  const backfill = options.backfill
    ? new Backfill(
        options.backfill,
        devices.map((d) => d.imei),
      )
    : null;

  const write = (device: SimulatedDevice, text: string) => {
    if (device.socket?.writable) {
      device.socket.write(text);
      sent += 1;
    }
  };

  const connect = (device: SimulatedDevice) => {
    if (stopped) return;
    const socket = net.connect({ host: options.host, port: options.port });
    socket.setNoDelay(true);
    socket.setEncoding('latin1');
    device.socket = socket;
    socket.on('connect', () => write(device, loginFrame(device)));
    socket.on('data', (text: string) => {
      for (const line of text.split(/\r?\n/)) {
        if (line && !line.startsWith('$')) write(device, `$CMD,${device.imei},OK:${line.replace(/[,*$]/g, ' ')}*\r\n`);
      }
    });
    socket.on('error', (error) => options.onError?.(error));
    socket.on('close', () => {
      device.socket = null;
      if (!stopped) setTimeout(() => connect(device), 2000 + Math.random() * 3000).unref();
    });
  };

  const step = (device: SimulatedDevice, seconds: number) => {
    if (device.halt > 0) {
      device.halt -= seconds;
      device.speed = 0;
      if (device.halt <= 0 && !device.ignition) {
        device.ignition = true;
        return { type: 'IN', alertId: 7 };
      }
      return null;
    }
    const roll = Math.random();
    if (roll < 0.02) {
      device.halt = 30 + Math.random() * 60;
      device.speed = 0;
      return null;
    }
    if (roll < 0.0225) {
      device.halt = 240 + Math.random() * 300;
      device.ignition = false;
      device.speed = 0;
      return { type: 'IF', alertId: 8 };
    }
    device.speed = Math.max(5, Math.min(85, device.cruise + (Math.random() - 0.5) * 20));
    device.odometer += (device.speed / 3.6) * seconds;
    const here = along(device.loop, device.odometer);
    device.latitude = here.point[0] + device.offset[0];
    device.longitude = here.point[1] + device.offset[1];
    device.heading = here.heading;
    if (Math.random() < alertRate) {
      if (device.speed > 60) return { type: 'OS', alertId: 17 };
      return [
        { type: 'HB', alertId: 13 },
        { type: 'HA', alertId: 14 },
        { type: 'RT', alertId: 15 },
      ][Math.floor(Math.random() * 3)]!;
    }
    return null;
  };

  const timers: NodeJS.Timeout[] = [];
  devices.forEach((device, i) => {
    // stagger connections and frames over the interval so the server sees a steady stream
    const delay = (i / options.devices) * options.intervalSeconds * 1000;
    timers.push(
      setTimeout(() => {
        connect(device);
        const timer = setInterval(() => {
          const alert = step(device, options.intervalSeconds);
          device.frameNumber += 1;
          write(device, normalFrame(device, new Date(), alert ?? { type: 'NR', alertId: 1 }));
          if (device.frameNumber % 60 === 0) write(device, healthFrame(device, 60 + (device.frameNumber % 40)));
          if (Math.random() < alertRate / 20) write(device, emergencyFrame(device, new Date()));
          if (device.frameNumber === 1)
            backfill?.start(
              {
                imei: device.imei,
                registration: device.registration,
                route: { loop: device.loop, offset: device.offset, depot: device.depot, cruise: device.cruise },
                socket: () => device.socket,
              },
              (frames) => (sent += frames),
            );
        }, options.intervalSeconds * 1000);
        timers.push(timer);
      }, delay),
    );
  });

  return {
    get sent() {
      return sent;
    },
    get connected() {
      return devices.filter((d) => d.socket && !d.socket.connecting && d.socket.writable).length;
    },
    backfilled: backfill?.done ?? null,
    async stop() {
      stopped = true;
      backfill?.stop();
      for (const timer of timers) clearTimeout(timer);
      for (const device of devices) device.socket?.destroy();
    },
  };
}
