import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEI_SURVEY_2026 } from '../../seed/surveys';
import { multipart, PDF_BYTES, type SpaceKit, startSpace } from '../../test/space-kit';

const ADA = 'ada@acme.test'; // Acme admin
const HOST = 'host@northwind.test'; // Northwind admin and survey host

let k: SpaceKit;
beforeAll(async () => {
  k = await startSpace();
});
afterAll(async () => k?.close());

type Entry = { entity: string; action: string; entity_id: string | null; entity_name: string | null };
async function entriesOf(email: string): Promise<Entry[]> {
  const res = await k.call('GET', '/api/organizations/me/audit-log?limit=100', email);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('GET /api/organizations/me/audit-log: what each entry is about, by name', () => {
  it('names an uploaded file by its name, an invitation by its address', async () => {
    const body = multipart('board-minutes-2026.pdf', PDF_BYTES);
    const upload = await k.t.app.inject({
      method: 'POST',
      url: '/api/organizations/me/files',
      payload: body.payload,
      headers: { ...body.headers, ...k.as(ADA) },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const invited = await k.call('POST', '/api/organizations/me/invitations', ADA, {
      email: 'grace@acme.test',
    });
    expect(invited.statusCode, invited.body).toBe(201);

    const entries = await entriesOf(ADA);
    expect(entries.find((e) => e.entity === 'file' && e.action === 'upload')?.entity_name).toBe(
      'board-minutes-2026.pdf',
    );
    expect(entries.find((e) => e.entity === 'invitation')?.entity_name).toBe('grace@acme.test');
  });

  it("names a survey entry by the survey's title, also where the entry kept only its id", async () => {
    const dei = k.t.demo.surveys.get(DEI_SURVEY_2026)!;
    const juniper = [...k.orgs].find(([name]) => name !== 'Northwind Pension Fund')![1];
    const contact = await k.call('POST', `/api/surveys/${dei}/contacts`, HOST, {
      organization_id: juniper,
      name: 'June Park',
      email: 'june.park@respondent.test',
    });
    expect(contact.statusCode, contact.body).toBeLessThan(300);
    const entry = (await entriesOf(HOST)).find((e) => e.entity === 'survey');
    expect(entry?.entity_name).toBe(DEI_SURVEY_2026);
  });
});
