import sanitizeHtml from 'sanitize-html';

/**
 * An event's description keeps formatted text only: paragraphs, emphasis, lists, headings and
 * links (http, https, mailto) that open safely; scripts and styles go with their content.
 */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'ul',
      'ol',
      'li',
      'a',
      'h2',
      'h3',
      'h4',
      'blockquote',
    ],
    allowedAttributes: { a: ['href', 'rel', 'target'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }, true),
    },
  }).trim();
}

/** The description as plain text, for mails and .ics files. */
export function plainText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|li|h\d)>|<br\s*\/?>/gi, '\n'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
