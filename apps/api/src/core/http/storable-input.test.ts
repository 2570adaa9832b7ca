import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { LONE_SURROGATE_MESSAGE, NUL_MESSAGE, refuseUnstorable, scanJson } from './storable-input';

describe('scanJson', () => {
  it('counts the nesting of arrays and objects, stopping past the limit', () => {
    expect(scanJson('[[[]]]', 3).tooDeep).toBe(false);
    expect(scanJson('[[[[]]]]', 3).tooDeep).toBe(true);
    expect(scanJson('{"a":{"b":[{}]}}', 4).tooDeep).toBe(false);
    expect(scanJson('{"a":{"b":[{}]}}', 3).tooDeep).toBe(true);
    // Siblings do not add up.
    expect(scanJson('[[1],[2],[[3]]]', 3).tooDeep).toBe(false);
    expect(scanJson('"text"', 0).tooDeep).toBe(false);
  });

  it('counts no bracket inside a string, escaped quotes and backslashes included', () => {
    expect(scanJson(JSON.stringify({ a: '[[[[{{{{' }), 1).tooDeep).toBe(false);
    expect(scanJson(JSON.stringify({ a: 'say "[[[["' }), 1).tooDeep).toBe(false);
    expect(scanJson(JSON.stringify({ a: 'ends in \\', b: [[1]] }), 3).tooDeep).toBe(false);
    expect(scanJson(JSON.stringify({ a: 'ends in \\', b: [[1]] }), 2).tooDeep).toBe(true);
  });

  it('tells whether a string may hold NUL or a surrogate, from its escapes', () => {
    const may = (text: string) => scanJson(text, 32).mayBeUnstorable;
    expect(may(JSON.stringify({ a: 'plain, é, 😀, \n' }))).toBe(false);
    expect(may('{"a":"\\u00e9\\u20ac"}')).toBe(false);
    // An escaped backslash followed by the letters u0000 is text, not an escape.
    expect(may('{"a":"\\\\u0000"}')).toBe(false);
    expect(may('{"a":"x\\u0000"}')).toBe(true);
    expect(may('{"a\\u0000":1}')).toBe(true);
    expect(may('["\\ud800"]')).toBe(true);
    expect(may('["\\uDFFF"]')).toBe(true);
    expect(may('["\\ud83d\\ude00"]')).toBe(true); // a pair: walked, then accepted
    expect(may('["\ud800"]')).toBe(true); // in the text itself
  });
});

function refusal(where: string, value: unknown): { field: string; message: string } | undefined {
  try {
    refuseUnstorable(where, value);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const { statusCode, message, detail } = error as AppError;
    expect(statusCode).toBe(400);
    const [issue] = detail as { field: string; message: string }[];
    expect(message).toBe(`${issue!.field}: ${issue!.message}`);
    return issue;
  }
}

describe('refuseUnstorable', () => {
  it('accepts text PostgreSQL stores: any valid Unicode, pairs of surrogates included', () => {
    expect(
      refusal('body', { title: 'Café 😀 \u202e\u0301', tags: ['a', 'b'], n: 1, ok: true, none: null }),
    ).toBe(undefined);
    expect(refusal('body', Buffer.from([0, 0xd8, 0]))).toBe(undefined);
  });

  it('names the first field holding NUL or a lone surrogate: high or low alone, or a reversed pair', () => {
    expect(refusal('body', { title: 'a\u0000b' })).toEqual({ field: 'body.title', message: NUL_MESSAGE });
    for (const text of ['\ud800', 'a\udbffb', '\udc00', 'x\udfff', '\udc00\ud800', '😀\ud83d'])
      expect(refusal('body', { ok: 'fine', title: text }), JSON.stringify(text)).toEqual({
        field: 'body.title',
        message: LONE_SURROGATE_MESSAGE,
      });
    expect(refusal('query', { q: 'x', search: ['a', 'b\ud800'] })?.field).toBe('query.search.1');
    expect(refusal('body', { items: [{ name: 'x' }, { name: 'y\udc00' }], z: '\u0000' })?.field).toBe(
      'body.items.1.name',
    );
  });

  it('names an object key holding them, written as its escape', () => {
    expect(refusal('body', { a: { 'bad\ud800key': 1 } })).toEqual({
      field: 'body.a.bad\\ud800key',
      message: LONE_SURROGATE_MESSAGE,
    });
    expect(refusal('body', { 'x\u0000': 'y' })?.field).toBe('body.x\\u0000');
  });

  it('walks a value nested 100,000 deep without recursion', () => {
    let deep: unknown = ['\ud800'];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const issue = refusal('body', deep);
    expect(issue?.message).toBe(LONE_SURROGATE_MESSAGE);
    expect(issue?.field).toBe(`body${'.0'.repeat(100_001)}`);
  });
});
