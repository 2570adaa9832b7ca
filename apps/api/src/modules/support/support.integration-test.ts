import path from 'node:path';
import { SCORING_ARTICLE_SLUG, SUPPORT_MESSAGES } from '@parity/domain/support';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededTestApp, type SeededTestApp } from '../../test/app';
import { recipient, startTestSmtp, type TestSmtp } from '../../test/smtp';
import { GIF_BYTES, PDF_BYTES, storedFiles } from '../../test/space-kit';

const EVE = 'eve@cedar.test'; // Cedar admin
const MAX = 'max@acme.test'; // Acme member
const ADA = 'ada@acme.test'; // Acme admin
const PENDING = 'pending@acme.test'; // awaiting approval
const ADMIN = 'admin@parity.test'; // platform administrator

let t: SeededTestApp;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createSeededTestApp({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function count(query: string) {
  const result = await t.app.db.execute(sql.raw(query));
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}
const filesRoot = () => path.join(t.dataDir, 'files');
/** What a failed request must leave as it was: requests, files and their bytes. */
const written = async () => ({
  requests: await count('SELECT count(*)::int AS n FROM support_requests'),
  files: await count(`SELECT count(*)::int AS n FROM files WHERE kind = 'support_attachment'`),
  stored: storedFiles(filesRoot()).length,
});

/** The contact form as multipart/form-data: its fields and an optional file part. */
function contactForm(
  email: string | null,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; field?: string },
) {
  const boundary = `----support${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'attachment'}"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return t.app.inject({
    method: 'POST',
    url: '/api/support/requests',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(email ? { authorization: `Bearer ${t.tokenOf(email)}` } : {}),
    },
    payload: Buffer.concat(parts),
  });
}

describe('the journey: eve files a request with an attachment, support answers by mail, eve replies and closes', () => {
  let requestId: number;

  it('eve files a request with the page she came from and a PDF', async () => {
    const res = await contactForm(
      EVE,
      {
        subject: 'Cannot submit the LPI',
        message: 'The **Submit** button stays grey.',
        page: '/lpi/overview',
      },
      { name: 'screen.pdf', bytes: PDF_BYTES },
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    requestId = body.id;
    expect(body).toMatchObject({
      subject: 'Cannot submit the LPI',
      message: 'The **Submit** button stays grey.',
      page: '/lpi/overview',
      status: 'open',
      requester: { email: EVE },
      organization: { name: 'Cedar Equity' },
      attachment: { name: 'screen.pdf', content_type: 'application/pdf', size: PDF_BYTES.length },
      messages: [],
    });
    const file = await t.call('GET', EVE, `/api/support/requests/${requestId}/attachment`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF_BYTES)).toBe(true);
  });

  it('another user gets 404 on the request, its attachment, replies and close', async () => {
    for (const email of [MAX, ADA]) {
      expect((await t.call('GET', email, `/api/support/requests/${requestId}`)).statusCode).toBe(404);
      expect((await t.call('GET', email, `/api/support/requests/${requestId}/attachment`)).statusCode).toBe(
        404,
      );
      const reply = await t.call('POST', email, `/api/support/requests/${requestId}/messages`, {
        body: 'Hi',
      });
      expect(reply.statusCode).toBe(404);
      expect((await t.call('POST', email, `/api/support/requests/${requestId}/close`)).statusCode).toBe(404);
    }
    expect((await t.call('GET', null, `/api/support/requests/${requestId}`)).statusCode).toBe(401);
    expect(
      await count(`SELECT count(*)::int AS n FROM support_messages WHERE request_id = ${requestId}`),
    ).toBe(0);
  });

  it('the platform administrator sees it in the open requests; others may not list every request (403)', async () => {
    const all = await t.call('GET', ADMIN, '/api/support/requests?scope=all&status=open&limit=50');
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((r: { id: number }) => r.id)).toContain(requestId);
    expect(all.json().data.every((r: { status: string }) => r.status === 'open')).toBe(true);
    expect((await t.call('GET', EVE, '/api/support/requests?scope=all')).statusCode).toBe(403);
    const mine = await t.call('GET', MAX, '/api/support/requests');
    expect(mine.json().data.map((r: { id: number }) => r.id)).not.toContain(requestId);
  });

  it('the administrator answers: answered, a mail to eve and a support_answer notification', async () => {
    const res = await t.call('POST', ADMIN, `/api/support/requests/${requestId}/messages`, {
      body: 'Every step must be **complete** first.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'answered',
      messages: [
        { from_support: true, body: 'Every step must be **complete** first.', author: { email: ADMIN } },
      ],
    });
    await t.app.jobs.runDueJobs();
    const mail = smtp.messages.find(
      (m) => recipient(m) === EVE && m.subject === 'Parity support answered: Cannot submit the LPI',
    );
    expect(mail, 'the answer mail').toBeDefined();
    expect(mail!.text).toContain('Every step must be **complete** first.');
    expect(mail!.text).toContain(`/support/requests/${requestId}`);
    const notes = await t.call('GET', EVE, '/api/notifications?kind=support_answer');
    expect(notes.json().items).toContainEqual(
      expect.objectContaining({ kind: 'support_answer', link: `/support/requests/${requestId}` }),
    );
  });

  it('eve reads the answer; her reply reopens the request; she closes it, and a second close is 409', async () => {
    const read = await t.call('GET', EVE, `/api/support/requests/${requestId}`);
    expect(read.json().messages[0].body).toBe('Every step must be **complete** first.');
    const reply = await t.call('POST', EVE, `/api/support/requests/${requestId}/messages`, {
      body: 'Thanks!',
    });
    expect(reply.json()).toMatchObject({ status: 'open', reply_count: 2 });
    const closed = await t.call('POST', EVE, `/api/support/requests/${requestId}/close`);
    expect(closed.json().status).toBe('closed');
    const again = await t.call('POST', ADMIN, `/api/support/requests/${requestId}/close`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SUPPORT_MESSAGES.alreadyClosed);
  });
});

describe('bad input on the contact form: a clear 4xx and nothing written', () => {
  it('a message over 10,000 characters: 400 naming the field', async () => {
    const before = await written();
    const res = await contactForm(
      MAX,
      { subject: 'Long', message: 'x'.repeat(10_001) },
      { name: 'a.pdf', bytes: PDF_BYTES },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContainEqual({
      field: 'body.message',
      message: SUPPORT_MESSAGES.messageTooLong,
    });
    expect(await written()).toEqual(before);
  });

  it('an empty subject, a page that is not a path, an unknown field: 400', async () => {
    const before = await written();
    const empty = await contactForm(MAX, { subject: ' ', message: 'Hello' });
    expect(empty.json().detail).toContainEqual({
      field: 'body.subject',
      message: SUPPORT_MESSAGES.subjectRequired,
    });
    const page = await contactForm(MAX, { subject: 'A', message: 'B', page: 'https://evil.test/' });
    expect(page.json().detail).toContainEqual({ field: 'body.page', message: SUPPORT_MESSAGES.pagePath });
    expect((await contactForm(MAX, { subject: 'A', message: 'B', status: 'closed' })).statusCode).toBe(400);
    expect(await written()).toEqual(before);
  });

  it('an attachment of another type (a GIF, or a PDF name on other bytes): 415', async () => {
    const before = await written();
    for (const file of [
      { name: 'cat.gif', bytes: GIF_BYTES },
      { name: 'fake.pdf', bytes: Buffer.from('MZ not a pdf') },
    ]) {
      const res = await contactForm(MAX, { subject: 'A', message: 'B' }, file);
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe(SUPPORT_MESSAGES.attachmentType);
    }
    expect(await written()).toEqual(before);
  });

  it('an attachment over 5 MB: 413', async () => {
    const before = await written();
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(5_000_001, 0x20)]);
    const res = await contactForm(MAX, { subject: 'A', message: 'B' }, { name: 'big.pdf', bytes: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(SUPPORT_MESSAGES.attachmentTooLarge);
    expect(await written()).toEqual(before);
  });

  it('a JSON body: 415 asking for multipart; signed out: 401', async () => {
    const json = await t.call('POST', MAX, '/api/support/requests', { subject: 'A', message: 'B' });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(SUPPORT_MESSAGES.notMultipart);
    expect((await contactForm(null, { subject: 'A', message: 'B' })).statusCode).toBe(401);
  });

  it('a reply over 10,000 characters or empty: 400, the thread unchanged', async () => {
    const mine = (await t.call('GET', MAX, '/api/support/requests')).json().data[0].id;
    const before = await count('SELECT count(*)::int AS n FROM support_messages');
    const long = await t.call('POST', MAX, `/api/support/requests/${mine}/messages`, {
      body: 'x'.repeat(10_001),
    });
    expect(long.statusCode).toBe(400);
    expect(
      (await t.call('POST', MAX, `/api/support/requests/${mine}/messages`, { body: '  ' })).statusCode,
    ).toBe(400);
    expect(await count('SELECT count(*)::int AS n FROM support_messages')).toBe(before);
  });

  it('a user awaiting approval may file a request without an attachment', async () => {
    const res = await contactForm(PENDING, { subject: 'Approval', message: 'Who approves me?' });
    expect(res.statusCode).toBe(201);
    expect(res.json().attachment).toBeNull();
  });
});

describe('help articles', () => {
  it('every signed-in user searches and reads them; signed out 401', async () => {
    const found = await t.call('GET', PENDING, '/api/support/articles?q=scores');
    expect(found.statusCode).toBe(200);
    expect(found.json().data[0]).toMatchObject({
      slug: SCORING_ARTICLE_SLUG,
      title: 'How scores are computed',
    });
    const article = await t.call('GET', MAX, `/api/support/articles/${SCORING_ARTICLE_SLUG}`);
    expect(article.json().body).toContain('staff_score');
    expect((await t.call('GET', null, '/api/support/articles')).statusCode).toBe(401);
    const page = await t.call('GET', MAX, '/api/support/articles?limit=3&page=2');
    expect(page.json()).toMatchObject({ total: 8 });
    expect(page.json().data).toHaveLength(3);
  });

  it("lists an article with its text's start, without the markdown", async () => {
    const found = await t.call('GET', MAX, '/api/support/articles?q=getting');
    const article = found.json().data.find((a: { slug: string }) => a.slug === 'getting-started');
    expect(article.excerpt).toMatch(
      /^Parity helps investment organizations report their LPI profile, .* Complete your profile under My profile\. Open LPI and fill in the tabs\./,
    );
    expect(article.excerpt).not.toMatch(/[*#]|\n|\b1\. /);
  });

  it('only platform administrators write them (403 for others, nothing written); drafts are theirs to read', async () => {
    const draft = { slug: 'draft-note', title: 'Draft', body: 'Soon', published: false };
    const before = await count('SELECT count(*)::int AS n FROM help_articles');
    expect((await t.call('POST', ADA, '/api/support/articles', draft)).statusCode).toBe(403);
    expect(
      (await t.call('PATCH', ADA, '/api/support/articles/getting-started', { title: 'X' })).statusCode,
    ).toBe(403);
    expect((await t.call('DELETE', ADA, '/api/support/articles/getting-started')).statusCode).toBe(403);
    expect(await count('SELECT count(*)::int AS n FROM help_articles')).toBe(before);

    const created = await t.call('POST', ADMIN, '/api/support/articles', draft);
    expect(created.statusCode, created.body).toBe(201);
    expect((await t.call('POST', ADMIN, '/api/support/articles', draft)).statusCode).toBe(409);
    expect((await t.call('GET', MAX, '/api/support/articles/draft-note')).statusCode).toBe(404);
    expect((await t.call('GET', ADMIN, '/api/support/articles/draft-note')).statusCode).toBe(200);

    const edited = await t.call('PATCH', ADMIN, '/api/support/articles/draft-note', {
      published: true,
      slug: 'note',
    });
    expect(edited.json()).toMatchObject({
      slug: 'note',
      published: true,
      updated_by: { name: 'Grace Hopper' },
    });
    expect((await t.call('GET', MAX, '/api/support/articles/note')).statusCode).toBe(200);
    const bad = await t.call('PATCH', ADMIN, '/api/support/articles/note', { slug: 'Not A Slug' });
    expect(bad.statusCode).toBe(400);
    expect((await t.call('DELETE', ADMIN, '/api/support/articles/note')).statusCode).toBe(204);
    expect((await t.call('DELETE', ADMIN, '/api/support/articles/note')).statusCode).toBe(404);
  });
});
