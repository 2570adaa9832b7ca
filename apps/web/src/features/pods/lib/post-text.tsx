import { createElement, type ReactNode } from 'react';

/**
 * A post is formatted text: HTML sanitised by the API. The composer writes plain text with a few
 * marks and this turns it into that HTML: a blank line starts a paragraph, a line break stays
 * one, **bold** and _italic_; every other character is escaped.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function marks(line: string): string {
  const escaped = line.replace(/[&<>"]/g, (character) => ESCAPES[character] ?? character);
  return escaped.replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>').replace(/_(.+?)_/g, '<em>$1</em>');
}

export function textToPostHtml(text: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n\s*\n/);
  return paragraphs
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => `<p>${paragraph.trim().split('\n').map(marks).join('<br>')}</p>`)
    .join('');
}

/** The marks' text of a post's HTML, for editing it. */
export function postHtmlToText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const textOf = (node: ChildNode): string => {
    if (!(node instanceof Element)) return node.textContent ?? '';
    const inner = Array.from(node.childNodes, textOf).join('');
    const tag = node.tagName;
    if (tag === 'BR') return '\n';
    if (tag === 'STRONG' || tag === 'B') return `**${inner}**`;
    if (tag === 'EM' || tag === 'I') return `_${inner}_`;
    if (tag === 'P' || tag === 'LI' || tag === 'DIV') return `${inner}\n\n`;
    return inner;
  };
  return Array.from(body.childNodes, textOf).join('').trim();
}

/** Tags a post may show (the API's sanitiser keeps no others; the page checks again). */
const SHOWN = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'blockquote', 'a']);

/** A sanitised post as React elements: unknown tags keep their text, links only to http(s) or mail. */
export function PostBody({ html }: { html: string }) {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const toNode = (node: ChildNode, key: number): ReactNode => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent;
    if (!(node instanceof Element) || ['SCRIPT', 'STYLE'].includes(node.tagName)) return null;
    const tag = node.tagName.toLowerCase();
    const children = Array.from(node.childNodes, toNode);
    if (!SHOWN.has(tag)) return createElement('span', { key }, children);
    const props: Record<string, unknown> = { key };
    if (tag === 'a') {
      const href = node.getAttribute('href') ?? '';
      if (!/^(https?:|mailto:)/i.test(href)) return createElement('span', { key }, children);
      Object.assign(props, { href, target: '_blank', rel: 'noopener noreferrer nofollow' });
    }
    return createElement(tag, props, children.length ? children : undefined);
  };
  return <div className="pod-post-body">{Array.from(body.childNodes, toNode)}</div>;
}
