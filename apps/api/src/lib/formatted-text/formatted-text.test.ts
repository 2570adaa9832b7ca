import { describe, expect, it } from 'vitest';
import { plainText, sanitizeDescription, sanitizeFormattedText } from './index';

describe('formatted text', () => {
  it('keeps an answer to its tags, drops scripts with their content and unsafe links', () => {
    const clean = sanitizeFormattedText(
      '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:alert(1)">a</a> <a href="https://x.test">b</a></p><h2>Big</h2>',
    );
    expect(clean).toBe(
      '<p>Hi <a rel="noopener noreferrer nofollow">a</a> <a href="https://x.test" rel="noopener noreferrer nofollow">b</a></p>Big',
    );
  });

  it('keeps the headings of a description and opens its links in a new tab', () => {
    expect(sanitizeDescription('<h2>Agenda</h2><a href="mailto:a@b.test">mail</a><img src=x>')).toBe(
      '<h2>Agenda</h2><a href="mailto:a@b.test" rel="noopener noreferrer nofollow" target="_blank">mail</a>',
    );
  });

  it('gives text with characters, not entities, a line per block and one blank line at most', () => {
    const html = sanitizeDescription(
      '<p>R&D &amp; "quotes" <b>x</b></p><p></p><p></p><ul><li>one</li><li>two</li></ul>',
    );
    expect(plainText(html)).toBe('R&D & "quotes" x\n\none\ntwo');
  });
});
