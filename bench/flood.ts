// Devices that flood a gateway and count what it acknowledged: each connects (spread over one
// interval), logs in, then every interval sends a position and every fifth interval a heartbeat.
// A connection the gateway closes is opened again a second later, with a new login. Logins and
// heartbeats are answered only once stored, so each device's answers are a floor on its stored ones.
import net from 'node:net';
import { heartbeatFrame, loginFrame, normalFrame, type DeviceState } from '../server/simulator/frames.ts';

export interface FloodOptions {
  port: number;
  host?: string;
  devices: number;
  intervalMs: number;
  firstImei: string;
}

export interface FloodFigures {
  /** Frames written to sockets (some may never be read: the gateway paused or closed them). */
  offered: number;
  connections: number;
  /** Connections the gateway closed (or refused) while the flood ran. */
  closedByGateway: number;
  /** Logins and heartbeats answered, by IMEI. */
  acknowledged: Record<string, number>;
}

export function startFlood(options: FloodOptions) {
  const figures: FloodFigures = { offered: 0, connections: 0, closedByGateway: 0, acknowledged: {} };
  const sockets = new Set<net.Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };

  const device = (index: number) => {
    if (stopped) return;
    const imei = (BigInt(options.firstImei) + BigInt(index)).toString();
    const state: DeviceState = {
      imei,
      registration: `BN${String(index).padStart(6, '0')}`,
      latitude: 26.4 + (index % 100) / 1000,
      longitude: 80.3 + Math.floor(index / 100) / 10000,
      speed: 30,
      heading: 90,
      ignition: true,
      frameNumber: 0,
    };
    const socket = net.connect({ host: options.host ?? '127.0.0.1', port: options.port });
    sockets.add(socket);
    socket.setEncoding('latin1');
    let ticker: NodeJS.Timeout | null = null;
    let answered = '';
    const send = (text: string) => {
      if (!socket.writable) return;
      figures.offered += 1;
      socket.write(text);
    };
    socket.on('connect', () => {
      figures.connections += 1;
      send(loginFrame(state));
      ticker = setInterval(() => {
        state.frameNumber += 1;
        state.latitude += 0.0001;
        send(normalFrame(state, new Date()));
        if (state.frameNumber % 5 === 0) send(heartbeatFrame(imei));
      }, options.intervalMs);
    });
    socket.on('data', (text: string) => {
      answered += text;
      const lines = answered.split('\r\n');
      answered = lines.pop()!;
      const oks = lines.filter((line) => line.endsWith(',OK*')).length;
      if (oks) figures.acknowledged[imei] = (figures.acknowledged[imei] ?? 0) + oks;
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (ticker) clearInterval(ticker);
      sockets.delete(socket);
      if (stopped) return;
      figures.closedByGateway += 1;
      later(1000 + Math.random() * 1000, () => device(index));
    });
  };

  for (let i = 0; i < options.devices; i++) later((i * options.intervalMs) / options.devices, () => device(i));

  return {
    figures,
    get connected() {
      return sockets.size;
    },
    /** Closes every connection; answers still in flight are not counted (their frames may be stored: a floor). */
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      return figures;
    },
  };
}

// run alone (`tsx bench/flood.ts <port> <devices> <intervalMs> <firstImei>`): floods until SIGTERM,
// then prints its figures as one JSON line
if (process.argv[1]?.endsWith('flood.ts') && process.argv.length >= 6) {
  const [port, devices, intervalMs, firstImei] = process.argv.slice(2);
  const flood = startFlood({
    port: Number(port),
    devices: Number(devices),
    intervalMs: Number(intervalMs),
    firstImei: firstImei!,
  });
  process.on('SIGTERM', () => {
    process.stdout.write(`${JSON.stringify(flood.stop())}\n`, () => process.exit(0));
  });
}
