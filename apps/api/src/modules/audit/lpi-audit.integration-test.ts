import type { TAuditLog } from '@parity/domain/organization-audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMERGING_MANAGERS_2026 } from '../../seed/surveys';
import { createDemoTestApp, demoOf, sessionToken, type TestApp } from '../../test/app';

// The LPI writes that touch organization data are in the audit log (issue #7 point 4): the
// overview save of the organization's own profile (with what it was and what it became) and the
// submit. A survey copy's overview is not organization data and is not logged.

let t: TestApp;
let ada: string;
let acmeId: number;
let surveyId: number;

beforeAll(async () => {
  t = await createDemoTestApp();
  const seeded = demoOf(t);
  acmeId = seeded.organizations.get('Acme Capital Partners')!;
  surveyId = seeded.surveys.get(EMERGING_MANAGERS_2026)!;
  ada = await sessionToken(t, seeded.users.get('ada@acme.test')!);
});
afterAll(async () => {
  await t?.close();
});

const auth = () => ({ authorization: `Bearer ${ada}` });

async function auditLog(): Promise<TAuditLog> {
  const res = await t.app.inject({ method: 'GET', url: '/api/organizations/me/audit-log', headers: auth() });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function saveOverview(surveyQuery: string, website: string) {
  const read = await t.app.inject({
    method: 'GET',
    url: `/api/organization/me/meta-v2${surveyQuery}`,
    headers: auth(),
  });
  expect(read.statusCode).toBe(200);
  const { data, state } = read.json();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/organization/meta-v2',
    headers: auth(),
    payload: {
      survey_id: surveyQuery ? surveyId : null,
      updated_at: state.updated_at,
      legal_structure: data.legal_structure_id,
      inception_date: data.inception_date,
      primary_contact_id: data.primary_contact_id,
      is_publicly_traded: Boolean(data.is_publicly_traded),
      ticker_symbol: data.ticker_symbol ?? '',
      total_full_time_employees: data.total_full_time_employees,
      total_leaders: data.total_leaders,
      total_owners: data.total_owners,
      website,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('LPI writes in the audit log', () => {
  it("logs the organization's own overview save with the old and new values", async () => {
    await saveOverview('', 'https://www.acme-capital.example/who-we-are');
    const entry = (await auditLog()).data.find((e) => e.entity === 'organization' && e.action === 'update');
    expect(entry?.actor?.name).toBe('Ada');
    expect(entry?.before).toEqual({ website: 'https://www.acme-capital.example' });
    expect(entry?.after).toEqual({ website: 'https://www.acme-capital.example/who-we-are' });
  });

  it("does not log a survey copy's overview save", async () => {
    const before = (await auditLog()).total;
    await saveOverview(`?survey_id=${surveyId}`, 'https://www.acme-capital.example/survey-only');
    expect((await auditLog()).total).toBe(before);
  });

  it('logs the submit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/organizations/${acmeId}/lpi`,
      headers: auth(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const entry = (await auditLog()).data.find((e) => e.entity === 'lpi' && e.action === 'submit');
    expect(entry?.after).toEqual({ submission_id: res.json().id, survey_id: null });
  });
});
