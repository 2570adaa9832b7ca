import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

// A Parity server process of a journey's own: for journeys that restart the server or must not
// share the run's server (and its sign-in rate limit) with the others.

export const root = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
}

/**
 * Starts the built server on an embedded database in `dataDir`. A new directory starts as a copy
 * of the run's seeded one (global-setup.ts), unless `seedAtStart`: then the server seeds the demo
 * data itself, as a first `npm start` does.
 */
export function startServer(
  port: number,
  dataDir: string,
  script = 'apps/api/dist/main.js',
  env: NodeJS.ProcessEnv = {},
  { seedAtStart = false } = {},
): ServerProcess {
  // Only into an empty directory: a restart on the journey's directory keeps its data.
  const seeded = process.env.PARITY_E2E_SEEDED_DIR;
  const empty = !fs.existsSync(dataDir) || fs.readdirSync(dataDir).length === 0;
  if (!seedAtStart && seeded && empty) fs.cpSync(seeded, dataDir, { recursive: true });
  let output = '';
  const child = spawn(process.execPath, [path.join(root, script)], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WEB_DIST: path.join(root, 'apps/web/dist'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => output };
}

export function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/** Polls /api/health until it answers 200 (at most 90 s). */
export async function waitHealthy(port: number, child: ChildProcess): Promise<Response> {
  for (let i = 0; i < 360; i++) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return res;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server never became healthy');
}

/** SIGTERM, and the exit code once it has stopped. */
export async function stopServer(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode !== null) return server.child.exitCode;
  const exited = exitOf(server.child);
  server.child.kill('SIGTERM');
  return exited;
}
