import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import semver from 'semver';

const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(fs.readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(fs.readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};

/** Every locked package that would refuse some Node version the project's `engines` admits. */
function refusing(range: string): string[] {
  return Object.entries(lock.packages)
    .filter(([name]) => name !== '')
    .map(([name, entry]) => [name, Array.isArray(entry.engines) ? undefined : entry.engines?.node] as const)
    .filter(([, wanted]) => wanted && !semver.subset(range, wanted))
    .map(([name, wanted]) => `${name.replace(/^.*node_modules\//, '')} wants node ${wanted}`);
}

describe('the Node versions the project says it runs on', () => {
  it('are all accepted by every locked package, so npm ci prints no EBADENGINE on any of them', () => {
    expect(refusing(pkg.engines.node)).toEqual([]);
  });

  it('would catch a range that admits versions a package refuses (22.0 to 22.12)', () => {
    expect(refusing('>=20.19').length).toBeGreaterThan(0);
  });

  it('admits the Node this machine runs', () => {
    expect(semver.satisfies(process.version, pkg.engines.node)).toBe(true);
  });
});
