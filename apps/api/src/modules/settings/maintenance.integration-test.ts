import { MAINTENANCE_MESSAGE_REQUIRED } from '@parity/domain/settings';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { DEMO_PASSWORD } from '../../seed/demo';
import { createSeededTestApp, type SeededTestApp } from '../../test/app';

let t: SeededTestApp;
beforeAll(async () => {
  t = await createSeededTestApp();
});
afterAll(async () => {
  await t?.close();
});

const message = 'Parity is being upgraded until 15:00 UTC.';
const feedback = { url: 'http://localhost:3000/', value: 7 };

describe('PUT /api/admin/maintenance', () => {
  it('refuses anonymous callers (401), members and organization admins (403)', async () => {
    const body = { enabled: true, message };
    expect((await t.call('PUT', null, '/api/admin/maintenance', body)).statusCode).toBe(401);
    for (const email of ['max@acme.test', 'ada@acme.test', 'host@northwind.test']) {
      const res = await t.call('PUT', email, '/api/admin/maintenance', body);
      expect(res.statusCode, email).toBe(403);
      expect(res.json().error).toBe('forbidden');
    }
    const status = await t.call('GET', null, '/api/settings/maintenance');
    expect(status.json()).toEqual({ maintenance: false, message: null });
  });

  it('refuses bad input with 400: no message to turn it on, too long, unknown fields', async () => {
    const cases = [
      { enabled: true, message: '   ' },
      { enabled: true, message: 'x'.repeat(501) },
      { enabled: 'yes', message },
      { enabled: true },
      { enabled: false, message: '', extra: 1 },
    ];
    for (const body of cases) {
      const res = await t.call('PUT', 'admin@parity.test', '/api/admin/maintenance', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const empty = await t.call('PUT', 'admin@parity.test', '/api/admin/maintenance', {
      enabled: true,
      message: '',
    });
    expect(empty.json().message).toContain(MAINTENANCE_MESSAGE_REQUIRED);
  });
});

describe('maintenance mode', () => {
  it('refuses writes by anyone but platform admins with 503 while on, and lets them through again when off', async () => {
    const on = await t.call('PUT', 'admin@parity.test', '/api/admin/maintenance', { enabled: true, message });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ maintenance: true, message });
    expect((await t.call('GET', null, '/api/settings/maintenance')).json()).toEqual({
      maintenance: true,
      message,
    });

    // A member's write: refused with the message, as the app's other errors.
    const refused = await t.call('POST', 'max@acme.test', '/api/feedback', feedback);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message, error: 'maintenance' });
    const orgAdminWrite = await t.call('PUT', 'ada@acme.test', '/api/organizations/me', {});
    expect(orgAdminWrite.statusCode).toBe(503);

    // Reads go on.
    expect((await t.call('GET', 'max@acme.test', '/api/user-account')).statusCode).toBe(200);

    // A platform administrator still writes.
    expect((await t.call('POST', 'admin@parity.test', '/api/feedback', feedback)).statusCode).toBe(201);

    // Sign-in goes on, so an administrator can come and turn it off.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token/',
      payload: {
        grant_type: 'password',
        username: 'admin@parity.test',
        password: DEMO_PASSWORD,
        client_id: 'parity-web',
      },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);

    const off = await t.call('PUT', 'admin@parity.test', '/api/admin/maintenance', {
      enabled: false,
      message: '',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ maintenance: false, message: null });
    expect((await t.call('POST', 'max@acme.test', '/api/feedback', feedback)).statusCode).toBe(201);

    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'setting'), eq(auditLog.entity_id, 'maintenance')));
    expect(entries.map((e) => e.after)).toEqual([
      { maintenance: true, message },
      { maintenance: false, message: null },
    ]);
    expect(entries[0]!.actor_user_id).toBe(t.demo.users.get('admin@parity.test'));
  });
});
