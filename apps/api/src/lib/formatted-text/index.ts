import { DESCRIPTION_TAGS, FORMATTED_TEXT_SCHEMES, FORMATTED_TEXT_TAGS } from '@parity/domain/formatted-text';
import { decodeHTML } from 'entities';
import sanitizeHtml from 'sanitize-html';

// Formatted text (HTML written in the web app's editors) kept to what the product shows, and its
// plain-text form for mails, .ics files, exports and notifications. Scripts and styles are removed
// with their content; links keep http, https and mailto addresses only and open safely.

const LINK_RULES = {
  allowedSchemes: [...FORMATTED_TEXT_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
} satisfies sanitizeHtml.IOptions;

/** An LPI formatted-text answer: p, br, strong, em, ul, ol, li and a[href] only. */
export function sanitizeFormattedText(html: string): string {
  return sanitizeHtml(html, {
    ...LINK_RULES,
    allowedTags: [...FORMATTED_TEXT_TAGS],
    allowedAttributes: { a: ['href', 'rel'] },
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }, true),
    },
  }).trim();
}

/** An event's description or a pod post: also headings, quotes, underline and strike-through. */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, {
    ...LINK_RULES,
    allowedTags: [...DESCRIPTION_TAGS],
    allowedAttributes: { a: ['href', 'rel', 'target'] },
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }, true),
    },
  }).trim();
}

/**
 * The text of formatted text: a line per paragraph, list item or heading, at most one blank line
 * in a row, and characters rather than their HTML entities ('R&D', not 'R&amp;D').
 */
export function plainText(html: string): string {
  const stripped = sanitizeHtml(html.replace(/<\/(p|li|h\d|blockquote)>|<br\s*\/?>/gi, '\n'), {
    allowedTags: [],
    allowedAttributes: {},
  });
  return decodeHTML(stripped)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
