// Compiles the server's TypeScript to JavaScript under build/ (tsconfig.server.json) when the
// sources are newer than the last compile, so production runs plain JavaScript. Plain JS itself:
// it runs before anything can load TypeScript. `node server/compile.mjs` compiles if needed.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const entry = path.join(root, 'build/server/cli.js');
const stamp = path.join(root, 'build/.compiled');
const lock = path.join(root, 'build.lock');
// what the server's code is compiled from
const SOURCES = ['server', 'core', 'resources', 'brands', 'tsconfig.json', 'tsconfig.server.json', 'package-lock.json'];

function newest(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return /\.(ts|tsx|json|sql)$/.test(target) ? stat.mtimeMs : 0;
  return Math.max(0, ...fs.readdirSync(target).map((name) => newest(path.join(target, name))));
}

const fresh = () =>
  fs.existsSync(stamp) &&
  fs.existsSync(entry) &&
  fs.statSync(stamp).mtimeMs >= Math.max(...SOURCES.map((s) => newest(path.join(root, s))));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One compile at a time (two servers starting together share it): a directory made atomically is the lock. */
async function withLock(work) {
  for (let waited = 0; ; waited += 250) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      // a lock left by a killed compile is taken over after five minutes
      if (Date.now() - fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs > 300_000)
        fs.rmSync(lock, { recursive: true, force: true });
      await sleep(250);
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

export async function compileIfNeeded(log = (message) => console.log(message)) {
  if (fresh()) return;
  await withLock(async () => {
    if (fresh()) return;
    log('Compiling the server (after a change to its sources)...');
    const started = Date.now();
    fs.rmSync(path.join(root, 'build'), { recursive: true, force: true });
    const result = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', path.join(root, 'tsconfig.server.json')],
      { cwd: root, stdio: 'inherit' },
    );
    if (result.status !== 0) throw new Error('Compiling the server failed');
    fs.writeFileSync(stamp, new Date().toISOString());
    log(`Compiled in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) await compileIfNeeded();
