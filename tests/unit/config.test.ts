import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';

describe('loadConfig', () => {
  it('defaults as the README says', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      brand: 'vltd',
      gatewayPort: 5027,
      demo: false,
      publicUrl: 'http://localhost:8080',
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('reads the environment, with the demo flag off by WAYMARK_DEMO=0 even when a default turns it on', () => {
    const config = loadConfig(
      { PORT: '9000', BRAND: 'smartcity', WAYMARK_DEMO: '0', PUBLIC_URL: 'https://fleet.example.in/' },
      { demo: true },
    );
    expect(config).toMatchObject({
      port: 9000,
      brand: 'smartcity',
      demo: false,
      publicUrl: 'https://fleet.example.in',
    });
  });

  it('refuses a bad port or an unknown brand with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT must be a port number, got "eighty"');
    expect(() => loadConfig({ BRAND: 'acme' })).toThrow(
      'BRAND must be one of demo, vltd, smartcity, devicemaker, got "acme"',
    );
  });

  it('trusts no proxy unless TRUST_PROXY says: true, a hop count, or addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
  });

  it('limits uploads to 200 MiB per user a day and 2 GiB per organisation unless told otherwise', () => {
    const MIB = 1024 * 1024;
    expect(loadConfig({}).uploadQuota).toEqual({ userPerDay: 200 * MIB, organisation: 2048 * MIB });
    expect(loadConfig({ UPLOAD_QUOTA_USER_DAILY_MIB: '50', UPLOAD_QUOTA_ORGANISATION_MIB: '0.5' }).uploadQuota).toEqual(
      { userPerDay: 50 * MIB, organisation: MIB / 2 },
    );
    expect(() => loadConfig({ UPLOAD_QUOTA_USER_DAILY_MIB: 'lots' })).toThrow(
      'UPLOAD_QUOTA_USER_DAILY_MIB must be a positive number of MiB, got "lots"',
    );
  });

  it('reads the gateway queue bounds and the pool sizes, refusing bounds that do not rise', () => {
    expect(loadConfig({}).gatewayQueue).toEqual({ pauseAt: 1000, refuseAt: 2000, resumeAt: 500 });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/waymark' }).gatewayQueue).toEqual({
      pauseAt: 8000,
      refuseAt: 16_000,
      resumeAt: 4000,
    });
    expect(loadConfig({}).databasePool).toEqual({ api: 20, ingest: 4 });
    expect(
      loadConfig({ GATEWAY_QUEUE_PAUSE: '400', GATEWAY_QUEUE_REFUSE: '900', GATEWAY_QUEUE_RESUME: '100' }).gatewayQueue,
    ).toEqual({ pauseAt: 400, refuseAt: 900, resumeAt: 100 });
    expect(loadConfig({ DATABASE_POOL_SIZE: '8', DATABASE_INGEST_POOL_SIZE: '2' }).databasePool).toEqual({
      api: 8,
      ingest: 2,
    });
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/waymark', GATEWAY_QUEUE_RESUME: '9000' })).toThrow(
      'gateway queue bounds must rise: resume (9000) < pause (8000) <= refuse (16000)',
    );
    expect(() => loadConfig({ GATEWAY_QUEUE_PAUSE: 'many' })).toThrow(
      'GATEWAY_QUEUE_PAUSE must be a whole number of frames, got "many"',
    );
    expect(() => loadConfig({ DATABASE_INGEST_POOL_SIZE: '0' })).toThrow(
      'DATABASE_INGEST_POOL_SIZE must be a whole number of connections from 1 to 1000, got "0"',
    );
  });
});
