import { SCORING_ARTICLE_SLUG, SUPPORT_MESSAGES, SUPPORT_TOPICS } from '@parity/domain/support';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededTestApp, type SeededTestApp } from '../../test/app';

const MAX = 'max@acme.test';
const ADA = 'ada@acme.test'; // an organization's admin, not a platform administrator
const ADMIN = 'admin@parity.test';

let t: SeededTestApp;
beforeAll(async () => {
  t = await createSeededTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function entries() {
  const result = await t.app.db.execute(sql`SELECT count(*)::int AS n FROM faq_entries`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
}

describe('the FAQ', () => {
  it('is public: read signed out, by topic in the domain order, each topic by position', async () => {
    const res = await t.call('GET', null, '/api/faq');
    expect(res.statusCode).toBe(200);
    const { data, total } = res.json() as { data: { topic: string; position: number }[]; total: number };
    expect(total).toBe(15);
    const topics = [...new Set(data.map((e) => e.topic))];
    expect(topics).toEqual([...SUPPORT_TOPICS]);
    const signingIn = await t.call('GET', null, '/api/faq?topic=signing_in');
    expect(signingIn.json().data.map((e: { question: string }) => e.question)).toContain(
      'I forgot my password. What do I do?',
    );
  });

  it('is searched by words of questions and answers; the scores answer links the scoring article', async () => {
    const res = await t.call('GET', MAX, '/api/faq?q=computed');
    const hit = res.json().data.find((e: { topic: string }) => e.topic === 'scores');
    expect(hit.answer).toContain(`/support/articles/${SCORING_ARTICLE_SLUG}`);
    expect((await t.call('GET', null, '/api/faq?q=zzzznothing')).json()).toEqual({ data: [], total: 0 });
    expect((await t.call('GET', null, '/api/faq?topic=weather')).statusCode).toBe(400);
  });

  it('is written by platform administrators only: others 403 (signed out 401), nothing written', async () => {
    const entry = { topic: 'privacy', question: 'Is my data sold?', answer: 'Never.' };
    const before = await entries();
    expect((await t.call('POST', ADA, '/api/faq', entry)).statusCode).toBe(403);
    expect((await t.call('POST', null, '/api/faq', entry)).statusCode).toBe(401);
    const first = (await t.call('GET', null, '/api/faq')).json().data[0].id;
    expect((await t.call('PATCH', MAX, `/api/faq/${first}`, { question: 'Changed?' })).statusCode).toBe(403);
    expect((await t.call('DELETE', ADA, `/api/faq/${first}`)).statusCode).toBe(403);
    expect(await entries()).toBe(before);

    const created = await t.call('POST', ADMIN, '/api/faq', entry);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const edited = await t.call('PATCH', ADMIN, `/api/faq/${id}`, { answer: '**Never.**', position: 3 });
    expect(edited.json()).toMatchObject({ question: 'Is my data sold?', answer: '**Never.**', position: 3 });
    expect((await t.call('DELETE', ADMIN, `/api/faq/${id}`)).statusCode).toBe(204);
    expect((await t.call('DELETE', ADMIN, `/api/faq/${id}`)).statusCode).toBe(404);
    expect((await t.call('PATCH', ADMIN, `/api/faq/${id}`, { answer: 'x' })).statusCode).toBe(404);
  });

  it('refuses bad entries with the field and its message, writing nothing', async () => {
    const before = await entries();
    const long = await t.call('POST', ADMIN, '/api/faq', {
      topic: 'privacy',
      question: 'Q',
      answer: 'x'.repeat(10_001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().detail).toContainEqual({
      field: 'body.answer',
      message: SUPPORT_MESSAGES.answerTooLong,
    });
    const empty = await t.call('POST', ADMIN, '/api/faq', { topic: 'privacy', question: ' ', answer: 'A' });
    expect(empty.json().detail).toContainEqual({
      field: 'body.question',
      message: SUPPORT_MESSAGES.questionRequired,
    });
    expect(
      (await t.call('POST', ADMIN, '/api/faq', { topic: 'nope', question: 'Q', answer: 'A' })).statusCode,
    ).toBe(400);
    expect(await entries()).toBe(before);
  });
});
