import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../config';
import { seedDemoData } from '../../db/seed-demo';
import { createTestApp, type TestApp } from '../../test/app';
import { signAccessToken } from '../auth/tokens';

/** An app over a seeded database and a token per demo user, for the organization space tests. */
export interface SpaceKit {
  t: TestApp;
  orgs: Map<string, number>;
  users: Map<string, number>;
  as(email: string | null): { authorization?: string };
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    as: string | null,
    payload?: unknown,
  ): ReturnType<TestApp['app']['inject']>;
  close(): Promise<void>;
}

export async function startSpace(overrides: Partial<Config> = {}): Promise<SpaceKit> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-space-'));
  const t = await createTestApp({ dataDir, ...overrides });
  const seeded = await seedDemoData(t.app.db);
  const tokens = new Map<string, string>();
  for (const [email, userId] of seeded.users) {
    tokens.set(email, await signAccessToken(t.app.config.jwtSecret!, { userId, clientId: 'parity-web' }));
  }
  const as = (email: string | null) => (email ? { authorization: `Bearer ${tokens.get(email)}` } : {});
  let address = 0;
  return {
    t,
    orgs: seeded.organizations,
    users: seeded.users,
    as,
    call: (method, url, email, payload) =>
      t.app.inject({
        method,
        url,
        headers: as(email),
        remoteAddress: `10.9.${Math.floor(++address / 250)}.${address % 250}`,
        ...(payload !== undefined ? { payload: payload as object } : {}),
      }),
    async close() {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
