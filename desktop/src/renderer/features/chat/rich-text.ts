import { CHAT_RICH_TAGS, type ChatRichTag } from '@tsudoi/common';
import { linkify, safeHref, type TextPart } from './chat-text';

/**
 * Message content is HTML that the server has sanitised (protocol chat.ts).
 * The composer sends plain text escaped as HTML (`toContent`), so whatever a
 * person types — `<script>`, `<img onerror>` — comes back as text. Received
 * content is rendered through an allow-list walk (`toRich`): only the tags
 * below become elements, links only with http, https, ftp, mailto or tel,
 * everything else is shown as its text. No HTML string ever reaches the DOM.
 */
export const RICH_TAGS = CHAT_RICH_TAGS;
export type RichTag = ChatRichTag;

export type RichNode =
  | TextPart
  | { kind: 'element'; tag: Exclude<RichTag, 'a'>; children: RichNode[] }
  | { kind: 'anchor'; href: string; children: RichNode[] };

/** The parts of a parsed DOM node the walk reads (a real DOM node satisfies it). */
export interface HtmlNode {
  nodeType: number;
  nodeName: string;
  nodeValue: string | null;
  childNodes: ArrayLike<HtmlNode>;
  getAttribute?(name: string): string | null;
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;
const allowed = new Set<string>(RICH_TAGS);

/** Escapes plain text as HTML text (what the composer sends). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The content of a text message typed as `text` (already trimmed by the text rule). */
export const toContent = (text: string): string => escapeHtml(text);

/** Walks parsed HTML into allowed nodes; text outside links is linkified. */
export function toRich(nodes: ArrayLike<HtmlNode>, insideLink = false): RichNode[] {
  const out: RichNode[] = [];
  for (const node of Array.from(nodes)) {
    if (node.nodeType === TEXT_NODE) {
      const text = node.nodeValue ?? '';
      if (insideLink) out.push({ kind: 'text', text });
      else out.push(...linkify(text));
      continue;
    }
    if (node.nodeType !== ELEMENT_NODE) continue; // comments, processing instructions
    const tag = node.nodeName.toLowerCase();
    if (tag === 'a') {
      const href = insideLink ? null : safeHref(node.getAttribute?.('href') ?? '');
      const children = toRich(node.childNodes, true);
      if (href) out.push({ kind: 'anchor', href, children });
      else out.push(...children);
    } else if (allowed.has(tag)) {
      out.push({ kind: 'element', tag: tag as Exclude<RichTag, 'a'>, children: toRich(node.childNodes, insideLink) });
    } else {
      // Not allowed (script, img, iframe…): only its text, never the element.
      out.push(...toRich(node.childNodes, insideLink));
    }
  }
  return out;
}

/** The plain text of rich nodes (previews, the edit box): <br> and block ends become line breaks. */
export function richToText(nodes: RichNode[]): string {
  let text = '';
  for (const node of nodes) {
    if (node.kind === 'text' || node.kind === 'link') text += node.text;
    else if (node.kind === 'anchor') text += richToText(node.children);
    else if (node.tag === 'br') text += '\n';
    else {
      text += richToText(node.children);
      if (node.tag === 'p' || node.tag === 'li' || node.tag === 'pre' || node.tag === 'blockquote') text += '\n';
    }
  }
  return text;
}

/** Parses content HTML in the browser (an inert document: nothing loads or runs) into rich nodes. */
export function parseContent(html: string): RichNode[] {
  if (typeof DOMParser === 'undefined') return linkify(html);
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  return toRich(doc.body.childNodes as unknown as ArrayLike<HtmlNode>);
}

/** The plain text of message content (for previews, replies and editing). */
export const contentText = (html: string): string => richToText(parseContent(html)).trim();

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/**
 * The text of sanitised content without a DOM (the reducer's quote of an
 * edited message, like the server's excerpt): tags dropped, line breaks
 * kept, entities decoded. The result is only ever shown as text.
 */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li|blockquote|pre)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(
      /&(#39|#x27|amp|lt|gt|quot|apos|nbsp);/gi,
      (whole, name: string) => ENTITIES[name.toLowerCase().replace('#x27', '#39')] ?? whole,
    )
    .replace(/&#(\d+);/g, (_whole, code: string) => String.fromCodePoint(Number(code)))
    .trim();
}
