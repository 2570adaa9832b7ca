import { describe, expect, it } from 'vitest';
import { toCsv } from './chart-export';

describe('toCsv', () => {
  it('writes a header and rows with CRLF, quotes cells with commas, quotes or line breaks, and leaves null empty', () => {
    expect(
      toCsv(
        ['Name', 'Value'],
        [
          ['Race, other', 1.5],
          ['Say "hi"', null],
          ['two\nlines', 0],
        ],
      ),
    ).toBe('Name,Value\r\n"Race, other",1.5\r\n"Say ""hi""",\r\n"two\nlines",0');
  });
});
