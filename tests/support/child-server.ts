import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './net.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** A `waymark serve` process of a test, on its own ports. */
export interface ChildServer {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  base: string;
  /** The HTTP port and the devices' gateway port. */
  http: number;
  gateway: number;
  /** Settles when the process has exited, whichever way. */
  exited: Promise<unknown>;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  /** Whether the process is still running. */
  alive: () => boolean;
}

export interface ChildServerOptions {
  /** What the test configures (the database above all: DATABASE_URL, or DATABASE_URL '' and DATA_DIR for PGlite). */
  env: Record<string, string>;
  /** Ports to listen on (a restarted server keeps its predecessor's): free ones otherwise. */
  http?: number;
  gateway?: number;
  /** How long it may take to answer /api/health (migrating and seeding a new database included). */
  readyMs?: number;
}

/**
 * `node server/bin.mjs serve` as an operator runs it, on 127.0.0.1 with LOG_LEVEL warn and the
 * test's environment over this process's; resolves once it answers /api/health, and fails with
 * what it wrote if it exits first or never answers.
 */
export async function startChildServer(options: ChildServerOptions): Promise<ChildServer> {
  const http = options.http ?? (await freePort());
  const gateway = options.gateway ?? (await freePort());
  let output = '';
  const child = spawn(process.execPath, ['server/bin.mjs', 'serve'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PORT: String(http),
      GATEWAY_PORT: String(gateway),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += String(d)));
  child.stderr!.on('data', (d) => (output += String(d)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const base = `http://127.0.0.1:${http}`;
  const until = Date.now() + (options.readyMs ?? 180_000);
  for (;;) {
    if (!alive()) throw new Error(`the server exited with ${child.exitCode ?? child.signalCode}: ${output}`);
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`the server on ${http} did not answer: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, base, http, gateway, exited, output: () => output, alive };
}

/** Kills a server with a signal and waits until it has gone (SIGKILL: no shutdown, no flush). */
export async function killChildServer(server: ChildServer, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (server.alive()) server.child.kill(signal);
  await server.exited;
}

/** Stops the servers a test left running: SIGTERM, and SIGKILL for any still there after `graceMs`. */
export async function stopChildServers(servers: ChildServer[], graceMs = 10_000): Promise<void> {
  for (const server of servers) if (server.alive()) server.child.kill('SIGTERM');
  const stragglers = setTimeout(() => servers.forEach((s) => s.alive() && s.child.kill('SIGKILL')), graceMs);
  await Promise.all(servers.map((s) => s.exited));
  clearTimeout(stragglers);
}
