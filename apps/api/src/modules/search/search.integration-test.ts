import type { TSearchGroup, TSearchResponse, TSearchTextPart } from '@parity/domain/search';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME, CEDAR, NORTHWIND } from '../../seed/demo';
import { multipart, type SpaceKit, startSpace } from '../../test/space-kit';
import { zip } from '../../test/zip';

let k: SpaceKit;

beforeAll(async () => {
  k = await startSpace();
});
afterAll(async () => {
  await k?.close();
});

async function search(as: string | null, query: string) {
  return k.call('GET', `/api/search?${query}`, as);
}

/** The groups of a search that must answer 200. */
async function groups(as: string, q: string, more = ''): Promise<Map<string, TSearchGroup>> {
  const res = await search(as, `q=${encodeURIComponent(q)}${more}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<TSearchResponse>();
  return new Map(body.groups.map((g) => [g.kind, g]));
}

const text = (parts: TSearchTextPart[]) => parts.map((p) => p.text).join('');
const marked = (parts: TSearchTextPart[] | null) => (parts ?? []).filter((p) => p.match).map((p) => p.text);

async function exec(query: ReturnType<typeof sql>) {
  await k.t.app.db.execute(query);
}

async function upload(as: string, name: string, bytes: Buffer) {
  const body = multipart(name, bytes);
  const res = await k.t.app.inject({
    method: 'POST',
    url: '/api/organizations/me/files',
    payload: body.payload,
    headers: { ...body.headers, ...k.as(as) },
  });
  expect(res.statusCode, res.body).toBe(201);
}

function docx(paragraphs: string[]): Buffer {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${p}</w:t></w:r></w:p>`).join('');
  return zip({
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    'word/document.xml': `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  });
}

async function xlsx(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Pipeline').addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function pdf(lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const line of lines) doc.text(line);
  doc.end();
  return done;
}

describe('GET /api/search: who may search', () => {
  it('answers 401 without a token and 403 to a user awaiting approval', async () => {
    expect((await search(null, 'q=cedar')).statusCode).toBe(401);
    const pending = await search('pending@acme.test', 'q=cedar');
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toEqual({
      message: 'Your account is awaiting approval.',
      error: 'awaiting_approval',
    });
  });
});

describe('GET /api/search: bad input', () => {
  it.each([
    ['q=', 'querystring.q: Type something to search for'],
    ['q=%20%20', 'querystring.q: Type something to search for'],
    ['', 'querystring.q: q is required'],
    [`q=${'a'.repeat(500)}`, 'querystring.q: The search may be at most 200 characters long'],
    [
      'q=cedar&kinds=organizations,planets',
      'querystring.kinds: Unknown kind planets; kinds must be a comma-separated list of organizations, people, surveys, documents, policies, events, pods, articles, faq',
    ],
    ['q=cedar&offset=-1', 'querystring.offset: offset must not be negative'],
    ['q=cedar&limit=0', 'querystring.limit: limit must be at least 1'],
  ])('%s answers 400 with the reason', async (query, message) => {
    const res = await search('ada@acme.test', query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_failed', message });
  });

  it.each(['"', '""', '&|!:*()', "'; DROP TABLE users; --", '-', 'or', '<-> !!', 'cedar OR', '"cedar'])(
    'parses %j safely: 200 with every kind',
    async (q) => {
      const found = await groups('ada@acme.test', q);
      expect([...found.keys()]).toEqual([
        'organizations',
        'people',
        'surveys',
        'documents',
        'policies',
        'events',
        'pods',
        'articles',
        'faq',
      ]);
    },
  );
});

describe('GET /api/search: organizations', () => {
  it("finds Cedar Equity from the typo 'cedr', its closest word marked", async () => {
    const found = (await groups('ada@acme.test', 'cedr')).get('organizations')!;
    const cedar = found.items.find((hit) => hit.id === k.orgs.get(CEDAR));
    expect(cedar).toMatchObject({ kind: 'organizations', link: `/organizations/${k.orgs.get(CEDAR)}` });
    expect(text(cedar!.title)).toBe(CEDAR);
    expect(marked(cedar!.title)).toEqual(['Cedar']);
  });

  it('ranks a name match first, marks the words, and answers only the asked kinds, paged', async () => {
    const res = await search('ada@acme.test', 'q=cedar%20equity&kinds=people,organizations&limit=1');
    expect(res.statusCode).toBe(200);
    const body = res.json<TSearchResponse>();
    expect(body.groups.map((g) => g.kind)).toEqual(['organizations', 'people']);
    const [organizations] = body.groups;
    expect(organizations!.items).toHaveLength(1);
    expect(organizations!.items[0]!.id).toBe(k.orgs.get(CEDAR));
    expect(marked(organizations!.items[0]!.title)).toEqual(['Cedar', 'Equity']);
    const beyond = await groups('ada@acme.test', 'cedar equity', `&offset=${organizations!.total}`);
    expect(beyond.get('organizations')).toMatchObject({ total: organizations!.total, items: [] });
  });

  it('links the own organization to its private space', async () => {
    const found = (await groups('ada@acme.test', 'acme capital')).get('organizations')!;
    expect(found.items.find((hit) => hit.id === k.orgs.get(ACME))?.link).toBe('/organizations/private');
  });

  it('a private organization is found by its members, platform admins and who it has dealt with only, and counted for no one else', async () => {
    // Acme's expired grant to Cedar and Northwind's survey make both know Acme; Zenith answers
    // Northwind's survey only, so Cedar is a stranger to it.
    const ZENITH = 'Zenith Emerging Markets';
    const zenith = k.orgs.get(ZENITH)!;
    await exec(sql`UPDATE organizations SET is_public = false WHERE id = ${zenith}`);
    try {
      const zenithIn = async (as: string) => {
        const found = (await groups(as, ZENITH)).get('organizations')!;
        return { listed: found.items.some((hit) => hit.id === zenith), total: found.total };
      };
      const outsider = await zenithIn('eve@cedar.test');
      expect(outsider.listed).toBe(false);
      expect(await zenithIn('host@northwind.test')).toEqual({ listed: true, total: outsider.total + 1 });
      expect(await zenithIn('admin@parity.test')).toEqual({ listed: true, total: outsider.total + 1 });
    } finally {
      await exec(sql`UPDATE organizations SET is_public = true WHERE id = ${zenith}`);
    }
    await exec(sql`UPDATE organizations SET is_public = false WHERE id = ${k.orgs.get(ACME)}`);
    try {
      const own = (await groups('ada@acme.test', ACME)).get('organizations')!;
      expect(own.items.some((hit) => hit.id === k.orgs.get(ACME))).toBe(true);
    } finally {
      await exec(sql`UPDATE organizations SET is_public = true WHERE id = ${k.orgs.get(ACME)}`);
    }
  });
});

describe('GET /api/search: people', () => {
  it('finds approved members of live organizations by name, not a pending one', async () => {
    const ada = (await groups('eve@cedar.test', 'lovelace')).get('people')!;
    expect(ada.items).toEqual([
      expect.objectContaining({
        id: k.users.get('ada@acme.test'),
        link: `/users/${k.users.get('ada@acme.test')}`,
      }),
    ]);
    expect(ada.items[0]!.subtitle).toContain(ACME);
    expect(marked(ada.items[0]!.title)).toEqual(['Lovelace']);
    expect((await groups('eve@cedar.test', 'Priya Patel')).get('people')!.total).toBe(0);
  });

  it('neither shows nor searches a private last name', async () => {
    const max = k.users.get('max@acme.test');
    await exec(sql`UPDATE users SET private_fields = private_fields || '{lastname}' WHERE id = ${max}`);
    try {
      expect((await groups('eve@cedar.test', 'planck')).get('people')!.total).toBe(0);
      const byName = (await groups('eve@cedar.test', 'max')).get('people')!;
      const hit = byName.items.find((item) => item.id === max);
      expect(text(hit!.title).trim()).toBe('Max');
    } finally {
      await exec(
        sql`UPDATE users SET private_fields = array_remove(private_fields, 'lastname') WHERE id = ${max}`,
      );
    }
  });
});

describe('GET /api/search: surveys', () => {
  let surveyId: number;
  beforeAll(async () => {
    const rows = (await k.t.app.db.execute(sql`
      INSERT INTO surveys (organization_id, survey_type_id, title, description, start, due)
      VALUES (${k.orgs.get(NORTHWIND)}, 2, 'Zanzibar Readiness Review', 'Questions on succession planning.',
        '2026-01-01', '2099-12-31') RETURNING id`)) as unknown as { rows: { id: number }[] };
    surveyId = rows.rows[0]!.id;
    await exec(
      sql`INSERT INTO survey_invitations (survey_id, organization_id) VALUES (${surveyId}, ${k.orgs.get(ACME)})`,
    );
  });

  const surveyFor = async (as: string, q = 'zanzibar') => (await groups(as, q)).get('surveys')!;

  it('is found by its host (opening its hosting page), the invited organization (its taking page) and platform admins', async () => {
    expect((await surveyFor('host@northwind.test')).items).toEqual([
      expect.objectContaining({ id: surveyId, link: `/surveys/hosting/${surveyId}` }),
    ]);
    const invited = await surveyFor('max@acme.test');
    expect(invited.items).toEqual([
      expect.objectContaining({
        id: surveyId,
        link: `/surveys/taking/${surveyId}?organizationId=${k.orgs.get(ACME)}`,
        subtitle: expect.stringContaining(`Hosted by ${NORTHWIND}`),
      }),
    ]);
    expect(marked(invited.items[0]!.snippet)).toEqual([]);
    expect(marked((await surveyFor('max@acme.test', 'succession')).items[0]!.snippet)).toEqual([
      'succession',
    ]);
    expect((await surveyFor('admin@parity.test')).items.map((hit) => hit.link)).toEqual([
      `/surveys/hosting/${surveyId}`,
    ]);
  });

  it('is neither listed nor counted for an organization not invited, or one that declined', async () => {
    expect(await surveyFor('eve@cedar.test')).toEqual({ kind: 'surveys', total: 0, items: [] });
    await exec(sql`UPDATE survey_invitations SET status = 'declined' WHERE survey_id = ${surveyId}`);
    try {
      expect((await surveyFor('ada@acme.test')).total).toBe(0);
    } finally {
      await exec(sql`UPDATE survey_invitations SET status = 'invited' WHERE survey_id = ${surveyId}`);
    }
  });
});

describe('GET /api/search: documents and policies', () => {
  beforeAll(async () => {
    await upload(
      'ada@acme.test',
      'Orchard Merger Memo.docx',
      docx(['Confidential.', 'The zephyrine clause applies.']),
    );
    await upload(
      'ada@acme.test',
      'pipeline.xlsx',
      await xlsx([
        ['Deal', 'Stage'],
        ['Quokka Holdings', 'Diligence'],
      ]),
    );
    await upload(
      'max@acme.test',
      'board-minutes.pdf',
      await pdf(['Minutes of the board.', 'Marmalade budget approved.']),
    );
  });

  it("finds a document of the caller's organization by its name and by a word inside it (DOCX, XLSX, PDF)", async () => {
    const memo = (await groups('ada@acme.test', 'orchard merger')).get('documents')!;
    expect(memo.total).toBe(1);
    expect(memo.items[0]).toMatchObject({ link: '/organizations/private/files' });
    expect(memo.items[0]!.subtitle).toMatch(/^Acme Capital Partners · DOCX, \d+\.\d\d kB$/);
    expect(marked(memo.items[0]!.title)).toEqual(['Orchard', 'Merger']);

    for (const [word, name] of [
      ['zephyrine', 'Orchard Merger Memo.docx'],
      ['quokka', 'pipeline.xlsx'],
      ['marmalade', 'board-minutes.pdf'],
    ]) {
      const found = (await groups('ada@acme.test', word!)).get('documents')!;
      expect(
        found.items.map((hit) => text(hit.title)),
        word,
      ).toEqual([name]);
      expect(
        marked(found.items[0]!.snippet).map((w) => w.toLowerCase()),
        word,
      ).toEqual([word]);
    }
    // Typos in a name: trigrams.
    expect((await groups('max@acme.test', 'orchad')).get('documents')!.total).toBe(1);
  });

  it("never finds nor counts another organization's documents", async () => {
    for (const q of ['Orchard Merger Memo', 'zephyrine', 'quokka', 'marmalade', 'orchad']) {
      expect((await groups('eve@cedar.test', q)).get('documents'), q).toEqual({
        kind: 'documents',
        total: 0,
        items: [],
      });
    }
    // Platform admins read no organization's files library but their own.
    expect((await groups('admin@parity.test', 'zephyrine')).get('documents')!.total).toBe(0);
  });

  it("finds the organization's own policies for its members only", async () => {
    const rows = (await k.t.app.db.execute(sql`
      INSERT INTO organization_policies (organization_id, policy_id, status)
      SELECT ${k.orgs.get(ACME)}, id, 'Reviewed' FROM policies ORDER BY id LIMIT 1
      RETURNING id, (SELECT name FROM policies p WHERE p.id = policy_id) AS name`)) as unknown as {
      rows: { id: number; name: string }[];
    };
    const policy = rows.rows[0]!;
    const mine = (await groups('max@acme.test', policy.name)).get('policies')!;
    expect(mine.items).toEqual([
      expect.objectContaining({ id: policy.id, link: '/lpi/policies', subtitle: 'Policy · Reviewed' }),
    ]);
    expect(
      (await groups('eve@cedar.test', policy.name)).get('policies')!.items.map((hit) => hit.id),
    ).not.toContain(policy.id);
  });
});

describe('GET /api/search: help articles and the FAQ', () => {
  let faqId = 0;
  beforeAll(async () => {
    await exec(sql`INSERT INTO help_articles (slug, title, body, topic, published) VALUES
      ('quasar-checklist', 'Quasar onboarding checklist', ${'- Invite your colleagues.\n+ Add your team.\n1. Then fill the staff grid.'}, 'signing_in', TRUE),
      ('quasar-draft', 'Quasar draft notes', 'Not ready yet.', NULL, FALSE)`);
    const rows = (await k.t.app.db.execute(sql`
      INSERT INTO faq_entries (topic, question, answer)
      VALUES ('privacy', 'Who can read my quasar figures?', 'Only the **hosts** of the surveys you submit to.')
      RETURNING id`)) as unknown as { rows: { id: number }[] };
    faqId = rows.rows[0]!.id;
  });

  it('finds published articles for every member, and drafts for platform administrators only', async () => {
    const members = (await groups('eve@cedar.test', 'quasar', '&kinds=articles')).get('articles')!;
    expect(members.total).toBe(1);
    expect(members.items[0]).toMatchObject({
      link: '/support/articles/quasar-checklist',
      subtitle: 'Help article · Signing in',
    });
    expect(marked(members.items[0]!.title)).toEqual(['Quasar']);

    const admins = (await groups('admin@parity.test', 'quasar', '&kinds=articles')).get('articles')!;
    expect(admins.items.map((hit) => [text(hit.title), hit.subtitle])).toEqual(
      expect.arrayContaining([
        ['Quasar onboarding checklist', 'Help article · Signing in'],
        ['Quasar draft notes', 'Help article · draft'],
      ]),
    );
    expect(admins.total).toBe(2);
    // A word of the body is found too, shown in the snippet.
    const byBody = (await groups('ada@acme.test', 'colleagues', '&kinds=articles')).get('articles')!;
    const checklist = byBody.items.find((hit) => hit.link === '/support/articles/quasar-checklist');
    // the snippet is the list's text, without its markers
    expect(text(checklist!.snippet!)).toMatch(
      /^Invite your colleagues\. Add your team\. Then fill the staff grid/,
    );
  });

  it('finds an FAQ entry by its question, its answer and a typo, opening it on /faq', async () => {
    for (const q of ['quasar figures', 'hosts', 'quasr']) {
      const faq = (await groups('ada@acme.test', q, '&kinds=faq')).get('faq')!;
      expect(
        faq.items.map((hit) => hit.link),
        q,
      ).toContain(`/faq?entry=${faqId}`);
    }
    const hit = (await groups('eve@cedar.test', 'hosts', '&kinds=faq'))
      .get('faq')!
      .items.find((h) => h.id === faqId)!;
    expect(hit.subtitle).toBe('FAQ · Privacy');
    expect(marked(hit.snippet)).toEqual(['hosts']);
    // the snippet is the answer's text, not its markdown
    expect(text(hit.snippet!)).toMatch(/^Only the hosts of the surveys you submit/);
  });
});
