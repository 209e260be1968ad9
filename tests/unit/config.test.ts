import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';

describe('loadConfig', () => {
  it('defaults as the README says', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, brand: 'vltd', gatewayPort: 5027, demo: false, publicUrl: 'http://localhost:8080' });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('reads the environment, with the demo flag off by WAYMARK_DEMO=0 even when a default turns it on', () => {
    const config = loadConfig({ PORT: '9000', BRAND: 'smartcity', WAYMARK_DEMO: '0', PUBLIC_URL: 'https://fleet.example.in/' }, { demo: true });
    expect(config).toMatchObject({ port: 9000, brand: 'smartcity', demo: false, publicUrl: 'https://fleet.example.in' });
  });

  it('refuses a bad port or an unknown brand with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT must be a port number, got "eighty"');
    expect(() => loadConfig({ BRAND: 'acme' })).toThrow('BRAND must be one of demo, vltd, smartcity, devicemaker, got "acme"');
  });
});
