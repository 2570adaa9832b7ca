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
});
