import { describe, expect, it } from 'vitest';
import { type RangeAnswer, RangeAnswers } from './range-cache';

const answer = (text: string): RangeAnswer => ({ body: Buffer.from(text), etag: `"${text}"` });

describe('the range answers a process keeps', () => {
  it('gives a kept answer only for the version it was kept with', async () => {
    const answers = new RangeAnswers();
    let builds = 0;
    const build = (text: string) => async () => {
      builds += 1;
      return answer(text);
    };
    expect((await answers.get('ada', 'v1', build('one'))).etag).toBe('"one"');
    expect((await answers.get('ada', 'v1', build('again'))).etag).toBe('"one"');
    expect((await answers.get('ada', 'v2', build('two'))).etag).toBe('"two"');
    expect((await answers.get('max', 'v2', build('max'))).etag).toBe('"max"');
    expect(builds).toBe(3);
  });

  it('shares one build between the requests that arrive while it runs, and keeps no failure', async () => {
    const answers = new RangeAnswers();
    let builds = 0;
    let finish: (value: RangeAnswer) => void = () => {};
    const slow = () => {
      builds += 1;
      return new Promise<RangeAnswer>((resolve) => {
        finish = resolve;
      });
    };
    const first = answers.get('ada', 'v1', slow);
    const second = answers.get('ada', 'v1', slow);
    finish(answer('one'));
    expect(await first).toBe(await second);
    expect(builds).toBe(1);

    const failing = () => Promise.reject(new Error('too many occurrences'));
    await expect(answers.get('eve', 'v1', failing)).rejects.toThrow('too many occurrences');
    expect((await answers.get('eve', 'v1', async () => answer('eve'))).etag).toBe('"eve"');
  });

  it('keeps a newer build’s answer when an older one finishes after it', async () => {
    const answers = new RangeAnswers();
    let finishOld: (value: RangeAnswer) => void = () => {};
    const old = answers.get(
      'ada',
      'v1',
      () =>
        new Promise<RangeAnswer>((resolve) => {
          finishOld = resolve;
        }),
    );
    await answers.get('ada', 'v2', async () => answer('new'));
    finishOld(answer('old'));
    await old;
    expect((await answers.get('ada', 'v2', async () => answer('rebuilt'))).etag).toBe('"new"');
  });

  it('stays within its bytes, the least recently used going first', async () => {
    const answers = new RangeAnswers(10);
    await answers.get('a', 'v', async () => answer('aaaa'));
    await answers.get('b', 'v', async () => answer('bbbb'));
    await answers.get('a', 'v', async () => answer('unused')); // a is now the most recent
    await answers.get('c', 'v', async () => answer('cccc'));
    expect(answers.size).toEqual({ answers: 2, bytes: 8 });
    expect((await answers.get('a', 'v', async () => answer('rebuilt'))).etag).toBe('"aaaa"');
    expect((await answers.get('b', 'v', async () => answer('bbbb2'))).etag).toBe('"bbbb2"');
    // an answer larger than the whole budget is given but not kept
    await answers.get('huge', 'v', async () => answer('x'.repeat(11)));
    expect(answers.size.bytes).toBeLessThanOrEqual(10);
  });
});
