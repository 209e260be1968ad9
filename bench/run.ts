// npm run bench: figures, never pass/fail. Start-up, console bundle size, sign-in latency, sign-in page weight, list and export latency.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import { buildConsoleIfNeeded } from '../server/build.ts';
import { distDir } from '../server/http/console.ts';
import { listFigures } from './lists.ts';
import { startServer } from './server.ts';
import { ingestFigures } from './ingest.ts';
import { ingestScaleFigures } from './ingest-scale.ts';
import { liveFigures } from './live.ts';
import { signInFigures } from './sign-in.ts';
import { reportDataFigures } from './report-data.ts';
import { reportFigures } from './reports.ts';
import { notifyFigures } from './notify.ts';
import { forwardFigures } from './forward.ts';
import { overloadFigures } from './overload.ts';
import { keyFigures } from './keys.ts';

// `npm run bench -- ingest` (or lists, startup) runs one group of figures; report-data and reports
// (a fleet's month of positions: long), ingest-scale (processes on PostgreSQL), notify (alert delivery) and overload
// (a flood beyond what the database stores) run only when named, with their flags after the name
const only = process.argv[2];
const wanted = (group: string) => !only || only === group;

function bundleFigures() {
  const index = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const scripts = [...index.matchAll(/src="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const modules = [...index.matchAll(/href="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const size = (files: string[]) =>
    files.reduce(
      (sum, f) => {
        const bytes = fs.readFileSync(path.join(distDir, f));
        return { raw: sum.raw + bytes.length, gzip: sum.gzip + zlib.gzipSync(bytes, { level: 9 }).length };
      },
      { raw: 0, gzip: 0 },
    );
  return size([...scripts, ...modules]);
}

async function loginLatency(base: string, n: number) {
  const key = (await (await fetch(`${base}/api/auth/public-key`)).json()).data.publicKey as string;
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const password = crypto
      .publicEncrypt(
        { key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from('Waymark@2026'),
      )
      .toString('base64');
    const t = performance.now();
    const r = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'dealer@demo.waymark.in', password }),
    });
    if (!r.ok) throw new Error(`login failed: ${r.status}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(n * 0.5)]!, p95: times[Math.floor(n * 0.95)]! };
}

async function startupFigures() {
  buildConsoleIfNeeded(console.log);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waymark-bench-'));
  const port = 18000 + Math.floor(Math.random() * 1000);
  const cold = await startServer({ DATA_DIR: dataDir }, port, ['--demo']);
  await cold.stop();
  const warm = await startServer({ DATA_DIR: dataDir }, port, ['--demo']);
  const login = await loginLatency(`http://127.0.0.1:${port}`, 40);
  await warm.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  const bundle = bundleFigures();

  console.log('figure                                   value');
  console.log(`start-up, empty data dir (to healthy)    ${cold.ms.toFixed(0)} ms`);
  console.log(`start-up, existing data dir              ${warm.ms.toFixed(0)} ms`);
  console.log(
    `login page JS (initial scripts)          ${(bundle.raw / 1024).toFixed(0)} KiB raw, ${(bundle.gzip / 1024).toFixed(0)} KiB gzip`,
  );
  console.log(
    `POST /api/auth/login (argon2id), 40 runs  p50 ${login.p50.toFixed(0)} ms, p95 ${login.p95.toFixed(0)} ms`,
  );
}

if (wanted('startup')) await startupFigures();

if (wanted('sign-in')) {
  console.log('');
  buildConsoleIfNeeded(console.log);
  await signInFigures(console.log);
}

if (wanted('ingest')) {
  console.log('');
  await ingestFigures(console.log);
}
if (wanted('live')) {
  console.log('');
  buildConsoleIfNeeded(console.log);
  await liveFigures(console.log);
}
if (wanted('lists')) {
  console.log('');
  await listFigures(console.log);
}
// forwarding: ingest with three destinations against none (docs/forwarding.md), only when named
if (only === 'forward') await forwardFigures(console.log);
if (only === 'overload') await overloadFigures(console.log);
if (only === 'ingest-scale') await ingestScaleFigures(console.log);
// raw_logs' primary key once the table outgrows memory: random against time-ordered ids
if (only === 'keys') await keyFigures(console.log);
// alerts by webhook through the rules of issue 26 (BENCH_NOTIFY_* sizes, BENCH_KINDS=pglite,postgres)
if (only === 'notify') await notifyFigures(console.log);
if (only === 'report-data') await reportDataFigures(process.argv.slice(3), console.log);
if (only === 'reports') await reportFigures(process.argv.slice(3), console.log);
