import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { distDir } from './http/console.ts';

const root = path.resolve(distDir, '..');
const sources = ['src', 'providers', 'resources', 'brands', 'custom-pages', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

/** Builds the console when dist/ is missing or older than its sources. */
export function buildConsoleIfNeeded(log: (message: string) => void) {
  const built = newestMtime(path.join(distDir, 'index.html'));
  const changed = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (built && built >= changed) return;
  log(built ? 'Console sources changed; rebuilding...' : 'Building the console (first start only)...');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The console build failed');
}
