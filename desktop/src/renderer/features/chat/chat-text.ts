import { CHAT_LINK_SCHEMES } from '@tsudoi/common';
/** The chat text rule (spec §5): text that is empty after trimming is not sent. */
export function textToSend(raw: string): string | null {
  const trimmed = raw.trim();
  return trimmed.length > 0 ? trimmed : null;
}

/** A piece of a message's text: plain text, or a link the page may render as <a>. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** The only link schemes rendered as links (spec §9.1 sanitising). */
export const LINK_SCHEMES = CHAT_LINK_SCHEMES.map((scheme) => `${scheme}:`);

// Scheme-led links; anything else (javascript:, data:, vbscript:…) stays text.
const LINK = /\b(?:(?:https?|ftp):\/\/[^\s<>"'`]+|mailto:[^\s<>"'`@]+@[^\s<>"'`]+|tel:\+?[\d\-().]{3,})/gi;
// Punctuation that ends a sentence rather than the link.
const TRAILING = /[.,;:!?、。）)\]]+$/;

/** The href of a candidate link, or null when its scheme is not allowed or it does not parse. */
export function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return (LINK_SCHEMES as readonly string[]).includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Splits a message into text and links. The page renders every part as a
 * React text node (HTML and scripts in a message stay visible text, never
 * markup); only http, https, ftp, mailto and tel become links.
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const previous = parts[parts.length - 1];
    if (previous?.kind === 'text') previous.text += value;
    else parts.push({ kind: 'text', text: value });
  };
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    let candidate = match[0];
    // Keep a closing bracket that belongs to the URL, e.g. wiki/Foo_(bar).
    const trailing = TRAILING.exec(candidate)?.[0] ?? '';
    const opened = (candidate.match(/\(/g) ?? []).length;
    const closed = (candidate.match(/\)/g) ?? []).length;
    if (trailing && !(trailing === ')' && opened === closed)) candidate = candidate.slice(0, -trailing.length);
    const href = safeHref(candidate);
    pushText(text.slice(last, start));
    if (href) parts.push({ kind: 'link', text: candidate, href });
    else pushText(candidate);
    last = start + candidate.length;
  }
  pushText(text.slice(last));
  return parts;
}
