import sanitizeHtml from 'sanitize-html';

/**
 * Everything an author writes is cleaned before it is stored, so nothing a user wrote can run in another
 * user's browser, whatever the client does with it.
 */

const NO_MARKUP: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' };

/** The entities sanitize-html writes for text; decoding them gives the text back. */
const ESCAPED: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };
const decode = (html: string) => html.replace(/&(?:lt|gt|quot|#39|amp);/g, (e) => ESCAPED[e]!);

/**
 * Plain text without any markup: tags are dropped (script and style with their content), text stays as
 * written ("a < b" keeps its "<"). Repeated until stable, so text that decodes into a tag is dropped too.
 */
export function plainText(text: string): string {
  let current = text;
  for (let i = 0; i < 5; i++) {
    const next = decode(sanitizeHtml(current, NO_MARKUP));
    if (next === current) break;
    current = next;
  }
  return current.trim();
}

const RICH: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'h2', 'h3', 'h4', 'blockquote', 'ul', 'ol', 'li', 'hr', 'a'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
};
// transformTags adds rel/target after the attribute filter, so they must be allowed too.
RICH.allowedAttributes = { a: ['href', 'rel', 'target'] };

/** Rich text: an allowlist of harmless formatting tags; links only to http(s) and mailto, no other attributes. */
export function richText(html: string): string {
  return sanitizeHtml(html, RICH).trim();
}

export function cleanContent(content: string, format: 'text' | 'html'): string {
  return format === 'html' ? richText(content) : plainText(content);
}

/** The words a reader sees in stored content (rich text without its tags). */
export function visibleText(content: string, format: 'text' | 'html'): string {
  return format === 'html' ? plainText(content.replace(/<\/(p|li|h2|h3|h4|blockquote)>|<br\s*\/?>/gi, '$&\n')) : content;
}
