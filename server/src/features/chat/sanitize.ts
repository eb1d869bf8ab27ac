import sanitizeHtml from 'sanitize-html';
import { CHAT_LINK_SCHEMES, CHAT_RICH_TAGS } from '@tsudoi/common';

const rich: sanitizeHtml.IOptions = {
  allowedTags: [...CHAT_RICH_TAGS],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: [...CHAT_LINK_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // anything else (script, img, iframe, on* handlers…) stays visible as text instead of vanishing
  disallowedTagsMode: 'escape',
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => ({
      tagName,
      attribs: attribs.href ? { href: attribs.href, target: '_blank', rel: 'noopener noreferrer nofollow' } : {},
    }),
  },
};
const plain: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' };

/** Text without markup or entities: sanitising would give it back unchanged. */
const PLAIN = /^[^<>&]*$/;

/** The stored (and sent) form of a message's text. */
export const sanitizeChatHtml = (text: string): string =>
  PLAIN.test(text) ? text.trim() : sanitizeHtml(text.trim(), rich).trim();

/** What the text says without markup (empty → the message is refused; also the transcript and reply excerpt). */
export const chatPlainText = (html: string): string =>
  PLAIN.test(html)
    ? html.trim()
    : sanitizeHtml(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|li|blockquote|pre)>/gi, '\n'), plain)
        .replace(/&nbsp;/g, ' ')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&')
        .trim();
