import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the HTTP edge', () => {
  it('answers an unknown API path with a 404 error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Route GET /api/no-such-thing not found.', error: 'not_found' });
  });

  it('requires a Bearer token on API routes and says so in the error body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/genders' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unauthenticated', message: 'Unauthenticated.' });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/genders',
      headers: { authorization: 'Bearer not-a-jwt' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe('The access token is invalid or has expired.');
  });

  it('refuses malformed JSON with 400 and a clear message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/JSON/i);
  });

  it('refuses JSON bodies over 1 MB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBeTruthy();
  });

  it('refuses an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token/',
      headers: { 'content-type': 'application/xml' },
      payload: '<x/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBeTruthy();
  });

  it('sends security headers and keeps CORS closed by default', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends the security headers on error answers and on the web app too', async () => {
    for (const url of ['/api/no-such-route', '/login']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('echoes a request id so logs and answers can be matched', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('CORS when origins are configured', () => {
  it('allows only the configured origin', async () => {
    const open = await createTestApp({ corsOrigins: ['https://app.example'] });
    try {
      const allowed = await open.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://app.example' },
      });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example');
      const other = await open.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://evil.example' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await open.close();
    }
  });
});

describe('GET /api/settings/maintenance', () => {
  it('is public and off by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/maintenance' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ maintenance: false, message: null });
  });
});

describe('OpenAPI', () => {
  it('serves the document with every route and the reference page', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    for (const route of ['/api/health', '/api/settings/maintenance']) expect(paths).toContain(route);
    const redirect = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(redirect.statusCode).toBe(301);
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // Its script is served by us, not fetched from a CDN.
    expect(page.body).toContain('<script src="js/scalar.js">');
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/js/scalar.js' });
    expect(script.statusCode).toBe(200);
  });
});
