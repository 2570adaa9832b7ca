/**
 * An event's description is HTML (sanitised by the API). The app has no rich-text editor, so the
 * form edits text with a few marks, turned into HTML here: a blank line starts a paragraph,
 * lines starting with "- " make a list, **bold** and *italic*; and back again for editing.
 */

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function inline(text: string): string {
  return escapeHtml(text)
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/\*(.+?)\*/g, '<em>$1</em>')
    .replace(/\n/g, '<br>');
}

/** The text's HTML: paragraphs, bullet lists, bold and italic; everything else escaped. */
export function textToHtml(text: string): string {
  const blocks = text
    .replace(/\r\n/g, '\n')
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean);
  return blocks
    .map((block) => {
      const lines = block.split('\n');
      if (lines.every((line) => /^[-*] /.test(line))) {
        return `<ul>${lines.map((line) => `<li>${inline(line.slice(2))}</li>`).join('')}</ul>`;
      }
      return `<p>${inline(block)}</p>`;
    })
    .join('');
}

/** The marks' text of an HTML description, for the form. */
export function htmlToText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
    if (!(node instanceof Element)) return '';
    const inner = Array.from(node.childNodes).map(walk).join('');
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
        return `${inner.trim()}\n\n`;
      default:
        return inner;
    }
  };
  return walk(doc.body)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const ALLOWED_TAGS = new Set([
  'P',
  'BR',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'UL',
  'OL',
  'LI',
  'A',
  'H2',
  'H3',
  'BLOCKQUOTE',
]);

/**
 * The description's HTML as shown: the API sanitises it, and the page keeps to the same few tags
 * again (links to http(s) and mailto only, opened outside the app) before inserting it.
 */
export function sanitizeDescription(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const clean = (node: Element) => {
    for (const child of Array.from(node.children)) {
      if (!ALLOWED_TAGS.has(child.tagName)) {
        if (['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE'].includes(child.tagName))
          child.remove();
        else child.replaceWith(...Array.from(child.childNodes));
        continue;
      }
      for (const attribute of Array.from(child.attributes)) {
        if (child.tagName === 'A' && attribute.name === 'href') continue;
        child.removeAttribute(attribute.name);
      }
      if (child.tagName === 'A') {
        const href = child.getAttribute('href') ?? '';
        if (!/^(https?:|mailto:)/i.test(href)) child.removeAttribute('href');
        child.setAttribute('rel', 'noopener noreferrer');
        child.setAttribute('target', '_blank');
      }
      clean(child);
    }
  };
  // Unwrapping moves children up: clean until nothing changes.
  let before = '';
  while (before !== doc.body.innerHTML) {
    before = doc.body.innerHTML;
    clean(doc.body);
  }
  return doc.body.innerHTML;
}

/** The sanitised description as nodes to insert (parsed inert, never through an HTML prop). */
export function sanitizedNodes(html: string): Node[] {
  const doc = new DOMParser().parseFromString(sanitizeDescription(html), 'text/html');
  return Array.from(doc.body.childNodes).map((node) => document.importNode(node, true));
}
