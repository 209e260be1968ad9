import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import semver from 'semver';

const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(fs.readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(fs.readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};

describe('the Node version the project says it needs', () => {
  it('is one every locked package accepts, so npm ci prints no EBADENGINE', () => {
    const oldest = semver.minVersion(pkg.engines.node)!.version;
    const refusing = Object.entries(lock.packages)
      .filter(([name]) => name !== '')
      .map(([name, entry]) => [name, Array.isArray(entry.engines) ? undefined : entry.engines?.node] as const)
      .filter(([, range]) => range && !semver.satisfies(oldest, range))
      .map(([name, range]) => `${name.replace(/^.*node_modules\//, '')} wants node ${range}`);
    expect(refusing).toEqual([]);
  });
});
