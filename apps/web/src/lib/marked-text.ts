/**
 * Formatted text (an event's description, a pod's post) is HTML the API sanitises. The app has
 * no rich-text editor: its forms edit text with a few marks, turned into that HTML here and back
 * again for editing. A blank line starts a paragraph and a line break stays one; lines starting
 * with "- " make a list; **bold**, *italic* (or _italic_); every other character is escaped.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function inline(text: string): string {
  return (
    text
      .replace(/[&<>"]/g, (character) => ESCAPES[character] ?? character)
      .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
      .replace(/\*(.+?)\*/g, '<em>$1</em>')
      // Not inside a word: snake_case_names stay as written.
      .replace(/(^|[^\p{L}\p{N}_])_(.+?)_(?![\p{L}\p{N}_])/gu, '$1<em>$2</em>')
      .replace(/\n/g, '<br>')
  );
}

/** The marked text's HTML: paragraphs, line breaks, bullet lists, bold and italic. */
export function markedTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const lines = block.split('\n');
      if (lines.every((line) => /^[-*] /.test(line)))
        return `<ul>${lines.map((line) => `<li>${inline(line.slice(2))}</li>`).join('')}</ul>`;
      return `<p>${inline(block)}</p>`;
    })
    .join('');
}

/** The marked text of formatted HTML, for a form to edit. */
export function htmlToMarkedText(html: string): string {
  if (!html) return '';
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
    if (!(node instanceof Element)) return '';
    const inner = Array.from(node.childNodes, walk).join('');
    switch (node.tagName) {
      case 'STRONG':
      case 'B':
        return `**${inner}**`;
      case 'EM':
      case 'I':
        return `*${inner}*`;
      case 'BR':
        return '\n';
      case 'LI':
        return `- ${inner.trim()}\n`;
      case 'P':
      case 'UL':
      case 'OL':
      case 'DIV':
      case 'BLOCKQUOTE':
      case 'H2':
      case 'H3':
        return `${inner.trim()}\n\n`;
      default:
        return inner;
    }
  };
  return walk(new DOMParser().parseFromString(html, 'text/html').body)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
