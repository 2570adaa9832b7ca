import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { recipient, startTestSmtp, type TestSmtp } from '../apps/api/src/test/smtp';

const root = path.resolve(import.meta.dirname, '..');
const INSTALL_HINT =
  'No Chromium found: install it with `apt-get install -y chromium` or set CHROMIUM_PATH. ' +
  'The end-to-end journeys are skipped (E2E_REQUIRED=1 turns this into a failure).';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPath: string | null;
    /** GET {mailboxURL}/messages?to=<email> lists the mail the server sent (newest last). */
    mailboxURL: string;
  }
}

function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => !!p && fs.existsSync(p)) ?? null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer /api/health within ${timeoutMs} ms`);
}

/** Starts the built product on a free port with a new embedded database and the demo data. */
export default async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  project.provide('chromiumPath', chromiumPath);
  project.provide('baseURL', '');
  project.provide('mailboxURL', '');
  if (!chromiumPath) {
    if (process.env.E2E_REQUIRED === '1') throw new Error(INSTALL_HINT);
    console.warn(INSTALL_HINT);
    return;
  }

  const built =
    fs.existsSync(path.join(root, 'apps/api/dist/main.js')) &&
    fs.existsSync(path.join(root, 'apps/web/dist/index.html'));
  if (!built) {
    // Vitest runs this with NODE_ENV=test, which would make Vite bundle React's development build
    // (60 KB more, and the first-load budget fails): the product is built as it ships.
    const result = spawnSync('npm', ['run', 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) throw new Error('The build failed');
  }

  // A real SMTP server receives the product's mail; journeys read it through a small HTTP mailbox.
  const smtp = await startTestSmtp();
  const mailbox = await startMailbox(smtp);
  project.provide('mailboxURL', mailbox.url);

  // The demo data seeded once into a directory that every journey's server starts from a copy of
  // (support/server.ts): a copy opens in a second or two, seeding takes ten.
  const seededDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-e2e-seeded-'));
  const seeded = spawnSync(process.execPath, [path.join(root, 'apps/api/dist/main.js'), '--seed-only'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: seededDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  });
  if (seeded.status !== 0) throw new Error('Seeding the demo data failed');
  // each server makes its own secret
  fs.rmSync(path.join(seededDir, 'jwt-secret'), { force: true });
  process.env.PARITY_E2E_SEEDED_DIR = seededDir;

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-e2e-'));
  fs.cpSync(seededDir, dataDir, { recursive: true });
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      SMTP_URL: smtp.url,
      WEB_DIST: path.join(root, 'apps/web/dist'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseURL, server, 90_000);
  project.provide('baseURL', baseURL);

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(seededDir, { recursive: true, force: true });
    await new Promise((r) => mailbox.server.close(r));
    await smtp.close();
  };
}

async function startMailbox(smtp: TestSmtp) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const to = url.searchParams.get('to')?.toLowerCase();
    const messages = smtp.messages
      .filter((m) => !to || recipient(m).toLowerCase() === to)
      .map((m) => ({ to: recipient(m), subject: m.subject ?? '', text: m.text ?? '', html: m.html || null }));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(messages));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { server, url: `http://127.0.0.1:${port}` };
}
