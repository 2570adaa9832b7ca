import { ACCOUNT_ERASED_MESSAGE, ERASED_USER_NAME, erasedEmail } from '@parity/domain/data-portability';
import { LAST_ADMIN_MESSAGE } from '@parity/domain/organization-members';
import { eq, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../../core/audit';
import * as schema from '../../db/schema';
import { files } from '../../db/schema/files';
import { organizations, users } from '../../db/schema/people';
import { ACME, CEDAR, DEMO_PASSWORD } from '../../seed/demo';
import { createSeededTestApp, type SeededTestApp } from '../../test/app';
import { ERASURE_PLAN } from './erasure';
import { ERASE_MAX_FAILURES } from './routes';

let t: SeededTestApp;

beforeAll(async () => {
  t = await createSeededTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const org = (name: string) => t.demo.organizations.get(name)!;
const userId = (email: string) => t.demo.users.get(email)!;

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await t.app.db.execute(query)) as unknown as { rows: { n: number | string }[] };
  return Number(result.rows[0]?.n ?? 0);
}

const signIn = (username: string, password = DEMO_PASSWORD) =>
  t.app.inject({
    method: 'POST',
    url: '/api/oauth/token/',
    payload: { grant_type: 'password', username, password, client_id: 'parity-web' },
  });

async function exportEntries() {
  return count(
    sql`SELECT count(*) AS n FROM audit_log WHERE entity = 'organization' AND action = 'export' AND organization_id = ${org(ACME)}`,
  );
}

describe('GET /api/organizations/me/export', () => {
  it("gives an admin all of the organization's data as one JSON document, and audits it", async () => {
    // A submit stores a version of every tab (the demo profile has none of its own yet).
    const submitted = await t.call('POST', 'ada@acme.test', `/api/organizations/${org(ACME)}/lpi`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const before = await exportEntries();
    const res = await t.call('GET', 'ada@acme.test', '/api/organizations/me/export?format=json');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="organization-${org(ACME)}-export-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    const body = res.json();
    expect(body.version).toBe(1);
    expect(Number.isNaN(Date.parse(body.generated_at))).toBe(false);
    expect(body.organization.name).toBe(ACME);
    expect(Object.keys(body.profile).length).toBeGreaterThan(5);
    expect(body.versions).toContainEqual(
      expect.objectContaining({ survey_id: null, kind: 'submit', saved_by: 'Ada Lovelace' }),
    );
    expect(body.submissions).toContainEqual(
      expect.objectContaining({ id: submitted.json().id, survey_id: null, submitted_by: 'Ada Lovelace' }),
    );
    expect(body.members).toContainEqual(
      expect.objectContaining({
        name: 'Max Planck',
        email: 'max@acme.test',
        role: 'member',
        status: 'approved',
      }),
    );
    expect(body.members).toContainEqual(expect.objectContaining({ email: 'ada@acme.test', role: 'admin' }));
    expect(body.members.some((m: { email: string }) => m.email.endsWith('@cedar.test'))).toBe(false);
    expect(Array.isArray(body.files)).toBe(true);
    expect(body.audit_log.length).toBeGreaterThan(0);
    expect(await exportEntries()).toBe(before + 1);
    const [entry] = (
      (await t.app.db.execute(
        sql`SELECT actor_user_id, after FROM audit_log WHERE entity = 'organization' AND action = 'export' ORDER BY id DESC LIMIT 1`,
      )) as unknown as { rows: { actor_user_id: number; after: unknown }[] }
    ).rows;
    expect(entry).toEqual({ actor_user_id: userId('ada@acme.test'), after: { format: 'json' } });
  });

  it('gives an admin an .xlsx workbook with one sheet per part, formulas neutralised', async () => {
    await t.app.db
      .update(organizations)
      .set({ about: '=HYPERLINK("http://evil.test","x")' })
      .where(eq(organizations.id, org(ACME)));
    const res = await t.call('GET', 'ada@acme.test', '/api/organizations/me/export?format=xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/filename="organization-\d+-export-.+\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as never);
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      'Organization',
      'Profile',
      'Versions',
      'Submissions',
      'Files',
      'Members',
      'Audit log',
    ]);
    const fields = new Map<string, unknown>();
    workbook.getWorksheet('Organization')!.eachRow((row) => {
      fields.set(String(row.getCell(1).value), row.getCell(2).value);
    });
    expect(fields.get('name')).toBe(ACME);
    expect(fields.get('about')).toBe(`'=HYPERLINK("http://evil.test","x")`);
    const emails: unknown[] = [];
    workbook.getWorksheet('Members')!.eachRow((row) => emails.push(row.getCell(2).value));
    expect(emails).toContain('max@acme.test');
    expect(workbook.getWorksheet('Profile')!.rowCount).toBeGreaterThan(10);
  });

  it('refuses a member who is not an admin, a pending member and a caller without organization', async () => {
    expect((await t.call('GET', 'max@acme.test', '/api/organizations/me/export')).statusCode).toBe(403);
    expect((await t.call('GET', 'pending@acme.test', '/api/organizations/me/export')).statusCode).toBe(403);
    expect((await t.call('GET', 'admin@parity.test', '/api/organizations/me/export')).statusCode).toBe(404);
    expect((await t.call('GET', null, '/api/organizations/me/export')).statusCode).toBe(401);
    expect((await t.call('GET', 'ada@acme.test', '/api/organizations/me/export?format=csv')).statusCode).toBe(
      400,
    );
  });

  it("never gives another organization's admin Acme's data, even by id", async () => {
    const byId = await t.call('GET', 'eve@cedar.test', `/api/organizations/${org(ACME)}/export`);
    expect(byId.statusCode).toBe(404);
    const own = await t.call('GET', 'eve@cedar.test', '/api/organizations/me/export');
    expect(own.statusCode).toBe(200);
    expect(own.json().organization.name).toBe(CEDAR);
    expect(own.body).not.toContain('acme.test');
  });
});

describe('DELETE /api/user-account (erasure)', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const res = await t.call('DELETE', 'max@acme.test', '/api/user-account', { password: 'not-it' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The password is incorrect: your account was not deleted.');
    const [max] = await t.app.db
      .select()
      .from(users)
      .where(eq(users.id, userId('max@acme.test')));
    expect(max!.erased_at).toBeNull();
    expect(max!.email).toBe('max@acme.test');
  });

  it('locks the erasure after five wrong passwords, even for the right one then (429)', async () => {
    for (let i = 0; i < ERASE_MAX_FAILURES; i++) {
      const wrong = await t.call('DELETE', 'pending@acme.test', '/api/user-account', {
        password: `guess-${i}`,
      });
      expect(wrong.statusCode).toBe(400);
    }
    const locked = await t.call('DELETE', 'pending@acme.test', '/api/user-account', {
      password: DEMO_PASSWORD,
    });
    expect(locked.statusCode).toBe(429);
    const [pending] = await t.app.db
      .select()
      .from(users)
      .where(eq(users.id, userId('pending@acme.test')));
    expect(pending!.erased_at).toBeNull();
  });

  it("refuses the last admin of an organization with other members (409), and takes no one's id", async () => {
    const res = await t.call('DELETE', 'ada@acme.test', '/api/user-account', { password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(LAST_ADMIN_MESSAGE);
    const other = await t.call('DELETE', 'eve@cedar.test', `/api/user-account/${userId('max@acme.test')}`, {
      password: DEMO_PASSWORD,
    });
    expect(other.statusCode).toBe(404);
    const [max] = await t.app.db
      .select()
      .from(users)
      .where(eq(users.id, userId('max@acme.test')));
    expect(max!.erased_at).toBeNull();
  });

  it('removes the personal data, pseudonymises authorship, ends the sessions and is audited', async () => {
    const maxId = userId('max@acme.test');
    await t.app.db
      .update(users)
      .set({ phone: '+1 555 0100', title: 'Analyst', bio: 'About me' })
      .where(eq(users.id, maxId));
    await t.app.storage.put('users/erasure-test.png', Buffer.from('png bytes'), 'image/png');
    const [image] = await t.app.db
      .insert(files)
      .values({
        owner_user_id: maxId,
        kind: 'user_image',
        original_name: 'me.png',
        content_type: 'image/png',
        size: 9,
        storage_key: 'users/erasure-test.png',
      })
      .returning({ id: files.id });
    await t.app.db.update(users).set({ image: image!.id }).where(eq(users.id, maxId));
    await audit(t.app.db, {
      actorId: maxId,
      organizationId: org(ACME),
      entity: 'contact',
      entityId: 1,
      action: 'create',
    });
    await t.app.db.execute(
      sql`INSERT INTO user_saved (user_id, kind, ref_id) VALUES (${maxId}, 'organization', ${org(CEDAR)}) ON CONFLICT DO NOTHING`,
    );
    const oldToken = t.tokenOf('max@acme.test');

    const res = await t.call('DELETE', 'max@acme.test', '/api/user-account', { password: DEMO_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ACCOUNT_ERASED_MESSAGE);

    const [max] = await t.app.db.select().from(users).where(eq(users.id, maxId));
    expect(max).toMatchObject({
      email: erasedEmail(maxId),
      name: ERASED_USER_NAME,
      lastname: '',
      phone: null,
      title: null,
      bio: null,
      image: null,
    });
    expect(max!.erased_at).not.toBeNull();
    expect(max!.deleted_at).not.toBeNull();
    expect(await count(sql`SELECT count(*) AS n FROM files WHERE id = ${image!.id}`)).toBe(0);
    expect(await t.app.storage.get('users/erasure-test.png')).toBeNull();
    for (const table of [
      'memberships',
      'refresh_tokens',
      'user_saved',
      'notifications',
      'notification_preferences',
    ]) {
      expect(
        await count(sql`SELECT count(*) AS n FROM ${sql.identifier(table)} WHERE user_id = ${maxId}`),
        table,
      ).toBe(0);
    }

    // The old access token and the old email no longer work.
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user-account',
      headers: { authorization: `Bearer ${oldToken}` },
    });
    expect(me.statusCode).toBe(401);
    const old = await signIn('max@acme.test');
    expect(old.statusCode).toBe(401);
    expect(old.json().error).toBe('invalid_grant');

    // The audit log shows the erased user's entries under the pseudonym, and the erasure itself.
    const log = await t.call('GET', 'ada@acme.test', '/api/organizations/me/audit-log?limit=100');
    const entries = log.json().data as {
      actor: { id: number; name: string } | null;
      entity: string;
      action: string;
      after: unknown;
    }[];
    const contact = entries.find((e) => e.entity === 'contact' && e.actor?.id === maxId);
    expect(contact?.actor?.name).toBe(ERASED_USER_NAME);
    const erased = entries.find((e) => e.entity === 'user' && e.action === 'erased');
    expect(erased?.actor?.id).toBe(maxId);
    expect(JSON.stringify(erased)).not.toMatch(/Planck|max@acme|555 0100/);
    // A platform admin cannot bring an erased account back, nor sees it among archived accounts.
    const restore = await t.call('POST', 'admin@parity.test', `/api/admin/archived-users/${maxId}/restore`);
    expect(restore.statusCode).toBe(404);
    const archived = await t.call('GET', 'admin@parity.test', '/api/admin/archived-users?limit=100');
    expect(archived.json().data.map((u: { id: number }) => u.id)).not.toContain(maxId);
    // Nor is the erased person among Acme's members any more.
    const people = await t.call('GET', 'ada@acme.test', '/api/organizations/me/export');
    expect(people.body).not.toContain('max@acme.test');
  });

  it('has a decision for every column that points at users', () => {
    const pointing = Object.values(schema as Record<string, unknown>)
      .filter((value): value is PgTable => is(value, PgTable))
      .flatMap((table) => {
        const config = getTableConfig(table);
        return config.foreignKeys
          .filter((fk) => getTableConfig(fk.reference().foreignTable).name === 'users')
          .flatMap((fk) => fk.reference().columns.map((column) => `${config.name}.${column.name}`));
      })
      .sort();
    expect(pointing, 'add the new column to ERASURE_PLAN in erasure.ts').toEqual(
      Object.keys(ERASURE_PLAN).sort(),
    );
  });
});
