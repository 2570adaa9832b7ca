import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded database under ./data on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('./data/pglite') });
    expect(config.corsOrigins).toEqual([]);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.seedDemo).toBeUndefined();
  });

  it('switches to PostgreSQL with DATABASE_URL and reads the other variables', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/parity',
      PORT: '8080',
      SEED_DEMO: '0',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      S3_ENDPOINT: 'https://s3.example',
      S3_BUCKET: 'files',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/parity' });
    expect(config.port).toBe(8080);
    expect(config.seedDemo).toBe(false);
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.s3?.bucket).toBe('files');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).database.kind).toBe('pglite');
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'not a url', JWT_SECRET: 'short' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*JWT_SECRET/,
    );
  });

  it('reads the places settings: IP country lookup and Google Places, both off by default', () => {
    expect(loadConfig({}).ipCountryUrl).toBeUndefined();
    expect(loadConfig({}).googlePlaces).toBeUndefined();
    const config = loadConfig({
      IP_COUNTRY_URL: 'https://ip2c.org/self',
      GOOGLE_PLACES_API_KEY: 'key-1',
      GOOGLE_PLACES_BASE_URL: 'http://127.0.0.1:9999/',
    });
    expect(config.ipCountryUrl).toBe('https://ip2c.org/self');
    expect(config.googlePlaces).toEqual({ apiKey: 'key-1', baseUrl: 'http://127.0.0.1:9999' });
    expect(loadConfig({ GOOGLE_PLACES_API_KEY: 'k' }).googlePlaces?.baseUrl).toBe(
      'https://places.googleapis.com',
    );
    expect(() => loadConfig({ IP_COUNTRY_URL: 'ip2c' })).toThrow(/IP_COUNTRY_URL/);
  });

  it('reads the BI tool address (ANALYTICS_URL), off by default and http(s) only', () => {
    expect(loadConfig({}).analyticsUrl).toBeUndefined();
    const url = 'https://bi.example.test/trusted/{token}/views/Parity';
    expect(loadConfig({ ANALYTICS_URL: url }).analyticsUrl).toBe(url);
    expect(() => loadConfig({ ANALYTICS_URL: 'bi.example.test' })).toThrow(/ANALYTICS_URL/);
    expect(() => loadConfig({ ANALYTICS_URL: 'javascript:alert(1)' })).toThrow(/ANALYTICS_URL/);
  });

  it('reads the metrics token (METRICS_TOKEN), off by default, long and without spaces', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    const token = 'm'.repeat(32);
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 32/);
    expect(() => loadConfig({ METRICS_TOKEN: `${token} x` })).toThrow(/METRICS_TOKEN must be printable/);
  });
});
