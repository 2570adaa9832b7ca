import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exitOf, freePort, startServer as startProcess, waitHealthy } from './support/server';

// The server process itself: start-up on a new embedded database, the data directory lock,
// graceful shutdown. These need the built API but no browser.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-process-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

// A first start on an empty directory seeds the demo data itself, as `npm start` does.
const startServer = (port: number, script?: string) =>
  startProcess(port, dataDir, script, {}, { seedAtStart: true });

describe('the server process on the embedded database', () => {
  it('starts with demo data, refuses a second process on the same data directory, and shuts down cleanly', async () => {
    const port = await freePort();
    const first = startServer(port);
    const health = await waitHealthy(port, first.child);
    expect(await health.json()).toEqual({ status: 'ok' });

    // The demo data was seeded into the new database: a demo user can sign in.
    const signIn = await fetch(`http://127.0.0.1:${port}/api/oauth/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'password',
        client_id: 'parity-web',
        username: 'ada@acme.test',
        password: 'Parity-Demo-2026!',
      }),
    });
    expect(signIn.status).toBe(200);

    // Every page address serves the web app, to HEAD (link checkers, uptime probes) as to GET;
    // an unknown API route stays a JSON 404.
    for (const method of ['GET', 'HEAD']) {
      const page = await fetch(`http://127.0.0.1:${port}/surveys/hosting`, { method });
      expect(page.status, method).toBe(200);
      expect(page.headers.get('content-type'), method).toContain('text/html');
    }
    const unknown = await fetch(`http://127.0.0.1:${port}/api/no-such-route`, { method: 'HEAD' });
    expect(unknown.status).toBe(404);

    const second = startServer(await freePort());
    expect(await exitOf(second.child)).toBe(1);
    expect(second.output()).toContain('is in use by another Parity process');

    first.child.kill('SIGTERM');
    expect(await exitOf(first.child)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  });

  it('opens the existing data directory again with its data kept', async () => {
    const port = await freePort();
    const again = startServer(port);
    await waitHealthy(port, again.child);
    const signIn = await fetch(`http://127.0.0.1:${port}/api/oauth/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'password',
        client_id: 'parity-web',
        username: 'max@acme.test',
        password: 'Parity-Demo-2026!',
      }),
    });
    expect(signIn.status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await exitOf(again.child)).toBe(0);
  });

  it('starts through npm start’s script on an already built tree and stops on SIGTERM', async () => {
    const port = await freePort();
    const started = startServer(port, 'scripts/start.mjs');
    await waitHealthy(port, started.child);
    expect(started.output()).not.toContain('Building');
    started.child.kill('SIGTERM');
    expect(await exitOf(started.child)).toBe(0);
  });
});
