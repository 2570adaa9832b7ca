import { and, eq, inArray, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../../../db/schema/people';
import { boardMembers, individuals, tabStates } from '../../../../db/schema/reporting';
import { EMERGING_MANAGERS_2026 } from '../../../../seed/surveys';
import { createDemoTestApp, demoOf, sessionToken, type TestApp } from '../../../../test/app';
import { readyToSubmit, whileSubmitted } from '../../../../test/survey-submit';

let t: TestApp;
let ids: Map<string, number>;
let acme: number;
let cedar: number;
let survey: number;
let emerging: number;
const tokens = new Map<string, string>();

const ADA = 'ada@acme.test';
const MAX = 'max@acme.test';
const EVE = 'eve@cedar.test';
const HOST = 'host@northwind.test';
const PENDING = 'pending@acme.test';

beforeAll(async () => {
  t = await createDemoTestApp();
  const seeded = demoOf(t);
  ids = seeded.users;
  acme = seeded.organizations.get('Acme Capital Partners')!;
  cedar = seeded.organizations.get('Cedar Equity')!;
  survey = seeded.surveys.get('2026 DEI Survey')!;
  emerging = seeded.surveys.get(EMERGING_MANAGERS_2026)!;
  // The demo data may hold LPI rows; these tests start from empty tabs.
  await t.app.db.delete(individuals).where(inArray(individuals.organization_id, [acme, cedar]));
  await t.app.db.delete(boardMembers).where(inArray(boardMembers.organization_id, [acme, cedar]));
  for (const email of ids.keys()) {
    tokens.set(email, await sessionToken(t, ids.get(email)!));
  }
});
afterAll(async () => {
  await t?.close();
});

const auth = (email: string) => ({ authorization: `Bearer ${tokens.get(email)}` });
const get = (url: string, email: string) => t.app.inject({ method: 'GET', url, headers: auth(email) });
const send = (method: 'PUT' | 'POST', url: string, email: string, payload: unknown) =>
  t.app.inject({ method, url, headers: auth(email), payload: payload as object });

const employee = (name: string, ownership: number | null) => ({
  identification_id: 17,
  name,
  corporate_title_id: 3,
  date_of_joining: '2015-04-01',
  gender_id: 1,
  ethnicity_id: 1,
  immigration_id: 2,
  veteran_id: 2,
  lgbtq_id: 2,
  disabled_id: 2,
  us_citizen_id: 1,
  us_based_id: 1,
  is_senior_management: true,
  date_of_promotion: '2019-01-01',
  is_owner: ownership !== null,
  ownership,
  initial_ownership_date: ownership !== null ? '2016-01-01' : null,
});
const fund = (name: string, ownership: number) => ({
  identification_id: 18,
  name,
  is_owner: true,
  ownership,
  initial_ownership_date: '2018-06-30',
});

async function stateOf(url: string, email = ADA) {
  const res = await get(url, email);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const orgRows = () =>
  t.app.db
    .select()
    .from(individuals)
    .where(and(eq(individuals.organization_id, acme), isNull(individuals.survey_id)));

describe('ownership tab', () => {
  it('reads an empty tab, then saves created rows as one version', async () => {
    const first = await stateOf('/api/organization/me/ownership');
    expect(first.data.rows).toEqual([]);
    expect(first.state).toMatchObject({ tab: 'ownership', updated_at: null, version: 0, editable: true });
    expect(first.data.option_flags.veteran_id).toBe(true);

    const res = await send('PUT', '/api/ownership/save', ADA, {
      updated_at: null,
      create: [employee('Jane Doe', 60), fund('Acme Fund I', 40), employee('Sam Lead', null)],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.rows.map((r: { name: string }) => r.name)).toEqual([
      'Jane Doe',
      'Acme Fund I',
      'Sam Lead',
    ]);
    expect(body.data.totals).toMatchObject({ ownership_sum: 100, owners: 2, leaders: 2 });
    expect(body.state.version).toBe(1);
    expect(body.state.updated_by.id).toBe(ids.get(ADA));
  });

  it('updates and deletes in one save; the version diff names the row', async () => {
    const before = await stateOf('/api/organization/me/ownership');
    const [jane, fundRow, sam] = before.data.rows;
    const res = await send('PUT', '/api/ownership/save', ADA, {
      updated_at: before.state.updated_at,
      update: [{ ...employee('Jane Doe', 55), id: jane.id }],
      delete: [sam.id],
      create: [fund('Acme Fund II', 5)],
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.rows;
    expect(rows.map((r: { name: string; ownership: number }) => [r.name, r.ownership])).toEqual([
      ['Jane Doe', 55],
      ['Acme Fund I', 40],
      ['Acme Fund II', 5],
    ]);
    expect(rows[1].id).toBe(fundRow.id);
    const versions = (await stateOf('/api/lpi/versions?tab=ownership')).data;
    expect(versions).toHaveLength(2);
    const paths = versions[0].changes.map((c: { path: string }) => c.path);
    expect(paths).toContain('Jane Doe › ownership');
    expect(paths).toContain('Sam Lead › identification_id');
    expect(paths).toContain('Acme Fund II › ownership');
  });

  it('refuses a stale save with 409 and writes nothing; an overwrite with the current updated_at works', async () => {
    const current = await stateOf('/api/organization/me/ownership');
    const stale = await send('PUT', '/api/ownership/save', ADA, {
      updated_at: '2020-01-01T00:00:00.000Z',
      create: [fund('Stale Fund', 1)],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: 'stale_save',
      detail: { tab: 'ownership', updated_at: current.state.updated_at },
    });
    expect((await orgRows()).map((r) => r.name)).not.toContain('Stale Fund');
    const overwrite = await send('PUT', '/api/ownership/save', ADA, {
      updated_at: stale.json().detail.updated_at,
      create: [fund('Late Fund', 1)],
    });
    expect(overwrite.statusCode, overwrite.body).toBe(200);
    expect(overwrite.json().state.version).toBe(current.state.version + 1);
  });

  it('answers 400 with the field and the spec message for a bad row', async () => {
    const current = await stateOf('/api/organization/me/ownership');
    const res = await send('PUT', '/api/ownership/save', ADA, {
      updated_at: current.state.updated_at,
      create: [{ ...employee('No Gender', null), gender_id: null }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContainEqual({ field: 'body.create.0.gender_id', message: 'Field is empty' });
  });

  it("refuses another organization's ids with 404 and writes nothing", async () => {
    const acmeRows = await orgRows();
    const [cedarRow] = await t.app.db
      .insert(individuals)
      .values({
        organization_id: cedar,
        name: 'Cedar Fund',
        identification_id: 18,
        is_owner: true,
        ownership: 100,
      })
      .returning();
    const current = await stateOf('/api/organization/me/ownership');
    for (const payload of [
      { delete: [cedarRow!.id], create: [fund('Should Not Exist', 1)] },
      { update: [{ ...fund('Hijack', 1), id: cedarRow!.id }] },
    ]) {
      const res = await send('PUT', '/api/ownership/save', ADA, {
        updated_at: current.state.updated_at,
        ...payload,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Individual not found.');
    }
    expect((await orgRows()).length).toBe(acmeRows.length);
    const cedarNow = await stateOf('/api/organization/me/ownership', EVE);
    expect(cedarNow.data.rows.map((r: { name: string }) => r.name)).toEqual(['Cedar Fund']);
    expect((await stateOf('/api/organization/me/ownership')).state.updated_at).toBe(current.state.updated_at);
  });

  it('lets members read, only LPI access save, and hides Acme from others', async () => {
    expect((await get('/api/organization/me/ownership', MAX)).statusCode).toBe(200);
    const maxSave = await send('PUT', '/api/ownership/save', MAX, { updated_at: null, create: [] });
    expect(maxSave.statusCode).toBe(403);
    expect((await get('/api/organization/me/ownership', PENDING)).statusCode).toBe(403);
    expect((await get(`/api/ownership?organization_id=${acme}`, EVE)).statusCode).toBe(404);
    expect((await get(`/api/ownership?organization_id=${acme}&survey_id=${survey}`, EVE)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/ownership?organization_id=${acme}`, HOST)).statusCode).toBe(404);
    expect((await get(`/api/ownership?organization_id=${cedar}`, ADA)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/organization/me/ownership' })).statusCode).toBe(
      401,
    );
  });

  it('copies the profile into the survey on first read; survey edits stay in the survey', async () => {
    const profile = await stateOf('/api/organization/me/ownership');
    // A host's report read before the respondent submitted answers 404 (#20), and makes no copy.
    const early = await get(`/api/ownership?organization_id=${acme}&survey_id=${survey}&report=true`, HOST);
    expect(early.statusCode).toBe(404);
    const copy = await stateOf(`/api/organization/me/ownership?survey_id=${survey}`);
    const strip = (rows: Record<string, unknown>[]) =>
      rows.map(({ id: _id, survey_id: _s, updated_at: _u, ...rest }) => rest);
    expect(strip(copy.data.rows)).toEqual(strip(profile.data.rows));
    expect(copy.data.rows.every((r: { survey_id: number }) => r.survey_id === survey)).toBe(true);

    // A survey save may not touch the profile's rows.
    const foreign = await send('PUT', '/api/ownership/save', ADA, {
      survey_id: survey,
      updated_at: copy.state.updated_at,
      delete: [profile.data.rows[0].id],
    });
    expect(foreign.statusCode).toBe(404);

    const res = await send('PUT', '/api/ownership/save', ADA, {
      survey_id: survey,
      updated_at: copy.state.updated_at,
      delete: [copy.data.rows[0].id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rows).toHaveLength(copy.data.rows.length - 1);
    const profileAfter = await stateOf('/api/organization/me/ownership');
    expect(profileAfter.data.rows).toEqual(profile.data.rows);
    expect(profileAfter.state.updated_at).toBe(profile.state.updated_at);

    // The host reads the respondent's copy, read-only; saves name only the host's own organization.
    const hostRead = await whileSubmitted(t.app.db, survey, acme, () =>
      stateOf(`/api/ownership?organization_id=${acme}&survey_id=${survey}&report=true`, HOST),
    );
    expect(hostRead.data.rows).toHaveLength(copy.data.rows.length - 1);
    expect(hostRead.state.editable).toBe(false);
    const hostSave = await send('PUT', '/api/ownership/save', HOST, { survey_id: survey, updated_at: null });
    expect([403, 404]).toContain(hostSave.statusCode);
  });
});

describe("the host and a respondent's survey data (#20)", () => {
  it('answers 404 to every host read until the respondent submits, then 200 with the data', async () => {
    // Cedar answers Northwind's survey (Eve, its admin, given LPI access): an owner in its survey copy.
    await t.app.db
      .update(memberships)
      .set({ average_lpi_score_access: true })
      .where(eq(memberships.user_id, ids.get(EVE)!));
    const copy = await stateOf(`/api/organization/me/ownership?survey_id=${survey}`, EVE);
    const saved = await send('PUT', '/api/ownership/save', EVE, {
      survey_id: survey,
      updated_at: copy.state.updated_at,
      create: [fund('Cedar Survey Fund', 100)],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const reads = [
      `/api/ownership?survey_id=${survey}&organization_id=${cedar}&report=true`,
      `/api/ownership?survey_id=${survey}&organization_id=${cedar}`,
      `/api/staff?survey_id=${survey}&organization_id=${cedar}&report=true`,
      `/api/organization/meta-v2?survey_id=${survey}&organization_id=${cedar}&report=true`,
    ];
    for (const url of reads) {
      const res = await get(url, HOST);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'Survey not found.' });
      expect(res.body).not.toContain('Cedar Survey Fund');
    }

    const reopen = await readyToSubmit(t.app.db, cedar, survey);
    const submitted = await send('POST', `/api/organizations/${cedar}/lpi`, EVE, {
      survey_id: survey,
      accept_terms: true,
    });
    await reopen();
    expect(submitted.statusCode, submitted.body).toBe(200);

    for (const url of reads) expect((await get(url, HOST)).statusCode, url).toBe(200);
    const host = await stateOf(reads[0]!, HOST);
    expect(host.data.rows.map((r: { name: string }) => r.name)).toContain('Cedar Survey Fund');
    expect(host.state.editable).toBe(false);
  });
});

async function workbookOf(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  return workbook;
}

async function template(email = ADA) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/ownerships/template/download',
    headers: auth(email),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** The template filled from row 3 with rows of cell values in column order. */
async function filled(rows: (string | number | null)[][]) {
  const workbook = await workbookOf((await template()).rawPayload);
  const sheet = workbook.getWorksheet('Individuals')!;
  rows.forEach((cells, r) => {
    cells.forEach((value, c) => {
      sheet.getCell(r + 3, c + 1).value = value;
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function multipart(parts: { name: string; filename?: string; data: Buffer | string }[]) {
  const boundary = `----parity${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined)
      head += `; filename="${p.filename}"\r\nContent-Type: application/octet-stream`;
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

function upload(email: string, file: Buffer, fields: Record<string, string>) {
  const body = multipart([
    ...Object.entries(fields).map(([name, data]) => ({ name, data })),
    { name: 'file', filename: 'owners.xlsx', data: file },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/process-excel-ownership',
    payload: body.payload,
    headers: { ...body.headers, ...auth(email) },
  });
}

// Columns: identification, name, title, joining, gender, ethnicity, immigration, veteran, lgbtq,
// disabled, us citizen, us based, leadership, promotion, ownership?, ownership %, initial date.
const EMPLOYEE_ROW = [
  'Employee',
  'Uma Upload',
  'Partner',
  '2012-02-01',
  'Woman',
  'Asian',
  'No',
  'No',
  'No',
  'No',
  'Yes',
  'Yes',
  'Yes',
  null,
  'Yes',
  30,
  '2013-01-01',
];

describe('ownership template and bulk upload', () => {
  it('downloads a real .xlsx with drop-down lists and an example row', async () => {
    const res = await template(MAX);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.xlsx"$/);
    const workbook = await workbookOf(res.rawPayload);
    const sheet = workbook.getWorksheet('Individuals')!;
    expect(sheet.getCell(1, 1).value).toBe('Identification');
    expect(sheet.getCell(2, 2).value).toBe('Jane Example');
    expect(sheet.getCell(3, 1).dataValidation?.type).toBe('list');
    const lists = workbook.getWorksheet('Lists')!;
    const listed = JSON.stringify(lists.getSheetValues());
    for (const name of ['Employee', 'Entity/Fund', 'Managing Partner', 'Prefer not to say'])
      expect(listed).toContain(name);
    expect((await t.app.inject({ method: 'GET', url: '/api/ownerships/template/download' })).statusCode).toBe(
      401,
    );
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/ownerships/template/download',
          headers: auth(PENDING),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('lists every problem with row and column and imports nothing', async () => {
    const before = (await orgRows()).length;
    const current = await stateOf('/api/organization/me/ownership');
    const file = await filled([
      EMPLOYEE_ROW,
      [
        'Employee',
        'No Title',
        null,
        '2012-02-01',
        'Woman',
        'Asian',
        'No',
        'No',
        'No',
        'No',
        'Yes',
        'Yes',
        'No',
        null,
        'No',
        null,
        null,
      ],
      [
        'Entity/Fund',
        'Fund Z',
        null,
        null,
        'Woman',
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        'Yes',
        120,
        '2013-01-01',
      ],
      [
        'Martian',
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
      ],
    ]);
    const res = await upload(ADA, file, { updated_at: current.state.updated_at });
    expect(res.statusCode, res.body).toBe(422);
    const detail = res.json().detail;
    expect(detail).toContainEqual({ row: 4, column: 'Corporate Title', message: 'Field is empty' });
    expect(detail).toContainEqual({
      row: 5,
      column: 'Gender',
      message: 'Field must be empty for this identification',
    });
    expect(detail).toContainEqual(expect.objectContaining({ row: 5, column: 'Ownership %' }));
    expect(detail).toContainEqual(expect.objectContaining({ row: 6, column: 'Identification' }));
    expect(detail).toContainEqual({
      row: 6,
      column: 'Full Name or Unique Identifier',
      message: 'Field is empty',
    });
    expect(detail.some((e: { row: number }) => e.row === 3)).toBe(false);
    expect((await orgRows()).length).toBe(before);
  });

  it('creates every row in one save (one version) and answers the count', async () => {
    const current = await stateOf('/api/organization/me/ownership');
    const file = await filled([
      EMPLOYEE_ROW,
      [
        'Entity/Trust',
        'Trust Y',
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        'Yes',
        12.5,
        '2014-03-03',
      ],
    ]);
    const res = await upload(ADA, file, { updated_at: current.state.updated_at ?? '' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.created).toBe(2);
    expect(body.state.version).toBe(current.state.version + 1);
    const uma = body.data.rows.find((r: { name: string }) => r.name === 'Uma Upload');
    expect(uma).toMatchObject({
      identification_id: 17,
      is_owner: true,
      ownership: 30,
      date_of_joining: '2012-02-01',
    });
    expect(body.data.rows.length).toBe(current.data.rows.length + 2);
  });

  it('replaces in mode=replace, refuses stale uploads, non-spreadsheets and callers without LPI access', async () => {
    const current = await stateOf('/api/organization/me/ownership');
    const file = await filled([EMPLOYEE_ROW]);
    const stale = await upload(ADA, file, { updated_at: '2020-01-01T00:00:00.000Z' });
    expect(stale.statusCode).toBe(409);
    expect((await upload(MAX, file, { updated_at: current.state.updated_at })).statusCode).toBe(403);
    const notXlsx = await upload(ADA, Buffer.from('name,ownership\nA,1\n'), {
      updated_at: current.state.updated_at,
    });
    expect(notXlsx.statusCode).toBe(422);
    expect(notXlsx.json().error).toBe('not_a_spreadsheet');
    const tooLarge = await upload(ADA, Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(5_100_000)]), {
      updated_at: current.state.updated_at,
    });
    expect(tooLarge.statusCode).toBe(413);
    const badMode = await upload(ADA, file, { updated_at: current.state.updated_at, mode: 'merge' });
    expect(badMode.statusCode).toBe(400);
    const replaced = await upload(ADA, file, { updated_at: current.state.updated_at, mode: 'replace' });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data.rows.map((r: { name: string }) => r.name)).toEqual(['Uma Upload']);
  });
});

describe('board tab', () => {
  const member = (name: string) => ({
    name,
    board_type_id: 1,
    board_position_id: 1,
    date_of_joining: '2019-03-01',
    gender_id: 1,
    ethnicity_id: 1,
    military_member_id: 2,
    disabled_id: 2,
    lgbtq_id: 2,
    immigration_id: 2,
  });

  it('creates, updates and deletes members in one save; versions grow by one', async () => {
    const empty = await stateOf('/api/organization/me/boards');
    expect(empty.data.rows).toEqual([]);
    const created = await send('POST', '/api/boards/save', ADA, {
      updated_at: null,
      create: [member('Grace Chair'), member('Alan Member')],
    });
    expect(created.statusCode, created.body).toBe(200);
    const [grace, alan] = created.json().data.rows;
    const res = await send('POST', '/api/boards/save', ADA, {
      updated_at: created.json().state.updated_at,
      update: [{ ...member('Grace Chair'), id: grace.id, board_position_id: 2 }],
      delete: [alan.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rows).toEqual([
      expect.objectContaining({ name: 'Grace Chair', board_position_id: 2 }),
    ]);
    const versions = (await stateOf('/api/lpi/versions?tab=board')).data;
    expect(versions).toHaveLength(2);
    expect(versions[0].changes.map((c: { path: string }) => c.path)).toContain(
      'Grace Chair › board_position_id',
    );
  });

  it('refuses foreign ids, stale saves, bad rows and callers without rights', async () => {
    const current = await stateOf('/api/organization/me/boards');
    const [cedarRow] = await t.app.db
      .insert(boardMembers)
      .values({ organization_id: cedar, name: 'Cedar Chair' })
      .returning();
    const cedarId = cedarRow!.id;
    const foreign = await send('POST', '/api/boards/save', ADA, {
      updated_at: current.state.updated_at,
      delete: [cedarId],
    });
    expect(foreign.statusCode).toBe(404);
    expect(await t.app.db.select().from(boardMembers).where(eq(boardMembers.id, cedarId))).toHaveLength(1);
    const stale = await send('POST', '/api/boards/save', ADA, { updated_at: null, create: [member('X')] });
    expect(stale.statusCode).toBe(409);
    const bad = await send('POST', '/api/boards/save', ADA, {
      updated_at: current.state.updated_at,
      create: [{ ...member(''), date_of_joining: '2999-01-01' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContainEqual({ field: 'body.create.0.name', message: 'Field is empty' });
    expect(
      (await send('POST', '/api/boards/save', MAX, { updated_at: current.state.updated_at })).statusCode,
    ).toBe(403);
    expect((await get(`/api/boards?organization_id=${acme}`, EVE)).statusCode).toBe(404);
    expect((await get(`/api/boards?organization_id=${acme}`, HOST)).statusCode).toBe(404);
    expect((await stateOf('/api/organization/me/boards')).data.rows).toEqual(current.data.rows);
  });

  it('keeps the survey copy of the board apart from the profile', async () => {
    const profile = await stateOf('/api/organization/me/boards');
    const copy = await stateOf(`/api/organization/me/boards?survey_id=${survey}`);
    expect(copy.data.rows.map((r: { name: string }) => r.name)).toEqual(
      profile.data.rows.map((r: { name: string }) => r.name),
    );
    const res = await send('POST', '/api/boards/save', ADA, {
      survey_id: survey,
      updated_at: copy.state.updated_at,
      create: [member('Survey Only')],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stateOf('/api/organization/me/boards')).data.rows).toEqual(profile.data.rows);
    const hostUrl = `/api/boards?organization_id=${acme}&survey_id=${survey}&report=true`;
    expect((await get(hostUrl, HOST)).statusCode).toBe(404);
    const host = await whileSubmitted(t.app.db, survey, acme, () => stateOf(hostUrl, HOST));
    expect(host.data.rows.map((r: { name: string }) => r.name)).toContain('Survey Only');
  });
});

describe('the survey copy on a first touch that is a save', () => {
  it("copies the organization's rows into the survey before a save sent before any read", async () => {
    // Nothing of this survey was touched yet: no copy, no state.
    await t.app.db
      .delete(tabStates)
      .where(and(eq(tabStates.organization_id, acme), eq(tabStates.survey_id, emerging)));
    await t.app.db
      .delete(individuals)
      .where(and(eq(individuals.organization_id, acme), eq(individuals.survey_id, emerging)));
    const own = await stateOf('/api/organization/me/ownership');
    const added = await send('PUT', '/api/ownership/save', ADA, {
      updated_at: own.state.updated_at,
      create: [fund('Profile Fund', 2)],
    });
    expect(added.statusCode, added.body).toBe(200);
    const profile = added.json().data.rows.map((r: { name: string }) => r.name);

    const res = await send('PUT', '/api/ownership/save', ADA, {
      survey_id: emerging,
      updated_at: null,
      create: [fund('Survey Fund', 1)],
    });
    expect(res.statusCode, res.body).toBe(200);
    const names = (r: { name: string }) => r.name;
    expect(res.json().data.rows.map(names)).toEqual([...profile, 'Survey Fund']);
    const copy = await stateOf(`/api/organization/me/ownership?survey_id=${emerging}`);
    expect(copy.data.rows.map(names)).toEqual([...profile, 'Survey Fund']);
    expect((await stateOf('/api/organization/me/ownership')).data.rows.map(names)).toEqual(profile);
  });
});
