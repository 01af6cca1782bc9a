import sanitizeHtml from 'sanitize-html';

/**
 * A customer's HTML as staff may see it (DESIGN §25): formatting and links only. Nothing that loads
 * (images, styles sheets, frames, fonts), nothing that runs (scripts, handlers, forms), no style
 * attribute (a `url()` in one would load): the web shows it in a sandboxed frame whose own policy
 * loads nothing remote as well, so either guard alone holds.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'div',
    'span',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'td',
    'th',
    'sub',
    'sup',
    'small',
  ],
  allowedAttributes: { a: ['href', 'title'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // links open outside the frame, and never tell the site where they came from
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
};

export function sanitiseHtml(html: string): string {
  return sanitizeHtml(html, {
    ...OPTIONS,
    allowedAttributes: { ...OPTIONS.allowedAttributes, a: ['href', 'title', 'target', 'rel'] },
  });
}
