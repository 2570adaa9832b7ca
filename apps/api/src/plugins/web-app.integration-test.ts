import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

// A web build as `vite build` and its precompression step leave it: index.html, hashed assets
// with their .br and .gz siblings, and an unhashed file from public/.
const ASSET = `console.log(${JSON.stringify('parity '.repeat(400))});\n`;
const page = (version: string) =>
  `<!doctype html><html><body><div id="root"></div><!-- ${version} --></body></html>`;
const YEAR = 'public, max-age=31536000, immutable';

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-web-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), page('build 1'));
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const asset = path.join(dist, 'assets', 'index-Bq3xYz12.js');
  fs.writeFileSync(asset, ASSET);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(ASSET));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(ASSET));
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the web app', () => {
  it('serves the page on /, /login and client routes, revalidated on every use', async () => {
    for (const url of ['/', '/login', '/organizations/private/members', '/signup/invitation/abc?x=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.etag, url).toBeTruthy();
      expect(res.body, url).toBe(page('build 1'));
    }
  });

  it('answers 304 when the page has not changed, and the new page after a rebuild', async () => {
    const first = await get('/login');
    const again = await get('/login', { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    fs.writeFileSync(path.join(dist, 'index.html'), page('build 2, a longer one'));
    const rebuilt = await get('/login', { 'if-none-match': first.headers.etag as string });
    expect(rebuilt.statusCode).toBe(200);
    expect(rebuilt.body).toBe(page('build 2, a longer one'));
    expect(rebuilt.headers.etag).not.toBe(first.headers.etag);
  });

  it("lets the page's own inline script run, by its hash in the page's CSP, and no other", async () => {
    const script = "window.routePreloaded = '/';";
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html><head><script>${script}</script><script type="module" src="/assets/index-Bq3xYz12.js"></script></head><body></body></html>`,
    );
    const scriptSrc = (res: { headers: Record<string, unknown> }) =>
      String(res.headers['content-security-policy'])
        .split(';')
        .find((directive) => directive.startsWith('script-src'));
    const hash = crypto.createHash('sha256').update(script).digest('base64');
    expect(scriptSrc(await get('/organizations'))).toBe(`script-src 'self' 'sha256-${hash}'`);
    // Other answers allow no inline script at all.
    expect(scriptSrc(await get('/assets/index-Bq3xYz12.js'))).toBe("script-src 'self'");
    expect(scriptSrc(await get('/api/health'))).toBe("script-src 'self'");
    // The API reference page boots with an inline script of its own.
    expect(scriptSrc(await get('/api/docs'))).toBe("script-src 'self' 'unsafe-inline'");
  });

  it('keeps hashed assets for a year and revalidates unhashed files', async () => {
    const asset = await get('/assets/index-Bq3xYz12.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe(YEAR);
    expect(asset.body).toBe(ASSET);
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for a file that is not in the build, never the page', async () => {
    for (const url of [
      '/assets/x.js',
      '/assets/index-Bq3xYz12.css',
      '/missing.png',
      '/assets/',
      '/api/nothing',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ error: 'not_found' });
    }
    const traversal = await get('/assets/..%2f..%2fetc%2fpasswd');
    expect(traversal.statusCode).toBeGreaterThanOrEqual(400);
    expect(traversal.statusCode).toBeLessThan(500);
  });

  it('sends the brotli or gzip file the client accepts, the same bytes once decoded', async () => {
    const br = await get('/assets/index-Bq3xYz12.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe(YEAR);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);
    expect(br.rawPayload.length).toBeLessThan(ASSET.length);

    const gzip = await get('/assets/index-Bq3xYz12.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(ASSET);

    const plain = await get('/assets/index-Bq3xYz12.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(ASSET);
  });
});
