import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../../../db/schema/people';
import {
  addresses,
  formValues,
  gridCells,
  individuals,
  miscellaneousQuestions,
  surveyOrganizationMeta,
} from '../../../../db/schema/reporting';
import { ACME, CEDAR } from '../../../../seed/demo';
import { DEI_SURVEY_2026 } from '../../../../seed/surveys';
import { createSeededTestApp, type SeededTestApp } from '../../../../test/app';
import { whileSubmitted } from '../../../../test/survey-submit';

let t: SeededTestApp;
let acme: number;
let cedar: number;
let dei: number;
let users: Map<string, number>;

const ADA = 'ada@acme.test'; // Acme admin with LPI access
const MAX = 'max@acme.test'; // Acme member without LPI access
const EVE = 'eve@cedar.test'; // Cedar admin
const HOST = 'host@northwind.test'; // Northwind survey host
const PENDING = 'pending@acme.test';

beforeAll(async () => {
  t = await createSeededTestApp();
  const seeded = t.demo;
  acme = seeded.organizations.get(ACME)!;
  cedar = seeded.organizations.get(CEDAR)!;
  dei = seeded.surveys.get(DEI_SURVEY_2026)!;
  users = seeded.users;
});
afterAll(async () => {
  await t?.close();
});

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  email: string | null,
  url: string,
  payload?: unknown,
) {
  return t.call(method, email, url, payload);
}

const place = (id: string, description: string) => ({
  place_id: id,
  description,
  details: { place_id: id, description, city: description.split(',')[0], country: 'US' },
});

function overview(extra: Record<string, unknown> = {}) {
  return {
    legal_structure: 2,
    inception_date: '2004-03-15',
    primary_contact_id: users.get(ADA),
    is_publicly_traded: false,
    ticker_symbol: '',
    total_full_time_employees: 40,
    total_leaders: 4,
    total_owners: 3,
    website: 'https://www.acme-capital.example',
    primary_phone: '+1 212 555 0100',
    identifiers: { gi_sector_id: 1, gi_aum: 400002 },
    ...extra,
  };
}

async function meState(email = ADA, query = '') {
  const res = await call('GET', email, `/api/organization/me/meta-v2${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('overview (organization meta)', () => {
  it('answers every field of spec 3 Organization meta with the tab state', async () => {
    const body = await meState();
    expect(Object.keys(body.data).sort()).toEqual(
      [
        'about',
        'addresses',
        'aum',
        'color_id',
        'evenness',
        'id',
        'identifiers',
        'inception_date',
        'is_public',
        'is_publicly_traded',
        'legal_structure_id',
        'lpi_score',
        'name',
        'primary_address_id',
        'primary_contact_id',
        'primary_contact_name',
        'primary_phone',
        'survey_id',
        'ticker_symbol',
        'total_full_time_employees',
        'total_leaders',
        'total_owners',
        'website',
      ].sort(),
    );
    expect(body.data).toMatchObject({ id: acme, name: ACME, legal_structure_id: 2, survey_id: null });
    expect(body.state).toMatchObject({ tab: 'overview', editable: true });
    expect((await meState(MAX)).state.editable).toBe(false);
  });

  it('saves the overview; a found address becomes primary, then a chosen one does', async () => {
    const before = await meState();
    const res = await call(
      'POST',
      ADA,
      '/api/organization/meta-v2',
      overview({
        updated_at: before.state.updated_at,
        office_address_found: place('p-ny', 'New York, NY, USA'),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json();
    expect(saved.data).toMatchObject({
      legal_structure_id: 2,
      total_full_time_employees: 40,
      total_leaders: 4,
      total_owners: 3,
      primary_phone: '+1 212 555 0100',
      aum: 400002,
      identifiers: { gi_sector_id: 1, gi_aum: 400002 },
      primary_contact_id: users.get(ADA),
      primary_contact_name: 'Ada Lovelace',
    });
    const existing = before.data.addresses.length;
    expect(saved.data.addresses).toHaveLength(existing + 1);
    expect(saved.data.addresses[0]).toMatchObject({ address: 'New York, NY, USA', primary_address: 1 });
    expect(
      saved.data.addresses.filter((a: { primary_address: number }) => a.primary_address === 1),
    ).toHaveLength(1);
    const first = saved.data.addresses[0].id;
    expect(saved.data.primary_address_id).toBe(first);

    const second = await call(
      'POST',
      ADA,
      '/api/organization/meta-v2',
      overview({
        updated_at: saved.state.updated_at,
        office_address_found: place('p-bos', 'Boston, MA, USA'),
      }),
    );
    expect(second.statusCode, second.body).toBe(200);
    const two = second.json().data.addresses;
    expect(two).toHaveLength(existing + 2);
    expect(two[0]).toMatchObject({ address: 'Boston, MA, USA', primary_address: 1 });
    expect(two.find((a: { id: number }) => a.id === first).primary_address).toBe(0);
    expect(two.filter((a: { primary_address: number }) => a.primary_address === 1)).toHaveLength(1);

    const third = await call(
      'POST',
      ADA,
      '/api/organization/meta-v2',
      overview({ updated_at: second.json().state.updated_at, office_address_id: first }),
    );
    expect(third.statusCode, third.body).toBe(200);
    expect(third.json().data.primary_address_id).toBe(first);
    const [org] = await t.app.db.select().from(organizations).where(eq(organizations.id, acme));
    expect(org?.total_full_time_employees).toBe(40);
  });

  it("refuses another organization's address (404) and writes nothing", async () => {
    const [cedarAddress] = await t.app.db
      .insert(addresses)
      .values({ organization_id: cedar, address: 'Paris, France', is_primary: true })
      .returning({ id: addresses.id });
    const before = await meState();
    const res = await call(
      'POST',
      ADA,
      '/api/organization/meta-v2',
      overview({
        updated_at: before.state.updated_at,
        office_address_id: cedarAddress!.id,
        total_leaders: 9,
      }),
    );
    expect(res.statusCode, res.body).toBe(404);
    const after = await meState();
    expect(after.data.total_leaders).toBe(before.data.total_leaders);
    expect(after.state.updated_at).toBe(before.state.updated_at);
  });

  it("answers 'LPI organization meta validation error' with the field messages", async () => {
    const before = await meState();
    const res = await call('POST', ADA, '/api/organization/meta-v2', {
      ...overview({ legal_structure: null, total_owners: 1, ticker_symbol: 'TOOLONGTICKER' }),
      updated_at: before.state.updated_at,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('LPI organization meta validation error');
    expect(body.detail).toEqual(
      expect.arrayContaining([
        { field: 'legal_structure', message: 'Legal Structure is required' },
        { field: 'ticker_symbol', message: 'Ticker Symbol must be maximum 10 characters long' },
      ]),
    );
    const owners = await call('POST', ADA, '/api/organization/meta-v2', {
      ...overview({ total_owners: 1 }),
      updated_at: before.state.updated_at,
    });
    expect(owners.json().detail).toEqual([
      { field: 'total_owners', message: 'Total Owners must be equal or greater than 2' },
    ]);
  });

  it('identifiers must be industries of their type under the chosen parent', async () => {
    const before = await meState();
    for (const identifiers of [
      { gi_sector_id: 999999 },
      { gi_sector_id: 400002 },
      { gi_sector_id: 1, gi_industry_id: 201 },
    ]) {
      const res = await call(
        'POST',
        ADA,
        '/api/organization/meta-v2',
        overview({ updated_at: before.state.updated_at, identifiers }),
      );
      expect(res.statusCode, JSON.stringify(identifiers)).toBe(400);
      expect(res.json().detail[0].message).toBe('Value is not an allowed tree option');
    }
  });

  it('primary_contact_id must be an approved member of the organization', async () => {
    const before = await meState();
    for (const email of [EVE, PENDING]) {
      const res = await call(
        'POST',
        ADA,
        '/api/organization/meta-v2',
        overview({ updated_at: before.state.updated_at, primary_contact_id: users.get(email) }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().detail[0].field).toBe('primary_contact_id');
    }
  });

  it('a stale save answers 409 and writes nothing; re-sending the server state overwrites; versions grow', async () => {
    const before = await meState();
    const versions = async () =>
      (await call('GET', ADA, '/api/lpi/versions?tab=overview')).json().data as {
        changes: { path: string }[];
      }[];
    const count = (await versions()).length;
    const ok = await call(
      'POST',
      ADA,
      '/api/organization/meta-v2',
      overview({ updated_at: before.state.updated_at, total_leaders: 5 }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const stale = await call(
      'POST',
      ADA,
      '/api/organization/meta-v2',
      overview({ updated_at: before.state.updated_at, total_leaders: 6 }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail.updated_at).toBe(ok.json().state.updated_at);
    expect((await meState()).data.total_leaders).toBe(5);
    const overwrite = await call(
      'POST',
      ADA,
      '/api/organization/meta-v2',
      overview({ updated_at: stale.json().detail.updated_at, total_leaders: 6 }),
    );
    expect(overwrite.statusCode).toBe(200);
    const list = await versions();
    expect(list).toHaveLength(count + 2);
    expect(list[0]?.changes.map((c) => c.path)).toContain('total_leaders');
  });

  it('refuses saves without LPI access (403), pending users (403), and hides Acme from Cedar (404)', async () => {
    const state = (await meState()).state;
    expect(
      (await call('POST', MAX, '/api/organization/meta-v2', overview({ updated_at: state.updated_at })))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', PENDING, '/api/organization/me/meta-v2')).statusCode).toBe(403);
    expect((await call('GET', EVE, `/api/organization/meta-v2?organization_id=${acme}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call('GET', EVE, `/api/organization/meta-v2?organization_id=${acme}&survey_id=${dei}`))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', HOST, `/api/organization/meta-v2?organization_id=${acme}`)).statusCode).toBe(
      404,
    );
    expect((await call('GET', null, '/api/organization/me/meta-v2')).statusCode).toBe(401);
  });

  it('survey scope: the first read copies the organization, later edits stay in the survey', async () => {
    const org = await meState();
    const survey = await meState(ADA, `?survey_id=${dei}`);
    // The scores are each scope's own: Acme's profile submission (demo data), none yet in the survey.
    const {
      survey_id: _s,
      addresses: orgAddresses,
      primary_address_id: _p,
      lpi_score: orgLpi,
      evenness: orgEvenness,
      ...orgRest
    } = org.data;
    const {
      survey_id,
      addresses: surveyAddresses,
      primary_address_id: _q,
      lpi_score: surveyLpi,
      evenness: surveyEvenness,
      ...surveyRest
    } = survey.data;
    expect(survey_id).toBe(dei);
    expect(surveyRest).toEqual(orgRest);
    expect(orgLpi).toEqual(expect.any(Number));
    // One number: the combined evenness of the people, as the public page's 'Evenness (people)'.
    expect(orgEvenness).toBeGreaterThan(0);
    expect(orgEvenness).toBeLessThanOrEqual(1);
    expect([surveyLpi, surveyEvenness]).toEqual([null, null]);
    expect(surveyAddresses.map((a: { address: string }) => a.address)).toEqual(
      orgAddresses.map((a: { address: string }) => a.address),
    );

    const res = await call(
      'POST',
      ADA,
      '/api/organization/meta-v2',
      overview({
        survey_id: dei,
        updated_at: survey.state.updated_at,
        total_full_time_employees: 77,
        office_address_found: place('p-chi', 'Chicago, IL, USA'),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.total_full_time_employees).toBe(77);
    const after = await meState();
    expect(after.data.total_full_time_employees).toBe(org.data.total_full_time_employees);
    expect(after.data.addresses).toEqual(org.data.addresses);
    expect(after.state.updated_at).toBe(org.state.updated_at);
    const copies = await t.app.db
      .select()
      .from(surveyOrganizationMeta)
      .where(
        and(eq(surveyOrganizationMeta.organization_id, acme), eq(surveyOrganizationMeta.survey_id, dei)),
      );
    expect(copies).toHaveLength(1);

    // #20: nothing of the respondent's copy until it is submitted
    const hostUrl = `/api/organization/meta-v2?organization_id=${acme}&survey_id=${dei}&report=true`;
    expect((await call('GET', HOST, hostUrl)).statusCode).toBe(404);
    const host = await whileSubmitted(t.app.db, dei, acme, () => call('GET', HOST, hostUrl));
    expect(host.statusCode, host.body).toBe(200);
    expect(host.json().data.total_full_time_employees).toBe(77);
    expect(host.json().state.editable).toBe(false);
    const hostSave = await call(
      'POST',
      HOST,
      '/api/organization/meta-v2',
      overview({ survey_id: dei, updated_at: null, primary_contact_id: users.get(HOST) }),
    );
    expect([403, 404]).toContain(hostSave.statusCode);
  });

  it('healthcheck names missing required fields and which tabs hold data', async () => {
    const res = await call('GET', ADA, '/api/organization/meta/healthcheck');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.complete).toBe(true);
    expect(body.missing).toEqual([]);
    expect(body.tabs.overview).toBe(true);
    expect(typeof body.tabs.staff).toBe('boolean');
    await t.app.db.update(organizations).set({ primary_contact_id: null }).where(eq(organizations.id, cedar));
    const cedarCheck = await call('GET', EVE, '/api/organization/meta/healthcheck');
    expect(cedarCheck.statusCode).toBe(200);
    expect(cedarCheck.json().missing).toEqual(['primary_contact_id']);
    expect(cedarCheck.json().errors).toEqual({ primary_contact_id: 'Primary Contact is required' });
    expect(cedarCheck.json().complete).toBe(false);
  });
});

describe('form generator (Practices)', () => {
  it('reads form 8 with sections and typed inputs', async () => {
    const res = await call('GET', ADA, '/api/form-generator/8');
    expect(res.statusCode, res.body).toBe(200);
    const form = res.json().data;
    expect(form).toMatchObject({ id: 8, name: 'Practices' });
    expect(form.sections[0].name).toBe('Leadership and accountability');
    expect(form.sections[0].inputs[1]).toMatchObject({ id: 802, type: 'select', value: null });
    expect(form.sections[0].inputs[1].options).toHaveLength(4);
    expect(res.json().state.tab).toBe('practices');
    expect((await call('GET', ADA, '/api/form-generator/9')).statusCode).toBe(404);
  });

  it('saves answers checked by field type; a bad value answers Invalid map or data', async () => {
    const state = (await call('GET', ADA, '/api/form-generator/8')).json().state;
    const bad = await call('PUT', ADA, `/api/organizations/${acme}/form-generator/8`, {
      updated_at: state.updated_at,
      data: [
        { field_id: 802, value: 9 },
        { field_id: 812, value: 120 },
        { field_id: 1001, value: 'not this form' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid map or data');
    expect(bad.json().detail.map((d: { field_id: number }) => d.field_id)).toEqual([802, 812, 1001]);

    const ok = await call('PUT', ADA, `/api/organizations/${acme}/form-generator/8`, {
      updated_at: state.updated_at,
      data: [
        { field_id: 801, value: true },
        { field_id: 802, value: 3 },
        { field_id: 803, value: '2026-01-31' },
        { field_id: 812, value: 62.5 },
        { field_id: 814, value: 'https://acme.example/careers' },
      ],
      meta_data: {},
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const values = ok
      .json()
      .data.sections.flatMap((s: { inputs: { id: number; value: unknown }[] }) => s.inputs);
    expect(values.find((i: { id: number }) => i.id === 802).value).toBe(3);
    expect(values.find((i: { id: number }) => i.id === 812).value).toBe(62.5);

    const cleared = await call('PUT', ADA, `/api/organizations/${acme}/form-generator/8`, {
      updated_at: ok.json().state.updated_at,
      data: [{ field_id: 814, value: null }],
    });
    expect(cleared.statusCode).toBe(200);
    const rows = await t.app.db
      .select()
      .from(formValues)
      .where(
        and(eq(formValues.organization_id, acme), isNull(formValues.survey_id), eq(formValues.form_id, 8)),
      );
    expect(rows.map((r) => r.field_id).sort()).toEqual([801, 802, 803, 812]);
  });

  it("refuses another organization's path (404), no LPI access (403), stale (409)", async () => {
    const state = (await call('GET', ADA, '/api/form-generator/8')).json().state;
    const body = { updated_at: state.updated_at, data: [{ field_id: 801, value: false }] };
    expect((await call('PUT', ADA, `/api/organizations/${cedar}/form-generator/8`, body)).statusCode).toBe(
      404,
    );
    expect((await call('PUT', EVE, `/api/organizations/${acme}/form-generator/8`, body)).statusCode).toBe(
      404,
    );
    expect((await call('PUT', MAX, `/api/organizations/${acme}/form-generator/8`, body)).statusCode).toBe(
      403,
    );
    expect((await call('GET', EVE, `/api/form-generator/8?organization_id=${acme}`)).statusCode).toBe(404);
    const stale = await call('PUT', ADA, `/api/organizations/${acme}/form-generator/8`, {
      ...body,
      updated_at: null,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('survey path saves the survey copy only', async () => {
    const survey = await call('GET', ADA, `/api/form-generator/8?organization_id=${acme}&survey_id=${dei}`);
    expect(survey.statusCode, survey.body).toBe(200);
    const copied = survey.json().data.sections[0].inputs[1].value;
    expect(copied).toBe(3);
    const res = await call('PUT', ADA, `/api/surveys/${dei}/form-generator/8`, {
      updated_at: survey.json().state.updated_at,
      data: [{ field_id: 802, value: 1 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const org = (await call('GET', ADA, '/api/form-generator/8')).json().data;
    expect(org.sections[0].inputs[1].value).toBe(3);
    // #20: nothing of the respondent's copy until it is submitted
    const hostUrl = `/api/form-generator/8?organization_id=${acme}&survey_id=${dei}&report=true`;
    expect((await call('GET', HOST, hostUrl)).statusCode).toBe(404);
    const host = await whileSubmitted(t.app.db, dei, acme, () => call('GET', HOST, hostUrl));
    expect(host.statusCode, host.body).toBe(200);
    expect(host.json().data.sections[0].inputs[1].value).toBe(1);
    expect(host.json().state.editable).toBe(false);
    expect((await call('GET', HOST, `/api/form-generator/8?organization_id=${acme}`)).statusCode).toBe(404);
    expect(
      (await call('PUT', HOST, `/api/surveys/${dei}/form-generator/8`, { updated_at: null, data: [] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', EVE, `/api/surveys/999999/form-generator/8`, { updated_at: null, data: [] }))
        .statusCode,
    ).toBe(404);
  });
});

describe('miscellaneous questions', () => {
  it('creates custom questions of the five types, sanitises formatted text, updates by id', async () => {
    const read = await call('GET', ADA, `/api/miscellaneous-questions/10?organization_id=${acme}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.form.id).toBe(10);
    expect(read.json().data.questions).toEqual([]);
    const res = await call('PUT', ADA, `/api/organizations/${acme}/miscellaneous-questions/10`, {
      updated_at: read.json().state.updated_at,
      questions: [
        { question_type_id: 1, display: 'Anything to add?', value: 'No' },
        { question_type_id: 13, display: 'How many funds?', value: 4 },
        { question_type_id: 4, display: 'Main region', config: { options: ['US', 'EU'] }, value: 'EU' },
        { question_type_id: 5, display: 'Regions', config: { options: ['US', 'EU'] }, value: ['US', 'EU'] },
        {
          question_type_id: 14,
          display: 'Describe your programme',
          value:
            '<p onclick="x()">Our <strong>plan</strong><script>alert(1)</script> <a href="javascript:alert(1)">bad</a> <a href="https://acme.example">link</a></p><img src=x onerror=alert(1)><ul><li>one</li></ul>',
        },
      ],
      data: [{ field_id: 1012, value: 3 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const questions = res.json().data.questions;
    expect(questions.map((q: { display: string }) => q.display)).toEqual([
      'Anything to add?',
      'How many funds?',
      'Main region',
      'Regions',
      'Describe your programme',
    ]);
    const html = questions[4].value as string;
    expect(html).toBe(
      '<p>Our <strong>plan</strong> <a rel="noopener noreferrer nofollow">bad</a> <a href="https://acme.example" rel="noopener noreferrer nofollow">link</a></p><ul><li>one</li></ul>',
    );
    expect(res.json().data.form.sections[1].inputs[1].value).toBe(3);

    const update = await call('PUT', ADA, `/api/organizations/${acme}/miscellaneous-questions/10`, {
      updated_at: res.json().state.updated_at,
      questions: [{ id: questions[0].id, question_type_id: 1, display: 'Anything else?', value: 'Yes' }],
      data: [],
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().data.questions[0]).toMatchObject({ display: 'Anything else?', value: 'Yes' });
    expect(update.json().data.questions).toHaveLength(5);
  });

  it('refuses a bad answer, an id of another scope (404) and Cedar', async () => {
    const read = (await call('GET', ADA, `/api/miscellaneous-questions/10?organization_id=${acme}`)).json();
    const bad = await call('PUT', ADA, `/api/organizations/${acme}/miscellaneous-questions/10`, {
      updated_at: read.state.updated_at,
      questions: [{ question_type_id: 4, display: 'Pick', config: { options: ['A'] }, value: 'B' }],
      data: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid map or data');
    const industries = await call('PUT', ADA, `/api/organizations/${acme}/miscellaneous-questions/10`, {
      updated_at: read.state.updated_at,
      questions: [],
      data: [
        { field_id: 1011, value: { gi_sector_id: 1, gi_industry_id: 201 } },
        { field_id: 1003, value: { description: 'No place id' } },
      ],
    });
    expect(industries.statusCode).toBe(400);
    expect(industries.json().detail).toEqual([
      { field: 'data.1.value', field_id: 1003, message: 'Choose an address from the list' },
      { field: 'data.0.value', field_id: 1011, message: 'Value is not an allowed tree option' },
    ]);

    const [cedarQuestion] = await t.app.db
      .insert(miscellaneousQuestions)
      .values({
        organization_id: cedar,
        form_id: 10,
        question_type_id: 1,
        display: 'Cedar only',
        value: 'secret',
      })
      .returning({ id: miscellaneousQuestions.id });
    const foreign = await call('PUT', ADA, `/api/organizations/${acme}/miscellaneous-questions/10`, {
      updated_at: read.state.updated_at,
      questions: [{ id: cedarQuestion!.id, question_type_id: 1, display: 'Mine now', value: 'x' }],
      data: [],
    });
    expect(foreign.statusCode).toBe(404);
    const [still] = await t.app.db
      .select()
      .from(miscellaneousQuestions)
      .where(eq(miscellaneousQuestions.id, cedarQuestion!.id));
    expect(still?.display).toBe('Cedar only');
    expect((await call('DELETE', ADA, `/api/miscellaneous-question/${cedarQuestion!.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await call('GET', EVE, `/api/miscellaneous-questions/10?organization_id=${acme}`)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', ADA, `/api/miscellaneous-questions/8?organization_id=${acme}`)).statusCode,
    ).toBe(404);
  });

  it('deletes a question with the spec message and a new version', async () => {
    const read = (await call('GET', ADA, '/api/miscellaneous-questions/10')).json();
    const target = read.data.questions[0].id;
    expect((await call('DELETE', MAX, `/api/miscellaneous-question/${target}`)).statusCode).toBe(403);
    const res = await call('DELETE', ADA, `/api/miscellaneous-question/${target}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Miscellaneous Question deleted');
    expect(res.json().state.version).toBe(read.state.version + 1);
    const after = (await call('GET', ADA, '/api/miscellaneous-questions/10')).json();
    expect(after.data.questions.map((q: { id: number }) => q.id)).not.toContain(target);
    expect((await call('DELETE', ADA, `/api/miscellaneous-question/${target}`)).statusCode).toBe(404);
  });

  it('the survey copy takes the custom questions; edits there stay there', async () => {
    const org = (await call('GET', ADA, '/api/miscellaneous-questions/10')).json();
    const survey = await call(
      'GET',
      ADA,
      `/api/miscellaneous-questions/10?organization_id=${acme}&survey_id=${dei}`,
    );
    expect(survey.statusCode, survey.body).toBe(200);
    const copy = survey.json();
    expect(copy.data.questions.map((q: { display: string }) => q.display)).toEqual(
      org.data.questions.map((q: { display: string }) => q.display),
    );
    const res = await call('PUT', ADA, `/api/surveys/${dei}/miscellaneous-questions/10`, {
      updated_at: copy.state.updated_at,
      questions: [{ question_type_id: 1, display: 'Survey only', value: 'x' }],
      data: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    const orgAfter = (await call('GET', ADA, '/api/miscellaneous-questions/10')).json();
    expect(orgAfter.data.questions).toHaveLength(org.data.questions.length);
    // an organization-scope id cannot be updated through the survey path
    const cross = await call('PUT', ADA, `/api/surveys/${dei}/miscellaneous-questions/10`, {
      updated_at: res.json().state.updated_at,
      questions: [{ id: org.data.questions[0].id, question_type_id: 1, display: 'x', value: null }],
      data: [],
    });
    expect(cross.statusCode).toBe(404);
  });
});

describe('transparency', () => {
  it('counts reported over requested per component from the grid and the individuals', async () => {
    await t.app.db
      .delete(gridCells)
      .where(and(eq(gridCells.organization_id, acme), isNull(gridCells.survey_id)));
    await t.app.db
      .delete(individuals)
      .where(and(eq(individuals.organization_id, acme), isNull(individuals.survey_id)));
    await t.app.db
      .update(organizations)
      .set({ total_full_time_employees: 40, total_leaders: 2, total_owners: 2 })
      .where(eq(organizations.id, acme));
    // staff: 20 disclosed, 5 with undisclosed gender (5), 5 with undisclosed ethnicity (9): 20 / 40
    await t.app.db.insert(gridCells).values([
      { organization_id: acme, grid: 'staff', ethnicity_id: 2, gender_id: 1, value: 12 },
      { organization_id: acme, grid: 'staff', ethnicity_id: 7, gender_id: 2, value: 8 },
      { organization_id: acme, grid: 'staff', ethnicity_id: 7, gender_id: 5, value: 5 },
      { organization_id: acme, grid: 'staff', ethnicity_id: 9, gender_id: 1, value: 5 },
      { organization_id: acme, grid: 'us_staff', ethnicity_id: 2, gender_id: 1, value: 99 },
    ]);
    // leaders: A both (2), B gender only (1) -> 3 / 4; owners: B and C (C undisclosed ethnicity) -> 2 / 4
    await t.app.db.insert(individuals).values([
      { organization_id: acme, name: 'A', gender_id: 1, ethnicity_id: 3, is_senior_management: true },
      {
        organization_id: acme,
        name: 'B',
        gender_id: 2,
        ethnicity_id: null,
        is_senior_management: true,
        is_owner: true,
      },
      { organization_id: acme, name: 'C', gender_id: 1, ethnicity_id: 9, is_owner: true },
    ]);
    const res = await call('GET', ADA, `/api/organization/transparency?organization_id=${acme}`);
    expect(res.statusCode, res.body).toBe(200);
    const [scores] = res.json().data;
    expect(scores.staff).toEqual({ reported: 20, requested: 40, percent: 50, viable: true });
    expect(scores.leadership).toEqual({ reported: 3, requested: 4, percent: 75, viable: true });
    expect(scores.ownership).toEqual({ reported: 2, requested: 4, percent: 50, viable: true });
    // 0.25*50 + 0.35*75 + 0.40*50 = 12.5 + 26.25 + 20 = 58.75
    expect(scores.transparency).toBe(58.75);
    expect([scores.staff_score, scores.leadership_score, scores.ownership_score]).toEqual([50, 75, 50]);
    expect(
      (await call('GET', EVE, `/api/organization/transparency?organization_id=${acme}`)).statusCode,
    ).toBe(404);
    expect((await call('GET', MAX, '/api/organization/transparency')).statusCode).toBe(200);
    // #20: nothing of the respondent's copy until it is submitted
    const hostUrl = `/api/organization/transparency?organization_id=${acme}&survey_id=${dei}`;
    expect((await call('GET', HOST, hostUrl)).statusCode).toBe(404);
    const host = await whileSubmitted(t.app.db, dei, acme, () => call('GET', HOST, hostUrl));
    expect(host.statusCode, host.body).toBe(200);
    expect(host.json().survey_id).toBe(dei);
    expect(
      (await call('GET', HOST, `/api/organization/transparency?organization_id=${acme}`)).statusCode,
    ).toBe(404);
  });
});
