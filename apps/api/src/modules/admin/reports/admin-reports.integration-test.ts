import { ADMIN_REPORT_COLUMNS, ADMIN_REPORTS } from '@parity/domain/admin-reports';
import { percentOf } from '@parity/domain/survey-participants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../../db/schema/people';
import { createSeededTestApp, type SeededTestApp } from '../../../test/app';
import { readSheetCells } from '../../../test/exports';

let t: SeededTestApp;
const ADMIN = 'admin@parity.test';
const FORMULA_NAME = '=HYPERLINK("http://x","y")';
let acme: number;
let formulaOrg: number;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.app.db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** RFC 4180: fields split on commas, quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  expect(field, 'the file ends with CRLF').toBe('');
  return records;
}

async function csv(url: string): Promise<{ header: string[]; body: string[][] }> {
  const res = await t.call('GET', ADMIN, url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  const [header, ...body] = parseCsv(res.body);
  return { header: header!, body };
}

const ids = (records: string[][]) => records.map((r) => Number(r[0]));

beforeAll(async () => {
  t = await createSeededTestApp();
  acme = t.demo.organizations.get('Acme Capital Partners')!;
  [{ id: formulaOrg }] = (await t.app.db
    .insert(organizations)
    .values({ name: FORMULA_NAME, is_public: true, deleted_at: new Date('2026-01-02T03:04:05Z') })
    .returning({ id: organizations.id })) as [{ id: number }];
  // More users than a page (500), so that the file is read in several pages.
  await t.app.db.execute(sql`
    INSERT INTO users (email, name, lastname, password_hash)
    SELECT 'many-' || g || '@reports.test', 'Many', 'User ' || g, 'x' FROM generate_series(1, 1100) g`);
});
afterAll(async () => {
  await t?.close();
});

describe('who may download a report', () => {
  it('refuses anonymous with 401 and a member, an organization admin or a host with 403', async () => {
    for (const report of ADMIN_REPORTS) {
      for (const format of ['csv', 'xlsx']) {
        const url = `/api/admin/reports/${report}?format=${format}`;
        expect((await t.call('GET', null, url)).statusCode, url).toBe(401);
        for (const email of ['max@acme.test', 'ada@acme.test', 'host@northwind.test', 'pending@acme.test']) {
          const res = await t.call('GET', email, url);
          expect(res.statusCode, `${email} ${url}`).toBe(403);
          expect(res.json().error).toBe('forbidden');
        }
        const ok = await t.call('GET', ADMIN, url);
        expect(ok.statusCode, `${url} ${ok.body.slice(0, 200)}`).toBe(200);
        const day = new Date().toISOString().slice(0, 10);
        expect(ok.headers['content-disposition']).toBe(
          `attachment; filename="parity-${report}-${day}.${format}"`,
        );
        expect(ok.headers['cache-control']).toBe('no-store');
      }
    }
  });

  it('answers bad input with 400 and the field at fault', async () => {
    const cases: [string, string][] = [
      ['users?format=pdf', 'format'],
      ['users?status=archived', 'status'],
      ['users?role=king', 'role'],
      ['users?organization_id=abc', 'organization_id'],
      ['organizations?visibility=secret', 'visibility'],
      ['organizations?deleted=maybe', 'deleted'],
      ['organizations?legal_structure_id=-1', 'legal_structure_id'],
      ['surveys?status=Done', 'status'],
      ['surveys?year=1999', 'year'],
      ['submissions?from=yesterday', 'from'],
      ['submissions?from=2026-03-10&to=2026-03-01', 'to'],
      ['submissions?survey_id=0', 'survey_id'],
    ];
    for (const [query, field] of cases) {
      const res = await t.call('GET', ADMIN, `/api/admin/reports/${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(field);
    }
    expect((await t.call('GET', ADMIN, '/api/admin/reports/audit')).statusCode).toBe(404);
  });
});

describe('the users report', () => {
  const header = ADMIN_REPORT_COLUMNS.users.map((c) => c.header);

  it('holds every active account, in id order across pages, with its organization and rights', async () => {
    const { header: got, body } = await csv('/api/admin/reports/users');
    expect(got).toEqual(header);
    const expected = await rows<{ id: number }>(
      sql`SELECT id FROM users WHERE deleted_at IS NULL ORDER BY id`,
    );
    expect(expected.length).toBeGreaterThan(1100);
    expect(ids(body)).toEqual(expected.map((r) => Number(r.id)));
    const admin = body.find((r) => r[3] === ADMIN)!;
    expect(admin[7]).toBe('Yes');
    const ada = body.find((r) => r[3] === 'ada@acme.test')!;
    expect(ada.slice(5, 10)).toEqual(['Acme Capital Partners', 'approved', 'No', 'Yes', expect.any(String)]);
    expect(ada[11]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('applies the user list’s filters, as the database answers them', async () => {
    const filtered = await csv(`/api/admin/reports/users?status=approved&organization_id=${acme}`);
    const expected = await rows<{ id: number }>(sql`
      SELECT u.id FROM users u JOIN memberships m ON m.user_id = u.id
      WHERE u.deleted_at IS NULL AND m.status = 'approved' AND m.organization_id = ${acme} ORDER BY u.id`);
    expect(expected.length).toBeGreaterThan(1);
    expect(ids(filtered.body)).toEqual(expected.map((r) => Number(r.id)));

    const searched = await csv('/api/admin/reports/users?search=ada%40acme');
    expect(searched.body.map((r) => r[3])).toEqual(['ada@acme.test']);
    const admins = await csv('/api/admin/reports/users?role=sadm');
    const sadm = await rows<{ id: number }>(
      sql`SELECT id FROM users WHERE is_sadm AND deleted_at IS NULL ORDER BY id`,
    );
    expect(ids(admins.body)).toEqual(sadm.map((r) => Number(r.id)));
    const none = await csv('/api/admin/reports/users?search=nobody-at-all');
    expect(none).toEqual({ header, body: [] });
  });

  it('as .xlsx holds the same rows as the CSV, numbers as numbers', async () => {
    const res = await t.call('GET', ADMIN, `/api/admin/reports/users?format=xlsx&organization_id=${acme}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const sheet = await readSheetCells(res.rawPayload, 'Users');
    const { body } = await csv(`/api/admin/reports/users?organization_id=${acme}`);
    expect(sheet[0]!.map((c) => c.value)).toEqual(header);
    expect(sheet.length).toBe(body.length + 1);
    for (const [i, record] of body.entries()) {
      const cells = sheet[i + 1]!;
      expect(cells[0]).toEqual({ value: Number(record[0]), type: 2 });
      expect(cells.map((c) => (c.value === null ? '' : String(c.value)))).toEqual(
        record.concat(Array(Math.max(0, cells.length - record.length)).fill('')).slice(0, cells.length),
      );
    }
  });
});

describe('the organizations report', () => {
  it('filters by search, visibility, legal structure and deletion; formulas neutralised', async () => {
    const live = await csv('/api/admin/reports/organizations');
    const expectedLive = await rows<{ id: number }>(
      sql`SELECT id FROM organizations WHERE deleted_at IS NULL ORDER BY id`,
    );
    expect(ids(live.body)).toEqual(expectedLive.map((r) => Number(r.id)));
    expect(ids(live.body)).not.toContain(formulaOrg);

    const onlyDeleted = await csv('/api/admin/reports/organizations?deleted=only');
    expect(onlyDeleted.body).toEqual([
      [
        String(formulaOrg),
        `'${FORMULA_NAME}`,
        '',
        'Public',
        'No',
        '',
        '',
        '0',
        expect.any(String),
        '2026-01-02T03:04:05.000Z',
      ],
    ]);
    const all = await csv('/api/admin/reports/organizations?deleted=include');
    expect(all.body.length).toBe(expectedLive.length + 1);

    const publicOnes = await csv('/api/admin/reports/organizations?visibility=private');
    const expectedPrivate = await rows<{ id: number }>(
      sql`SELECT id FROM organizations WHERE deleted_at IS NULL AND NOT is_public ORDER BY id`,
    );
    expect(ids(publicOnes.body)).toEqual(expectedPrivate.map((r) => Number(r.id)));

    const acmeRow = (await csv('/api/admin/reports/organizations?search=acme')).body;
    expect(acmeRow.map((r) => r[1])).toEqual(['Acme Capital Partners']);
    const [members] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM memberships WHERE organization_id = ${acme} AND status = 'approved'`,
    );
    expect(acmeRow[0]![7]).toBe(String(members!.n));

    const [structure] = await rows<{ id: number; name: string }>(sql`
      SELECT ls.id, ls.name FROM organizations o JOIN legal_structures ls ON ls.id = o.legal_structure_id
      WHERE o.deleted_at IS NULL LIMIT 1`);
    if (structure) {
      const byStructure = await csv(`/api/admin/reports/organizations?legal_structure_id=${structure.id}`);
      expect(byStructure.body.length).toBeGreaterThan(0);
      expect(new Set(byStructure.body.map((r) => r[2]))).toEqual(new Set([structure.name]));
    }
  });

  it('as .xlsx keeps the neutralised name as text', async () => {
    const res = await t.call('GET', ADMIN, '/api/admin/reports/organizations?format=xlsx&deleted=only');
    expect(res.statusCode).toBe(200);
    const sheet = await readSheetCells(res.rawPayload, 'Organizations');
    expect(sheet).toHaveLength(2);
    expect(sheet[1]![1]).toEqual({ value: `'${FORMULA_NAME}`, type: 3 });
  });
});

describe('the surveys report', () => {
  it('counts invited, responded and submitted organizations and the response rate', async () => {
    const { body } = await csv('/api/admin/reports/surveys');
    const expected = await rows<{ id: number; invited: number; responded: number; submitted: number }>(sql`
      SELECT s.id,
        count(i.id) FILTER (WHERE o.id IS NOT NULL)::int AS invited,
        count(i.id) FILTER (WHERE o.id IS NOT NULL AND i.status IN ('in_progress', 'submitted'))::int AS responded,
        count(i.id) FILTER (WHERE o.id IS NOT NULL AND i.status = 'submitted')::int AS submitted
      FROM surveys s
      LEFT JOIN survey_invitations i ON i.survey_id = s.id
      LEFT JOIN organizations o ON o.id = i.organization_id AND o.deleted_at IS NULL
      WHERE s.deleted_at IS NULL GROUP BY s.id ORDER BY s.id`);
    expect(expected.length).toBeGreaterThan(0);
    expect(body.map((r) => [Number(r[0]), Number(r[6]), Number(r[7]), Number(r[8]), Number(r[9])])).toEqual(
      expected.map((s) => [
        Number(s.id),
        s.invited,
        s.responded,
        s.submitted,
        percentOf(s.submitted, s.invited),
      ]),
    );
    expect(body.some((r) => Number(r[8]) > 0)).toBe(true);
  });

  it('filters by host, due year and status', async () => {
    const northwind = t.demo.organizations.get('Northwind Pension Fund')!;
    const hosted = await csv(`/api/admin/reports/surveys?organization_id=${northwind}`);
    const expected = await rows<{ id: number }>(
      sql`SELECT id FROM surveys WHERE organization_id = ${northwind} AND deleted_at IS NULL ORDER BY id`,
    );
    expect(ids(hosted.body)).toEqual(expected.map((r) => Number(r.id)));
    const [{ year }] = (await rows<{ year: number }>(
      sql`SELECT extract(year from due)::int AS year FROM surveys WHERE deleted_at IS NULL ORDER BY id LIMIT 1`,
    )) as [{ year: number }];
    const ofYear = await csv(`/api/admin/reports/surveys?year=${year}`);
    expect(ofYear.body.length).toBeGreaterThan(0);
    for (const r of ofYear.body) expect(r[4]!.slice(0, 4)).toBe(String(year));
    for (const status of ['Active', 'Scheduled', 'Past Due', 'Archived']) {
      const byStatus = await csv(`/api/admin/reports/surveys?status=${encodeURIComponent(status)}`);
      for (const r of byStatus.body) expect(r[5]).toBe(status);
    }
  });

  it('as .xlsx gives the counts and the rate as numbers', async () => {
    const res = await t.call('GET', ADMIN, '/api/admin/reports/surveys?format=xlsx');
    const sheet = await readSheetCells(res.rawPayload, 'Surveys with response rates');
    const { body } = await csv('/api/admin/reports/surveys');
    expect(sheet.slice(1).map((r) => r.slice(6).map((c) => c.value))).toEqual(
      body.map((r) => r.slice(6).map(Number)),
    );
  });
});

describe('the submissions report', () => {
  it('lists submissions with the scores stored with them, filtered by survey, organization and days', async () => {
    const { body } = await csv('/api/admin/reports/submissions');
    const expected = await rows<{ id: number; lpi: number | null; transparency: number | null }>(sql`
      SELECT id, (scores ->> 'lpi')::float AS lpi, (scores #>> '{transparency,transparency}')::float AS transparency
      FROM submissions ORDER BY id`);
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(body)).toEqual(expected.map((r) => Number(r.id)));
    for (const [i, s] of expected.entries()) {
      const record = body[i]!;
      expect(record[4] === '' ? null : Number(record[4])).toBeCloseTo(s.lpi ?? Number.NaN, 3);
      if (s.transparency !== null) expect(Number(record[6])).toBeCloseTo(s.transparency, 3);
    }
    expect(body.some((r) => r[4] !== '')).toBe(true);

    const [one] = await rows<{ survey_id: number; organization_id: number; day: string }>(sql`
      SELECT survey_id, organization_id, to_char(submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
      FROM submissions WHERE survey_id IS NOT NULL ORDER BY id LIMIT 1`);
    const bySurvey = await csv(`/api/admin/reports/submissions?survey_id=${one!.survey_id}`);
    const expectedSurvey = await rows<{ id: number }>(
      sql`SELECT id FROM submissions WHERE survey_id = ${one!.survey_id} ORDER BY id`,
    );
    expect(ids(bySurvey.body)).toEqual(expectedSurvey.map((r) => Number(r.id)));
    const byOrg = await csv(`/api/admin/reports/submissions?organization_id=${one!.organization_id}`);
    const expectedOrg = await rows<{ id: number }>(
      sql`SELECT id FROM submissions WHERE organization_id = ${one!.organization_id} ORDER BY id`,
    );
    expect(ids(byOrg.body)).toEqual(expectedOrg.map((r) => Number(r.id)));
    const byDay = await csv(`/api/admin/reports/submissions?from=${one!.day}&to=${one!.day}`);
    const expectedDay = await rows<{ id: number }>(sql`
      SELECT id FROM submissions WHERE to_char(submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') = ${one!.day}
      ORDER BY id`);
    expect(ids(byDay.body)).toEqual(expectedDay.map((r) => Number(r.id)));
    expect((await csv('/api/admin/reports/submissions?to=2000-01-01')).body).toEqual([]);
  });
});
