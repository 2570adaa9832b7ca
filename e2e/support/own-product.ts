import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startTestSmtp, type TestSmtp } from '../../apps/api/src/test/smtp';
import { launchBrowser } from './browser';
import { freePort, type ServerProcess, startServer, stopServer, waitHealthy } from './server';

/**
 * A journey's own product, for journeys whose sign-ins, mail and data must not meet the others':
 * the built server on a new embedded database (the demo data), its mail caught by a real SMTP
 * server, and Chromium. `dataDir` is the server's directory, also a place for the journey's files.
 */
export interface OwnProduct {
  server: ServerProcess;
  smtp: TestSmtp;
  browser: Browser;
  dataDir: string;
  /** Stops all of it and removes the directory. */
  stop(): Promise<void>;
}

export async function startOwnProduct(name: string): Promise<OwnProduct> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `parity-${name}-`));
  let smtp: TestSmtp | undefined;
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close();
    if (server) await stopServer(server);
    await smtp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    smtp = await startTestSmtp();
    server = startServer(await freePort(), dataDir, undefined, { SMTP_URL: smtp.url });
    await waitHealthy(server.port, server.child);
    browser = await launchBrowser();
    return { server, smtp, browser, dataDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
