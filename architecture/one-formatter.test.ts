import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { listSources, readSources } from './import-graph';

// Issue 37, "one voice": the web app writes every date with lib/dates.ts, so a second formatter
// (a toLocaleDateString, an Intl formatter, a date library's format) shows a date its own way.

const THE_FORMATTER = 'apps/web/src/lib/dates.ts';

const SECOND_FORMATTERS: [string, RegExp][] = [
  ['an Intl date formatter', /\bIntl\s*\.\s*(DateTimeFormat|RelativeTimeFormat)\b/],
  ["a Date's toLocaleDateString or toLocaleTimeString", /\.toLocale(Date|Time)String\s*\(/],
  [
    "a Date's toLocaleString with date options",
    /\.toLocaleString\s*\([^)]*\b(dateStyle|timeStyle|weekday|month|hour)\b/,
  ],
  ['a date library', /from\s+['"](date-fns[^'"]*|moment|luxon)['"]|\bdayjs\s*\([^)]*\)\s*\.\s*format\s*\(/],
];

/** Each place outside the formatter that formats a date: "file:line: what". */
function secondFormatters(sources: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of sources) {
    if (file === THE_FORMATTER || /\.test\.tsx?$/.test(file)) continue;
    text.split('\n').forEach((line, index) => {
      if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
      for (const [what, pattern] of SECOND_FORMATTERS) {
        if (pattern.test(line)) found.push(`${file}:${index + 1}: ${what}`);
      }
    });
  }
  return found;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the web app has one date formatter', () => {
  it('formats dates only in lib/dates.ts', () => {
    const sources = readSources(repoRoot, listSources(repoRoot, ['apps/web/src']));
    expect(sources.has(THE_FORMATTER)).toBe(true);
    expect(secondFormatters(sources)).toEqual([]);
  });

  it('finds each kind of second formatter, and lets numbers and tests be', () => {
    const file = 'apps/web/src/features/x/y.tsx';
    const found = secondFormatters(
      new Map([
        [
          file,
          [
            "const a = new Intl.DateTimeFormat('en-GB', { weekday: 'short' });",
            "const b = new Date(at).toLocaleDateString('en-US');",
            "const c = new Date(at).toLocaleString('en-US', { dateStyle: 'long' });",
            "import { format } from 'date-fns';",
            "const d = dayjs(at).format('YYYY-MM-DD');",
            "const e = count.toLocaleString('en-US');",
            '// Intl.DateTimeFormat is costly to build',
          ].join('\n'),
        ],
        ['apps/web/src/features/x/y.test.tsx', "new Date().toLocaleDateString('en-GB');"],
        [THE_FORMATTER, 'new Intl.DateTimeFormat(undefined, {});'],
      ]),
    );
    expect(found).toEqual([
      `${file}:1: an Intl date formatter`,
      `${file}:2: a Date's toLocaleDateString or toLocaleTimeString`,
      `${file}:3: a Date's toLocaleString with date options`,
      `${file}:4: a date library`,
      `${file}:5: a date library`,
    ]);
  });
});
