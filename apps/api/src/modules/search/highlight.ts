import type { TSearchTextPart } from '@parity/domain/search';

/**
 * ts_headline marks the matched words with these control characters (never HTML): they cannot be
 * typed into a name, and the NUL guard and the JSON body keep them out of stored text in practice.
 */
export const START = '\u0002';
export const STOP = '\u0003';

/** A headline's text split into parts, `match: true` for the marked words. */
export function partsOf(headline: string): TSearchTextPart[] {
  const parts: TSearchTextPart[] = [];
  let match = false;
  let text = '';
  const flush = () => {
    if (text) parts.push({ text, match });
    text = '';
  };
  for (const char of headline) {
    if (char === START || char === STOP) {
      flush();
      match = char === START;
    } else {
      text += char;
    }
  }
  flush();
  return parts;
}

/** pg_trgm's trigrams of one word: lower case, padded with two spaces before and one after. */
function trigrams(word: string): Set<string> {
  const padded = `  ${word.toLowerCase()} `;
  const set = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  return set;
}

function similarity(a: Set<string>, b: Set<string>): number {
  let common = 0;
  for (const t of a) if (b.has(t)) common++;
  return common / (a.size + b.size - common || 1);
}

const WORD = /[\p{L}\p{N}]+/gu;
/** Below this a word is not worth marking: the row matched on its text, not this title. */
const MIN_SIMILARITY = 0.3;

/**
 * A title found by trigrams only (a typo, a prefix): its word most like one of the query's words is
 * marked, or none when no word comes close.
 */
export function markClosestWord(title: string, query: string): TSearchTextPart[] {
  const queryWords = [...query.matchAll(WORD)].map((m) => trigrams(m[0]));
  let best: { index: number; length: number; score: number } | null = null;
  for (const m of title.matchAll(WORD)) {
    const word = trigrams(m[0]);
    const score = Math.max(0, ...queryWords.map((q) => similarity(q, word)));
    if (score >= MIN_SIMILARITY && (!best || score > best.score)) {
      best = { index: m.index, length: m[0].length, score };
    }
  }
  if (!best) return title ? [{ text: title, match: false }] : [];
  const end = best.index + best.length;
  return [
    { text: title.slice(0, best.index), match: false },
    { text: title.slice(best.index, end), match: true },
    { text: title.slice(end), match: false },
  ].filter((part) => part.text !== '');
}
