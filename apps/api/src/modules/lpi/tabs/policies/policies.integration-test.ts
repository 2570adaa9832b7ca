import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { POLICY_FILE_TYPES_MESSAGE, type TPolicyRecords } from '@parity/domain/lpi/policies';
import { STALE_SAVE_MESSAGE } from '@parity/domain/lpi/tabs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../../../db/schema/files';
import { organizationPolicies, organizationPolicyAttachments } from '../../../../db/schema/reporting';
import { ACME, CEDAR } from '../../../../seed/demo';
import { DEI_SURVEY_2026, EMERGING_MANAGERS_2026 } from '../../../../seed/surveys';
import { createDemoTestApp, demoOf, sessionToken, type TestApp } from '../../../../test/app';
import { whileSubmitted } from '../../../../test/survey-submit';

let t: TestApp;
let acme: number;
let cedar: number;
let dei: number;
let emerging: number;
const tokens = new Map<string, string>();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parity-policies-'));

const ADA = 'ada@acme.test'; // Acme admin with LPI access
const MAX = 'max@acme.test'; // Acme member without LPI access
const EVE = 'eve@cedar.test'; // Cedar admin
const HOST = 'host@northwind.test'; // Northwind survey host
const PENDING = 'pending@acme.test';

beforeAll(async () => {
  t = await createDemoTestApp({ dataDir });
  const seeded = demoOf(t);
  acme = seeded.organizations.get(ACME)!;
  cedar = seeded.organizations.get(CEDAR)!;
  dei = seeded.surveys.get(DEI_SURVEY_2026)!;
  emerging = seeded.surveys.get(EMERGING_MANAGERS_2026)!;
  for (const [email, userId] of seeded.users) {
    tokens.set(email, await sessionToken(t, userId));
  }
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const auth = (email: string) => ({ authorization: `Bearer ${tokens.get(email)}` });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const DOCX = Buffer.concat([
  Buffer.from([0x50, 0x4b, 0x03, 0x04]),
  Buffer.alloc(26),
  Buffer.from('[Content_Types].xml word/document.xml'),
]);
const TXT = Buffer.from('Our policy, in plain words.\n');

type Part = { name: string; filename?: string; type?: string; data: Buffer | string };

function multipart(parts: Part[]) {
  const boundary = `----parity${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined)
      head += `; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}`;
    chunks.push(
      Buffer.from(`${head}\r\n\r\n`),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function fields(values: Record<string, string | number | null | undefined>): Part[] {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([name, v]) => ({ name, data: v === null ? '' : String(v) }));
}

function post(email: string, url: string, parts: Part[]) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...auth(email) },
  });
}

async function read(email: string, query = '') {
  return t.app.inject({ method: 'GET', url: `/api/policies/organization${query}`, headers: auth(email) });
}

async function state(email: string, query = ''): Promise<TPolicyRecords> {
  const res = await read(email, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function versions(query: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/lpi/versions?tab=policies${query}`,
    headers: auth(ADA),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { version: number; changes: { path: string }[] }[];
}

function storedFiles(): string[] {
  const root = path.join(dataDir, 'files');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => d.name);
}

async function counts() {
  return {
    records: (await t.app.db.select().from(organizationPolicies)).length,
    attachments: (await t.app.db.select().from(organizationPolicyAttachments)).length,
    files: (await t.app.db.select().from(files)).length,
    stored: storedFiles().length,
  };
}

const review = {
  status: 'Reviewed',
  current_as_of: '2026-01-15',
  established_at: '2020-05-01',
  last_reviewed_at: '2026-01-10',
};

describe('the policy list', () => {
  it('answers the seeded policies to approved users, 403 to a pending one', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/policies?survey_id=${dei}`,
      headers: auth(MAX),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(10);
    expect(res.json().data[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/policies', headers: auth(PENDING) })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/policies' })).statusCode).toBe(401);
  });
});

describe("the organization's own policies", () => {
  let recordId: number;

  it('creates a record with attachments; a version per save', async () => {
    const before = await state(ADA);
    expect(before.data).toEqual([]);
    expect(before.state).toMatchObject({ tab: 'policies', updated_at: null, editable: true });
    const res = await post(ADA, '/api/policies', [
      ...fields({ policy_id: 1, ...review, organization_id: acme, updated_at: null }),
      { name: 'files[0]', filename: 'code.pdf', type: 'application/pdf', data: PDF },
      { name: 'files[1]', filename: 'notes.txt', type: 'text/plain', data: TXT },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as TPolicyRecords;
    expect(body.data).toHaveLength(1);
    const record = body.data[0]!;
    recordId = record.id;
    expect(record).toMatchObject({
      policy_id: 1,
      status: 'Reviewed',
      current_as_of: '2026-01-15',
      established_at: '2020-05-01',
      last_reviewed_at: '2026-01-10',
      revision: 1,
      user: { name: 'Ada' },
    });
    expect(record.attachments.map((a) => [a.name, a.size])).toEqual([
      ['code.pdf', PDF.length],
      ['notes.txt', TXT.length],
    ]);
    expect(body.state.version).toBe(1);
    expect(storedFiles()).toHaveLength(2);
    expect((await versions('')).map((v) => v.version)).toEqual([1]);
  });

  it('lets members read it and downloads an attachment; others 404', async () => {
    const max = await state(MAX);
    expect(max.state.editable).toBe(false);
    const attachment = max.data[0]!.attachments[0]!;
    const dl = await t.app.inject({ method: 'GET', url: attachment.url, headers: auth(MAX) });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toContain('attachment; filename="code.pdf"');
    expect(dl.rawPayload.equals(PDF)).toBe(true);
    for (const email of [EVE, HOST]) {
      expect(
        (await t.app.inject({ method: 'GET', url: attachment.url, headers: auth(email) })).statusCode,
      ).toBe(404);
      expect((await read(email, `?organization_id=${acme}`)).statusCode).toBe(404);
    }
    expect((await read(PENDING)).statusCode).toBe(403);
  });

  it('refuses saves without LPI access (403) and changes nothing', async () => {
    const before = await counts();
    const { state: current } = await state(ADA);
    const res = await post(MAX, '/api/policies', fields({ policy_id: 2, updated_at: current.updated_at }));
    expect(res.statusCode).toBe(403);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/policies/organization/${recordId}?updated_at=${encodeURIComponent(current.updated_at!)}`,
      headers: auth(MAX),
    });
    expect(del.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('refuses a stale save with 409 and writes nothing; the server updated_at overwrites', async () => {
    const before = await counts();
    const stale = await post(ADA, '/api/policies', fields({ policy_id: 2, ...review, updated_at: null }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'stale_save', message: STALE_SAVE_MESSAGE });
    expect(await counts()).toEqual(before);
    const again = await post(
      ADA,
      '/api/policies',
      fields({ policy_id: 2, status: '', updated_at: stale.json().detail.updated_at }),
    );
    expect(again.statusCode, again.body).toBe(201);
    expect((again.json() as TPolicyRecords).data.map((r) => r.policy_id)).toEqual([1, 2]);
    expect((await versions('')).map((v) => v.version)).toEqual([2, 1]);
  });

  it('updates: a changed status alone keeps the revision, a new date or file adds one', async () => {
    let current = await state(ADA);
    const base = { id: recordId, policy_id: 1, ...review };
    let res = await post(
      ADA,
      '/api/policies/update',
      fields({ ...base, status: '', updated_at: current.state.updated_at }),
    );
    expect(res.statusCode, res.body).toBe(200);
    current = res.json();
    expect(current.data[0]).toMatchObject({ status: null, revision: 1 });
    res = await post(
      ADA,
      '/api/policies/update',
      fields({ ...base, current_as_of: '2026-02-01', updated_at: current.state.updated_at }),
    );
    current = res.json();
    expect(current.data[0]).toMatchObject({ status: 'Reviewed', current_as_of: '2026-02-01', revision: 2 });
    res = await post(ADA, '/api/policies/update', [
      ...fields({ ...base, current_as_of: '2026-02-01', updated_at: current.state.updated_at }),
      { name: 'files[0]', filename: 'Chart.PNG', type: 'image/png', data: PNG },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    current = res.json();
    expect(current.data[0]).toMatchObject({ revision: 3 });
    expect(current.data[0]!.attachments.map((a) => a.name)).toEqual(['code.pdf', 'notes.txt', 'Chart.PNG']);
    const history = await versions('');
    expect(history).toHaveLength(5);
    expect(history[0]!.changes.map((c) => c.path)).toEqual(
      expect.arrayContaining([expect.stringMatching(/› revision$/), expect.stringMatching(/› attachments$/)]),
    );
  });

  it.each([
    ['an exe renamed to pdf', { filename: 'virus.pdf', data: Buffer.from('MZ\x90\x00binary') }, 400],
    ['a PNG named .docx', { filename: 'policy.docx', data: PNG }, 400],
    ['an unknown extension', { filename: 'script.js', data: Buffer.from('alert(1)') }, 400],
    ['binary named .txt', { filename: 'data.txt', data: Buffer.from([0, 1, 2, 3, 0xff]) }, 400],
    ['an empty file', { filename: 'empty.pdf', data: Buffer.alloc(0) }, 400],
    [
      'a file over 5 MB',
      { filename: 'big.pdf', data: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]) },
      413,
    ],
  ] as const)('refuses %s: no file and no row', async (_label, file, status) => {
    const before = await counts();
    const { state: current } = await state(ADA);
    const res = await post(ADA, '/api/policies', [
      ...fields({ policy_id: 3, ...review, updated_at: current.updated_at }),
      { name: 'files[0]', filename: 'ok.docx', data: DOCX },
      { name: 'files[1]', filename: file.filename, type: 'application/pdf', data: file.data },
    ]);
    expect(res.statusCode, res.body).toBe(status);
    if (status === 400) {
      expect(res.json().detail[0].field).toBe('body.files[1]');
      if (file.filename !== 'empty.pdf') expect(res.json().detail[0].message).toBe(POLICY_FILE_TYPES_MESSAGE);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses bad fields with 400 naming them', async () => {
    const { state: current } = await state(ADA);
    const res = await post(
      ADA,
      '/api/policies',
      fields({ policy_id: 1, status: 'Lost', current_as_of: '2026-02-30x', updated_at: current.updated_at }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().detail.map((d: { field: string }) => d.field)).toEqual([
      'body.status',
      'body.current_as_of',
    ]);
    const elsewhere = await post(
      ADA,
      '/api/policies',
      fields({ policy_id: 1, organization_id: cedar, updated_at: current.updated_at }),
    );
    expect(elsewhere.statusCode).toBe(404);
    const unknown = await post(
      ADA,
      '/api/policies',
      fields({ policy_id: 999, updated_at: current.updated_at }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail[0].field).toBe('body.policy_id');
  });

  it("answers 404 for another organization's record and writes nothing", async () => {
    const [cedarRecord] = await t.app.db
      .insert(organizationPolicies)
      .values({ organization_id: cedar, policy_id: 1, status: 'Reviewed' })
      .returning();
    const before = await counts();
    const { state: current } = await state(ADA);
    const at = encodeURIComponent(current.updated_at!);
    const upd = await post(
      ADA,
      '/api/policies/update',
      fields({ id: cedarRecord!.id, policy_id: 1, updated_at: current.updated_at }),
    );
    expect(upd.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/policies/organization/${cedarRecord!.id}?updated_at=${at}`,
      headers: auth(ADA),
    });
    expect(del.statusCode).toBe(404);
    const load = await t.app.inject({
      method: 'POST',
      url: `/api/policies/${cedarRecord!.id}/surveys/${dei}`,
      payload: { updated_at: null },
      headers: auth(ADA),
    });
    expect(load.statusCode).toBe(404);
    expect(await counts()).toEqual(before);
    expect((await state(ADA)).state.version).toBe(current.version);
  });
});

describe('the survey copy', () => {
  it("is made on the respondent's first read, equal to the organization's records, sharing the files", async () => {
    const own = await state(ADA);
    const filesBefore = await counts();
    const copy = await state(ADA, `?survey_id=${dei}`);
    const strip = (r: TPolicyRecords['data'][number]) => ({
      ...r,
      id: 0,
      attachments: r.attachments.map((a) => ({ ...a, id: 0, url: '' })),
    });
    expect(copy.data.map(strip)).toEqual(own.data.map(strip));
    expect((await counts()).files).toBe(filesBefore.files);
    // Survey hosts read it (read-only); Acme's own profile stays 404 to them.
    const hostQuery = `?organization_id=${acme}&survey_id=${dei}&report=true`;
    expect((await read(HOST, hostQuery)).statusCode).toBe(404); // #20: not before it is submitted
    const host = await whileSubmitted(t.app.db, dei, acme, () => state(HOST, hostQuery));
    expect(host.data).toHaveLength(copy.data.length);
    expect(host.state.editable).toBe(false);
    const download = () =>
      t.app.inject({ method: 'GET', url: host.data[0]!.attachments[0]!.url, headers: auth(HOST) });
    // The copy's files too: not before it is submitted.
    expect((await download()).statusCode).toBe(404);
    const dl = await whileSubmitted(t.app.db, dei, acme, download);
    expect(dl.statusCode).toBe(200);
    expect((await read(EVE, `?organization_id=${acme}&survey_id=${dei}`)).statusCode).toBe(404);
    const hostSave = await post(
      HOST,
      '/api/policies',
      fields({ policy_id: 4, survey_id: dei, updated_at: null }),
    );
    expect([403, 404]).toContain(hostSave.statusCode);
  });

  it('keeps edits isolated between the scopes and deletes files only when no copy uses them', async () => {
    const own = await state(ADA);
    let copy = await state(ADA, `?survey_id=${dei}`);
    const copied = copy.data.find((r) => r.policy_id === 1)!;
    // Deleting the survey's record leaves the organization's and every file.
    const storedBefore = storedFiles().length;
    let res = await t.app.inject({
      method: 'DELETE',
      url: `/api/policies/${copied.id}/surveys/${dei}?updated_at=${encodeURIComponent(copy.state.updated_at ?? '')}`,
      headers: auth(ADA),
    });
    expect(res.statusCode, res.body).toBe(200);
    copy = res.json();
    expect(copy.data.map((r) => r.policy_id)).toEqual([2]);
    expect(storedFiles()).toHaveLength(storedBefore);
    expect((await state(ADA)).data).toEqual(own.data);
    // The organization's record id is not in the survey scope, and vice versa.
    const wrong = await t.app.inject({
      method: 'DELETE',
      url: `/api/policies/${own.data[0]!.id}/surveys/${dei}?updated_at=${encodeURIComponent(copy.state.updated_at!)}`,
      headers: auth(ADA),
    });
    expect(wrong.statusCode).toBe(404);
    const wrongOwn = await t.app.inject({
      method: 'DELETE',
      url: `/api/policies/organization/${copy.data[0]!.id}?updated_at=${encodeURIComponent(own.state.updated_at!)}`,
      headers: auth(ADA),
    });
    expect(wrongOwn.statusCode).toBe(404);
    // Loading the organization's record brings it back with its attachments.
    res = await t.app.inject({
      method: 'POST',
      url: `/api/policies/${own.data[0]!.id}/surveys/${dei}`,
      payload: { updated_at: copy.state.updated_at },
      headers: auth(ADA),
    });
    expect(res.statusCode, res.body).toBe(200);
    copy = res.json();
    let loaded = copy.data.find((r) => r.policy_id === 1)!;
    expect(loaded.attachments.map((a) => a.name)).toEqual(own.data[0]!.attachments.map((a) => a.name));
    // Loading again replaces what was loaded, it does not duplicate.
    res = await t.app.inject({
      method: 'POST',
      url: `/api/policies/${own.data[0]!.id}/surveys/${dei}`,
      payload: { updated_at: copy.state.updated_at },
      headers: auth(ADA),
    });
    copy = res.json();
    expect(copy.data.filter((r) => r.policy_id === 1)).toHaveLength(1);
    loaded = copy.data.find((r) => r.policy_id === 1)!;
    expect((await versions(`&survey_id=${dei}`)).map((v) => v.version)).toEqual([3, 2, 1]);
    expect((await state(ADA)).data).toEqual(own.data);

    // Deleting the organization's record keeps the files the survey copy still uses.
    res = await t.app.inject({
      method: 'DELETE',
      url: `/api/policies/organization/${own.data[0]!.id}?updated_at=${encodeURIComponent(own.state.updated_at!)}`,
      headers: auth(ADA),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(storedFiles()).toHaveLength(storedBefore);
    const stillThere = await t.app.inject({
      method: 'GET',
      url: loaded.attachments[0]!.url,
      headers: auth(ADA),
    });
    expect(stillThere.statusCode).toBe(200);
    // ...and the survey's delete then removes them from the storage.
    copy = await state(ADA, `?survey_id=${dei}`);
    const survey1 = copy.data.find((r) => r.policy_id === 1)!;
    res = await t.app.inject({
      method: 'DELETE',
      url: `/api/policies/${survey1.id}/surveys/${dei}?updated_at=${encodeURIComponent(copy.state.updated_at!)}`,
      headers: auth(ADA),
    });
    expect(res.statusCode).toBe(200);
    expect(storedFiles()).toHaveLength(storedBefore - survey1.attachments.length);
    const rows = await t.app.db.select().from(files).where(eq(files.kind, 'policy_attachment'));
    expect(rows).toHaveLength(storedFiles().length);
  });

  it("makes the survey copy before a respondent's first write, even without a read", async () => {
    const own = await state(ADA);
    const res = await post(
      ADA,
      '/api/policies',
      fields({ policy_id: 5, survey_id: emerging, updated_at: null }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as TPolicyRecords;
    expect(body.data.map((r) => r.policy_id)).toEqual(
      [...own.data.map((r) => r.policy_id), 5].sort((a, b) => a - b),
    );
    expect((await state(ADA)).data).toEqual(own.data);
  });
});
