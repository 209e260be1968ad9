import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { distDir } from './http/console.ts';

const root = path.resolve(distDir, '..');
const sources = [
  'src',
  'providers',
  'resources',
  'brands',
  'custom-pages',
  'core',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

/** Builds the console when dist/ is missing or older than its sources. */
export function buildConsoleIfNeeded(log: (message: string) => void) {
  const built = Math.min(...['index.html', 'sign-in.html'].map((page) => newestMtime(path.join(distDir, page))));
  const changed = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (built && built >= changed) return;
  log(built ? 'Console sources changed; rebuilding...' : 'Building the console (first start only)...');
  // the console, then the sign-in page's own entry beside it (vite.config.ts)
  for (const mode of ['production', 'sign-in']) {
    const result = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--mode', mode, '--logLevel', 'warn'],
      {
        cwd: root,
        stdio: 'inherit',
        // React's production build, also when a test runner (NODE_ENV=test) starts the server
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    if (result.status !== 0) throw new Error('The console build failed');
  }
}
