import { describe, expect, it } from 'vitest';
import { htmlToMarkedText, markedTextToHtml } from './marked-text';

describe('marked text', () => {
  it('writes paragraphs, line breaks, lists, bold and italic as HTML, escaping the rest, and reads them back', () => {
    const html = markedTextToHtml('Agenda **now**\nand *then*\n\n- one\n- *two*\n\n<b>x</b> & "y"');
    expect(html).toBe(
      '<p>Agenda <strong>now</strong><br>and <em>then</em></p><ul><li>one</li><li><em>two</em></li></ul><p>&lt;b&gt;x&lt;/b&gt; &amp; &quot;y&quot;</p>',
    );
    expect(htmlToMarkedText(html)).toBe('Agenda **now**\nand *then*\n\n- one\n- *two*\n\n<b>x</b> & "y"');
  });

  it('takes _italic_ too, but not inside a word', () => {
    expect(markedTextToHtml('line _two_ of file_name_v2\r\n\r\n')).toBe(
      '<p>line <em>two</em> of file_name_v2</p>',
    );
    expect(htmlToMarkedText('<p>line <i>two</i></p>')).toBe('line *two*');
  });

  it('reads headings and quotes a description may hold as paragraphs, and nothing as nothing', () => {
    expect(htmlToMarkedText('<h2>Agenda</h2><blockquote>Be there</blockquote>')).toBe('Agenda\n\nBe there');
    expect(htmlToMarkedText('')).toBe('');
    expect(markedTextToHtml('  \n\n ')).toBe('');
  });
});
