import fs from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';

/**
 * `waymark serve` in its own process (the benchmark's clients must not share its event loop); resolves once healthy.
 * `cwd`: the tree whose server runs (another revision's worktree, bench/before.ts).
 */
export async function startServer(env: Record<string, string>, port: number, args: string[] = [], cwd?: string) {
  const started = performance.now();
  // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof': the server's own profile, written as it stops
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // BENCH_SERVER_LOG=/tmp/server.log: the server's log at info level, appended there
  const logTo = process.env.BENCH_SERVER_LOG;
  const log = logTo ? fs.openSync(logTo, 'a') : 'ignore';
  const child = spawn(process.execPath, [...nodeArgs, 'server/bin.mjs', 'serve', ...args], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: logTo ? 'info' : 'warn' },
    stdio: ['ignore', log, log],
    cwd,
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    ms: performance.now() - started,
    /** The server's process id (its CPU time is in /proc/<pid>/stat). */
    pid: child.pid!,
    stop: () =>
      new Promise((r) => {
        child.once('exit', r);
        child.kill('SIGTERM');
      }),
  };
}

/**
 * A child whose stdout lines are kept, and a way to stop it and wait for its exit. `entry`: what
 * node runs (Waymark's command line by default) and its own arguments before `args`.
 */
export function startChild(args: string[], env: Record<string, string>, entry: string[] = ['server/bin.mjs']) {
  const process_ = spawn(process.execPath, [...entry, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  let buffered = '';
  process_.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    lines.push(...parts);
  });
  const exited = new Promise<void>((resolve) => process_.once('exit', () => resolve()));
  return {
    lines,
    /** Resolves once a line has said `text` (a gateway's "gateway listening"); throws after `ms`. */
    printed: async (text: string, ms = 60_000) => {
      const started = Date.now();
      while (!lines.some((line) => line.includes(text))) {
        if (Date.now() - started > ms) throw new Error(`timed out waiting for "${text}"`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop: async () => {
      process_.kill('SIGTERM');
      await exited;
    },
    process: process_ as ChildProcess,
  };
}

export { signInOverHttp as signIn } from '../tests/support/net.ts';
