import { PRODUCT_NAME, type Locale } from '@tsudoi/common';
import { SITE_COPY } from './copy';
import type { SiteCopy } from './site-copy';

export const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A tagged template whose ${} values are escaped unless they are Html already. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}
type Part = Html | string | number | null | undefined | false | Part[];
const piece = (p: Part): string =>
  p === null || p === undefined || p === false
    ? ''
    : Array.isArray(p)
      ? p.map(piece).join('')
      : p instanceof Html
        ? p.value
        : esc(String(p));
export const html = (strings: TemplateStringsArray, ...parts: Part[]): Html =>
  new Html(strings.reduce((out, s, i) => out + s + (i < parts.length ? piece(parts[i]!) : ''), ''));

export interface PageOptions {
  locale: Locale;
  path: string;
  title: string;
  description: string;
  body: Html;
  /** Scripts of the page (only /test has one). */
  scripts?: string[];
  /** The landing pages' header links to the index anchors of `/`. */
  anchorsOn?: '' | '/';
}

/** The public header (spec §2): how to use, special features, features, fee, contact, and the two buttons. */
function header(t: SiteCopy, path: string, anchorsOn: string): Html {
  const links: [string, string][] = [
    [`${anchorsOn}#tutorial`, t.nav.tutorial],
    [`${anchorsOn}#feature`, t.nav.feature],
    [`${anchorsOn}#step`, t.nav.step],
    [`${anchorsOn}#pricing`, t.nav.pricing],
    ['/contact', t.nav.contact],
  ];
  const other: Locale = t.lang === 'ja' ? 'en' : 'ja';
  const items = links.map(
    ([href, label]) => html`<a href="${href}" ${href === path ? html`aria-current="page"` : ''}>${label}</a>`,
  );
  return html`<header class="site-header">
    <div class="site-header__inner">
      <a class="site-brand" href="/"
        ><img src="/site/brand/wordmark.svg" alt="${PRODUCT_NAME}" width="113" height="30"
      /></a>
      <nav class="site-nav site-nav--wide" aria-label="${t.nav.menu}">${items}</nav>
      <details class="site-nav-toggle">
        <summary>${t.nav.menu}</summary>
        <nav class="site-nav" aria-label="${t.nav.menu}">${items}</nav>
      </details>
      <div class="site-header__actions">
        <a
          class="site-lang"
          href="${path}?lang=${other}"
          hreflang="${other}"
          lang="${other}"
          aria-label="${t.language}: ${other === 'ja' ? '日本語' : 'English'}"
          >${other === 'ja' ? '日本語' : 'English'}</a
        >
        <a class="site-button site-button--ghost" href="/login">${t.login}</a>
        <a class="site-button" href="/signup">${t.trial}</a>
      </div>
    </div>
  </header>`;
}

/** The footer (spec §2): social links, privacy policy, terms of use, copyright. */
function footer(t: SiteCopy): Html {
  const year = new Date().getFullYear();
  return html`<footer class="site-footer">
    <div class="site-footer__inner">
      <div class="site-footer__brand">
        <img src="/site/brand/wordmark-inverse.svg" alt="${PRODUCT_NAME}" width="113" height="30" />
      </div>
      <nav class="site-footer__links" aria-label="${PRODUCT_NAME}">
        <a href="/pricing">${t.footer.pricing}</a>
        <a href="/contact">${t.footer.contact}</a>
        <a href="/test">${t.footer.test}</a>
        <a href="/info/privacy-policy">${t.footer.privacy}</a>
        <a href="/info/term-of-service">${t.footer.terms}</a>
      </nav>
      <ul class="site-footer__social" aria-label="${t.footer.social}">
        <li><a href="https://x.com/" rel="noopener" target="_blank">X</a></li>
        <li><a href="https://www.facebook.com/" rel="noopener" target="_blank">Facebook</a></li>
        <li><a href="https://www.youtube.com/" rel="noopener" target="_blank">YouTube</a></li>
      </ul>
      <p class="site-footer__copy">© ${year} ${PRODUCT_NAME}. ${t.footer.rights}</p>
    </div>
  </footer>`;
}

/** A whole public page: one small stylesheet, no floor code (spec: fast, server-rendered). */
export function page(options: PageOptions): string {
  const t = SITE_COPY[options.locale];
  const title = options.path === '/' ? `${PRODUCT_NAME} - ${options.title}` : `${options.title} | ${PRODUCT_NAME}`;
  return `<!doctype html>${
    html`<html lang="${options.locale}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <meta name="description" content="${options.description}" />
        <link rel="icon" href="/site/brand/favicon.svg" type="image/svg+xml" />
        <link rel="alternate" hreflang="ja" href="${options.path}?lang=ja" />
        <link rel="alternate" hreflang="en" href="${options.path}?lang=en" />
        <link rel="stylesheet" href="/site/site.css" />
        ${(options.scripts ?? []).map((src) => html`<script src="${src}" defer></script>`)}
      </head>
      <body>
        <a class="skip-link" href="#main">${t.skip}</a>
        ${header(t, options.path, options.anchorsOn ?? '')}
        <main id="main">${options.body}</main>
        ${footer(t)}
      </body>
    </html>`.value
  }\n`;
}
