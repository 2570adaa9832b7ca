import { DESCRIPTION_TAGS, FORMATTED_TEXT_SCHEMES, FORMATTED_TEXT_TAGS } from '@parity/domain/formatted-text';
import { createElement, Fragment, type ReactNode, useMemo } from 'react';

const SHOWN = {
  answer: new Set<string>(FORMATTED_TEXT_TAGS),
  description: new Set<string>(DESCRIPTION_TAGS),
};
const SAFE_HREF = new RegExp(`^(${FORMATTED_TEXT_SCHEMES.join('|')}):`, 'i');
const DROPPED = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template']);

/**
 * Formatted text (an LPI answer; with `kind="description"`, an event's description or a pod's
 * post) as React elements, never through an HTML prop. The API sanitised it already; this keeps
 * to the domain's tags again: no attribute but a link's href, links only to http(s) or mail and
 * opened outside the app, an unknown tag reduced to its content, scripts and styles dropped.
 */
export function FormattedText({ html, kind = 'answer' }: { html: string; kind?: keyof typeof SHOWN }) {
  // Parsed once per text: a pod's feed renders its entries again on every answer.
  const nodes = useMemo(() => {
    const shown = SHOWN[kind];
    const toNode = (node: ChildNode, key: number): ReactNode => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent;
      if (!(node instanceof Element)) return null;
      const tag = node.tagName.toLowerCase();
      if (DROPPED.has(tag)) return null;
      const children = Array.from(node.childNodes, toNode);
      if (!shown.has(tag)) return createElement(Fragment, { key }, children);
      if (tag === 'a') {
        const href = node.getAttribute('href') ?? '';
        if (!SAFE_HREF.test(href)) return createElement(Fragment, { key }, children);
        return createElement(
          'a',
          { key, href, target: '_blank', rel: 'noopener noreferrer nofollow' },
          children,
        );
      }
      return createElement(tag, { key }, children.length ? children : undefined);
    };
    return Array.from(new DOMParser().parseFromString(html, 'text/html').body.childNodes, toNode);
  }, [html, kind]);
  return <div className="formatted-text">{nodes}</div>;
}
