import { FORMATTED_TEXT_SCHEMES, FORMATTED_TEXT_TAGS } from '@parity/domain/lpi/forms';
import sanitizeHtml from 'sanitize-html';

/**
 * A formatted-text answer keeps only p, br, strong, em, ul, ol, li and a[href] with an http, https
 * or mailto address; every other tag is removed (script and style with their content), every
 * other attribute dropped, and links open safely.
 */
export function sanitizeFormattedText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...FORMATTED_TEXT_TAGS],
    allowedAttributes: { a: ['href', 'rel'] },
    allowedSchemes: [...FORMATTED_TEXT_SCHEMES],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }, true),
    },
  }).trim();
}
