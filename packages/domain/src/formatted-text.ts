/**
 * Formatted text is HTML kept to a few tags: the API sanitises it to them on the way in and the
 * web app shows no other. Links hold an http, https or mailto address only.
 */

/** An LPI formatted-text answer. */
export const FORMATTED_TEXT_TAGS = ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a'] as const;

/** An event's description and a pod's post: also underline, strike-through, headings and quotes. */
export const DESCRIPTION_TAGS = [
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
] as const;

export const FORMATTED_TEXT_SCHEMES = ['http', 'https', 'mailto'] as const;
