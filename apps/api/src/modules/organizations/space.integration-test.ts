import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { exchangeGrants } from '../../db/schema/exchange';
import { files } from '../../db/schema/files';
import { organizationCodes, organizations, users } from '../../db/schema/people';
import { ACME, CEDAR } from '../../seed/demo';
import { sessionToken } from '../../test/app';
import {
  GIF_BYTES,
  multipart,
  PDF_BYTES,
  PNG_BYTES,
  type SpaceKit,
  startSpace,
  storedFiles,
} from '../../test/space-kit';

let k: SpaceKit;
const ADA = 'ada@acme.test';
const MAX = 'max@acme.test';
const PENDING = 'pending@acme.test';
const EVE = 'eve@cedar.test';

beforeAll(async () => {
  k = await startSpace();
});
afterAll(async () => k?.close());

const acme = () => k.orgs.get(ACME)!;
const org = async () =>
  (await k.t.app.db.select().from(organizations).where(eq(organizations.id, acme())))[0]!;

function send(url: string, as: string | null, name: string, bytes: Buffer) {
  const body = multipart(name, bytes);
  return k.t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...k.as(as) },
  });
}

const validForm = () => ({
  name: 'Acme Capital Partners',
  legal_structure: 2,
  inception_date: '2010-05-01',
  primary_contact_id: k.users.get(ADA)!,
  is_publicly_traded: false,
  ticker_symbol: '',
  total_full_time_employees: 40,
  total_leaders: 5,
  total_owners: 3,
  about: 'We invest.',
  website: 'https://acme.test',
  color_id: 1,
  is_public: true,
});

describe('settings', () => {
  it('GET /api/organizations/me/settings: members read, pending 403, none 404', async () => {
    const res = await k.call('GET', '/api/organizations/me/settings', MAX);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: acme(), name: ACME, is_public: true });
    expect(res.json()).toHaveProperty('legal_structure');
    expect((await k.call('GET', '/api/organizations/me/settings', PENDING)).statusCode).toBe(403);
    expect((await k.call('GET', '/api/organizations/me/settings', 'admin@parity.test')).statusCode).toBe(404);
  });

  it("PUT /api/organizations/me saves the form, answers 'Organization was updated' and audits it", async () => {
    const res = await k.call('PUT', '/api/organizations/me', ADA, {
      ...validForm(),
      about: 'Changed about.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Organization was updated');
    expect(res.json().organization).toMatchObject({
      about: 'Changed about.',
      total_owners: 3,
      legal_structure: 2,
      // The primary contact by name too, not only by id.
      primary_contact_name: 'Ada Lovelace',
    });
    expect((await k.call('GET', '/api/organizations/me/settings', MAX)).json().primary_contact_name).toBe(
      'Ada Lovelace',
    );
    const entries = await k.t.app.db.select().from(auditLog).where(eq(auditLog.entity, 'organization'));
    const last = entries.at(-1)!;
    expect(last).toMatchObject({ action: 'update', actor_user_id: k.users.get(ADA) });
    expect(last.after).toMatchObject({ about: 'Changed about.' });
    expect(last.before).toHaveProperty('about');
    const feed = (await k.call('GET', '/api/organizations/me/feed', MAX)).json();
    expect(feed.data[0].summary).toBe('Ada Lovelace updated the organization profile');
  });

  it.each([
    [{ name: '' }, 'name', 'Name is required'],
    [{ inception_date: '2999-01-01' }, 'inception_date', 'must not be after today'],
    [{ is_publicly_traded: true }, 'is_publicly_traded', 'Corporation'],
    [{ legal_structure: 1, is_publicly_traded: true, ticker_symbol: '' }, 'ticker_symbol', 'required'],
    [{ legal_structure: 1, is_publicly_traded: true, ticker_symbol: 'ABCDEFGHIJK' }, 'ticker_symbol', '10'],
    [{ total_leaders: 1 }, 'total_leaders', '2'],
    [{ legal_structure: 5, total_full_time_employees: 3 }, 'total_full_time_employees', '1'],
    [{ primary_contact_id: null }, 'primary_contact_id', 'Primary Contact is required'],
    [{ website: 'not a url' }, 'website', 'valid URL'],
    [{ colour: 3 }, 'colour', ''],
  ])('refuses %j with a message on %s', async (change, field, text) => {
    const before = await org();
    const res = await k.call('PUT', '/api/organizations/me', ADA, { ...validForm(), ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json().detail)).toContain(field);
    expect(JSON.stringify(res.json().detail)).toContain(text);
    expect((await org()).updated_at).toEqual(before.updated_at);
  });

  it('checks the references: primary contact an approved member, colour and legal structure known', async () => {
    const pending = await k.call('PUT', '/api/organizations/me', ADA, {
      ...validForm(),
      primary_contact_id: k.users.get(PENDING),
    });
    expect(pending.statusCode).toBe(400);
    expect(pending.json().detail[0]).toEqual({
      field: 'body.primary_contact_id',
      message: 'Primary Contact must be an approved member of the organization',
    });
    const other = await k.call('PUT', '/api/organizations/me', ADA, {
      ...validForm(),
      primary_contact_id: k.users.get(EVE),
    });
    expect(other.statusCode).toBe(400);
    const color = await k.call('PUT', '/api/organizations/me', ADA, { ...validForm(), color_id: 99999 });
    expect(color.json().detail[0].field).toBe('body.color_id');
    const ls = await k.call('PUT', '/api/organizations/me', ADA, { ...validForm(), legal_structure: 999 });
    expect(ls.json().detail[0].field).toBe('body.legal_structure');
  });

  it('publish_scores: off by default, saved and audited, kept when absent, shown on the public page', async () => {
    const before = await k.call('GET', '/api/organizations/me/settings', MAX);
    expect(before.json().publish_scores).toBe(false);
    const publicPage = () => k.call('GET', `/api/organizations/${acme()}`, EVE);
    expect((await publicPage()).json().publish_scores).toBe(false);
    expect((await k.call('GET', `/api/organizations/${acme()}/lpi`, EVE)).statusCode).toBe(404);

    const on = await k.call('PUT', '/api/organizations/me', ADA, { ...validForm(), publish_scores: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().organization).toMatchObject({ is_public: true, publish_scores: true });
    const last = (await k.t.app.db.select().from(auditLog).where(eq(auditLog.entity, 'organization'))).at(
      -1,
    )!;
    expect(last).toMatchObject({ action: 'update', actor_user_id: k.users.get(ADA) });
    expect(last.before).toMatchObject({ publish_scores: false });
    expect(last.after).toMatchObject({ publish_scores: true });
    expect((await publicPage()).json().publish_scores).toBe(true);
    const scores = await k.call('GET', `/api/organizations/${acme()}/lpi`, EVE);
    expect(scores.statusCode, scores.body).toBe(200);
    expect(scores.json()).toMatchObject({ organization_id: acme(), survey_id: null });

    // Absent: kept as it is. Going private hides the scores from outsiders even while published.
    const kept = await k.call('PUT', '/api/organizations/me', ADA, { ...validForm(), is_public: false });
    expect(kept.json().organization).toMatchObject({ is_public: false, publish_scores: true });
    expect((await k.call('GET', `/api/organizations/${acme()}/lpi`, EVE)).statusCode).toBe(404);
    expect((await k.call('GET', `/api/organizations/${acme()}/lpi`, MAX)).statusCode).toBe(200);

    const bad = await k.call('PUT', '/api/organizations/me', ADA, { ...validForm(), publish_scores: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().detail)).toContain('publish_scores');
    expect(
      (await k.call('PUT', '/api/organizations/me', MAX, { ...validForm(), publish_scores: false }))
        .statusCode,
    ).toBe(403);
    const off = await k.call('PUT', '/api/organizations/me', ADA, { ...validForm(), publish_scores: false });
    expect(off.json().organization).toMatchObject({ is_public: true, publish_scores: false });
    expect((await k.call('GET', `/api/organizations/${acme()}/lpi`, EVE)).statusCode).toBe(404);
  });

  it('lets only admins save: a member 403, pending 403, none 404; Cedar untouched', async () => {
    const cedarBefore = (
      await k.t.app.db
        .select()
        .from(organizations)
        .where(eq(organizations.id, k.orgs.get(CEDAR)!))
    )[0];
    expect((await k.call('PUT', '/api/organizations/me', MAX, validForm())).statusCode).toBe(403);
    expect((await k.call('PUT', '/api/organizations/me', PENDING, validForm())).statusCode).toBe(403);
    expect((await k.call('PUT', '/api/organizations/me', 'admin@parity.test', validForm())).statusCode).toBe(
      404,
    );
    const eve = await k.call('PUT', '/api/organizations/me', EVE, {
      ...validForm(),
      primary_contact_id: k.users.get(EVE),
    });
    expect(eve.statusCode, eve.body).toBe(200);
    expect(eve.json().organization.id).toBe(k.orgs.get(CEDAR));
    expect((await org()).name).toBe(ACME);
    expect(cedarBefore!.id).toBe(k.orgs.get(CEDAR));
  });
});

describe('logo and cover', () => {
  it('stores a PNG logo, serves it like the public page, replaces the previous one', async () => {
    const res = await send('/api/organizations/me/logo', ADA, 'logo.png', PNG_BYTES);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().url).toMatch(new RegExp(`^/api/organizations/${acme()}/logo\\?v=`));
    expect((await org()).logo).toBe(res.json().url);
    const got = await k.call('GET', `/api/organizations/${acme()}/logo`, EVE);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(PNG_BYTES)).toBe(true);
    const again = await send('/api/organizations/me/logo', ADA, 'second.png', PNG_BYTES);
    expect(again.statusCode).toBe(201);
    const rows = await k.t.app.db.select().from(files).where(eq(files.kind, 'organization_logo'));
    expect(rows).toHaveLength(1);
    expect(storedFiles(k.filesRoot).filter((f) => f.includes('/logo/'))).toHaveLength(1);
    await k.t.app.db.update(organizations).set({ is_public: false }).where(eq(organizations.id, acme()));
    try {
      // Private, Acme is known to those it has dealt with (Cedar: Acme's expired grant) as its page is.
      const logoAs = async (email: string) =>
        (await k.call('GET', `/api/organizations/${acme()}/logo`, email)).statusCode;
      const pageAs = async (email: string) =>
        (await k.call('GET', `/api/organizations/${acme()}`, email)).statusCode;
      expect(await logoAs(EVE)).toBe(await pageAs(EVE));
      await k.t.app.db.delete(exchangeGrants).where(eq(exchangeGrants.owner_organization_id, acme()));
      expect(await pageAs(EVE)).toBe(404);
      expect(await logoAs(EVE)).toBe(404);
      expect(await logoAs(MAX)).toBe(200);
    } finally {
      await k.t.app.db.update(organizations).set({ is_public: true }).where(eq(organizations.id, acme()));
    }
    expect((await k.call('GET', `/api/organizations/${acme()}/cover`, MAX)).statusCode).toBe(404);
  });

  it('refuses other types, over 5 MB, non-multipart and non-admins, leaving nothing behind', async () => {
    const before = storedFiles(k.filesRoot).length;
    const rowsBefore = (await k.t.app.db.select().from(files)).length;
    const gif = await send('/api/organizations/me/cover', ADA, 'c.gif', GIF_BYTES);
    expect(gif.statusCode).toBe(400);
    expect(gif.json().message).toContain('PNG, JPEG or WebP');
    const fake = await send('/api/organizations/me/cover', ADA, 'c.png', Buffer.from('not an image'));
    expect(fake.statusCode).toBe(400);
    const big = await send(
      '/api/organizations/me/cover',
      ADA,
      'c.png',
      Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]),
    );
    expect(big.statusCode).toBe(413);
    const json = await k.call('POST', '/api/organizations/me/cover', ADA, { file: 'x' });
    expect(json.statusCode).toBe(415);
    expect((await send('/api/organizations/me/cover', MAX, 'c.png', PNG_BYTES)).statusCode).toBe(403);
    // Rights come before the body: a non-admin's wrong or oversized file is refused for who they
    // are (403), not for what they sent.
    expect((await send('/api/organizations/me/cover', MAX, 'c.gif', GIF_BYTES)).statusCode).toBe(403);
    const bigFromMember = await send(
      '/api/organizations/me/logo',
      MAX,
      'l.png',
      Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]),
    );
    expect(bigFromMember.statusCode).toBe(403);
    expect(storedFiles(k.filesRoot).length).toBe(before);
    expect((await k.t.app.db.select().from(files)).length).toBe(rowsBefore);
    expect((await org()).cover).toBeNull();
  });
});

describe('organization code', () => {
  it('shows admins the code; rotating revokes the old one for sign-up', async () => {
    const res = await k.call('GET', '/api/organizations/me/code', ADA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 'ACME-2026', expires_at: null, expired: false });
    expect((await k.call('GET', '/api/organizations/me/code', MAX)).statusCode).toBe(403);
    expect((await k.call('GET', '/api/organizations/me/code', PENDING)).statusCode).toBe(403);
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const rotated = await k.call('POST', '/api/organizations/me/code/rotate', ADA, { expires_at: expiresAt });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(rotated.json().expires_at).toBe(expiresAt);
    expect((await k.call('GET', '/api/organizations/me/code', ADA)).json().code).toBe(rotated.json().code);

    const [u] = await k.t.app.db
      .insert(users)
      .values({ email: 'joiner@new.test', name: 'Jo', lastname: 'Iner', password_hash: 'x' })
      .returning({ id: users.id });
    const token = await sessionToken(k.t, u!.id);
    const join = (code: string) =>
      k.t.app.inject({
        method: 'POST',
        url: '/api/signup/organization/join',
        headers: { authorization: `Bearer ${token}` },
        payload: { code },
      });
    const old = await join('ACME-2026');
    expect(old.statusCode).toBe(400);
    expect(old.json().error).toBe('invalid_code');
    await k.t.app.db
      .update(organizationCodes)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(organizationCodes.code, rotated.json().code));
    expect((await join(rotated.json().code)).json().error).toBe('invalid_code');
    expect((await k.call('GET', '/api/organizations/me/code', ADA)).json().expired).toBe(true);
    const fresh = (await k.call('POST', '/api/organizations/me/code/rotate', ADA, {})).json();
    expect(fresh.expires_at).toBeNull();
    expect((await join(fresh.code.toLowerCase())).statusCode).toBe(200);
  });

  it('refuses a past expiry, bad bodies and non-admins', async () => {
    const past = await k.call('POST', '/api/organizations/me/code/rotate', ADA, {
      expires_at: '2001-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().detail[0].field).toBe('body.expires_at');
    expect(
      (await k.call('POST', '/api/organizations/me/code/rotate', ADA, { expires_at: 'tomorrow' })).statusCode,
    ).toBe(400);
    expect(
      (await k.call('POST', '/api/organizations/me/code/rotate', ADA, { code: 'MINE' })).statusCode,
    ).toBe(400);
    expect((await k.call('POST', '/api/organizations/me/code/rotate', MAX, {})).statusCode).toBe(403);
  });
});

describe('files and media', () => {
  it('uploads a document, lists, downloads and lets the uploader delete it; in the feed', async () => {
    const res = await send('/api/organizations/me/files', MAX, 'Annual report.pdf', PDF_BYTES);
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json();
    expect(file).toMatchObject({
      name: 'Annual report.pdf',
      content_type: 'application/pdf',
      size: PDF_BYTES.length,
      can_delete: true,
      preview_url: null,
    });
    const list = (await k.call('GET', '/api/organizations/me/files?limit=10', ADA)).json();
    expect(list.total).toBe(1);
    expect(list.data[0].id).toBe(file.id);
    const dl = await k.call('GET', file.download_url, ADA);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toMatch(/^attachment; filename="Annual_report.pdf"/);
    expect(dl.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect((await k.call('GET', file.download_url, EVE)).statusCode).toBe(404);
    expect((await k.call('GET', '/api/organizations/me/files', PENDING)).statusCode).toBe(403);
    const feed = (await k.call('GET', '/api/organizations/me/feed', ADA)).json();
    expect(feed.data[0].summary).toBe('Max Planck uploaded Annual report.pdf');
    expect((await k.call('DELETE', `/api/organizations/me/files/${file.id}`, EVE)).statusCode).toBe(404);
    const del = await k.call('DELETE', `/api/organizations/me/files/${file.id}`, MAX);
    expect(del.statusCode, del.body).toBe(200);
    expect((await k.call('GET', file.download_url, ADA)).statusCode).toBe(404);
    expect(storedFiles(k.filesRoot).filter((f) => f.includes('/files/'))).toHaveLength(0);
  });

  it('accepts TXT, CSV and up to 10 MB documents; refuses others and leaves nothing', async () => {
    expect((await send('/api/organizations/me/files', MAX, 'n.txt', Buffer.from('hello\n'))).statusCode).toBe(
      201,
    );
    expect(
      (await send('/api/organizations/me/files', MAX, 'n.csv', Buffer.from('a,b\n1,2\n'))).statusCode,
    ).toBe(201);
    const sixMb = Buffer.concat([PDF_BYTES, Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    expect((await send('/api/organizations/me/files', MAX, 'big.pdf', sixMb)).statusCode).toBe(201);
    const before = storedFiles(k.filesRoot).length;
    const rows = (await k.t.app.db.select().from(files)).length;
    const elevenMb = Buffer.concat([PDF_BYTES, Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    const big = await send('/api/organizations/me/files', MAX, 'huge.pdf', elevenMb);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The file must be at most 10 MB.');
    const exe = await send('/api/organizations/me/files', MAX, 'x.exe', Buffer.from('MZ\x90\x00', 'latin1'));
    expect(exe.statusCode).toBe(400);
    expect(exe.json().message).toContain('PDF, DOCX, XLSX, PPTX, TXT or CSV');
    expect(
      (await send('/api/organizations/me/files', MAX, 'fake.pdf', Buffer.from('hello'))).statusCode,
    ).toBe(400);
    expect(
      (await send('/api/organizations/me/files', MAX, 'bin.txt', Buffer.from([0, 1, 2, 3]))).statusCode,
    ).toBe(400);
    expect((await send('/api/organizations/me/files', MAX, 'e.pdf', Buffer.alloc(0))).statusCode).toBe(400);
    expect((await send('/api/organizations/me/files', PENDING, 'n.txt', Buffer.from('hi'))).statusCode).toBe(
      403,
    );
    expect(storedFiles(k.filesRoot).length).toBe(before);
    expect((await k.t.app.db.select().from(files)).length).toBe(rows);
    const page = (await k.call('GET', '/api/organizations/me/files?limit=2&offset=1', ADA)).json();
    expect(page.total).toBe(3);
    expect(page.data).toHaveLength(2);
    expect((await k.call('GET', '/api/organizations/me/files?limit=500', ADA)).statusCode).toBe(400);
  });

  it('media: images with preview; only admins or the uploader delete', async () => {
    const res = await send('/api/organizations/me/media', MAX, 'team.gif', GIF_BYTES);
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json();
    expect(media.preview_url).toMatch(/\/preview$/);
    const preview = await k.call('GET', media.preview_url, ADA);
    expect(preview.headers['content-disposition']).toMatch(/^inline/);
    expect(preview.headers['content-type']).toBe('image/gif');
    expect((await send('/api/organizations/me/media', MAX, 'doc.pdf', PDF_BYTES)).statusCode).toBe(400);
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024 + 1)]);
    expect((await send('/api/organizations/me/media', MAX, 'big.png', big)).statusCode).toBe(413);
    const adaMedia = (await send('/api/organizations/me/media', ADA, 'a.png', PNG_BYTES)).json();
    expect((await k.call('DELETE', `/api/organizations/me/media/${adaMedia.id}`, MAX)).statusCode).toBe(403);
    expect((await k.call('DELETE', `/api/organizations/me/media/${media.id}`, ADA)).statusCode).toBe(200);
    expect((await k.call('GET', `/api/organizations/me/files/${adaMedia.id}/download`, ADA)).statusCode).toBe(
      404,
    );
    expect((await k.call('DELETE', '/api/organizations/me/media/not-a-uuid', ADA)).statusCode).toBe(400);
    const list = (await k.call('GET', '/api/organizations/me/media', MAX)).json();
    expect(list.data.map((m: { id: string }) => m.id)).toEqual([adaMedia.id]);
    expect(list.data[0].can_delete).toBe(false);
  });
});
