import type { Locale } from '@tsudoi/common';
import { SITE_COPY } from './copy';
import type { SiteCopy } from './site-copy';
import { PRIVACY, TERMS, type LegalText } from './legal';
import { html, page, type Html } from './render';

const check = html`<svg class="tick" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
  <path
    d="M4 10.5l4 4 8-9"
    fill="none"
    stroke="currentColor"
    stroke-width="2.2"
    stroke-linecap="round"
    stroke-linejoin="round"
  />
</svg>`;

/** The two plans side by side (landing #pricing and /pricing). */
function plans(t: SiteCopy, headingLevel: 2 | 3 = 3): Html {
  const p = t.pricing;
  const h = (text: string) =>
    headingLevel === 2 ? html`<h2 class="plan__name">${text}</h2>` : html`<h3 class="plan__name">${text}</h3>`;
  return html`<div class="plans">
    <article class="plan">
      ${h(p.starter.name)}
      <p class="plan__summary">${p.starter.summary}</p>
      <p class="plan__price">
        <span class="plan__amount">${p.starter.price}</span> <span class="plan__unit">${p.free}</span>
      </p>
      <ul class="plan__items">
        ${p.starter.items.map((i) => html`<li>${check}${i}</li>`)}
      </ul>
      <a class="site-button site-button--ghost site-button--block" href="/signup">${p.starter.cta}</a>
    </article>
    <article class="plan plan--featured">
      <p class="plan__badge">${p.business.badge}</p>
      ${h(p.business.name)}
      <p class="plan__summary">${p.business.summary}</p>
      <p class="plan__price">
        <span class="plan__amount">${p.business.price}</span> <span class="plan__unit">${p.perUser}</span>
      </p>
      <ul class="plan__items">
        ${p.business.items.map((i) => html`<li>${check}${i}</li>`)}
      </ul>
      <a class="site-button site-button--block" href="/signup">${p.business.cta}</a>
    </article>
  </div>`;
}

function contactBand(t: SiteCopy): Html {
  return html`<section class="band band--cta" aria-labelledby="contact-title">
    <div class="section">
      <h2 id="contact-title">${t.contactCta.title}</h2>
      <p>${t.contactCta.text}</p>
      <p class="cta-row">
        <a class="site-button site-button--light" href="/contact">${t.contactCta.button}</a>
        <a class="site-button site-button--outline-light" href="/signup">${t.trial}</a>
      </p>
    </div>
  </section>`;
}

/** The picture of a floor in the hero: rooms with people in them, drawn in SVG (no image request). */
const floorArt = html`<svg class="hero__art" viewBox="0 0 420 300" role="img" aria-hidden="true" focusable="false">
  <rect x="0" y="0" width="420" height="300" rx="22" fill="#fff" />
  <rect x="16" y="16" width="180" height="120" rx="14" fill="#eef0ff" />
  <rect x="208" y="16" width="196" height="120" rx="14" fill="#e2f5f0" />
  <rect x="16" y="148" width="120" height="136" rx="14" fill="#fdf3e4" />
  <rect x="148" y="148" width="256" height="136" rx="14" fill="#f3effa" />
  <g fill="#4338ca">
    <circle cx="60" cy="70" r="14" />
    <circle cx="100" cy="84" r="14" />
    <circle cx="140" cy="66" r="14" />
  </g>
  <g fill="#0e9f90">
    <circle cx="260" cy="76" r="14" />
    <circle cx="306" cy="76" r="14" />
  </g>
  <g fill="#b45309"><circle cx="76" cy="216" r="14" /></g>
  <g fill="#7c3aed">
    <circle cx="210" cy="214" r="14" />
    <circle cx="256" cy="230" r="14" />
    <circle cx="302" cy="210" r="14" />
    <circle cx="348" cy="226" r="14" />
  </g>
  <rect x="30" y="28" width="70" height="10" rx="5" fill="#c7cbf6" />
  <rect x="222" y="28" width="60" height="10" rx="5" fill="#b3e3d8" />
  <rect x="30" y="160" width="50" height="10" rx="5" fill="#f3d9ad" />
  <rect x="162" y="160" width="80" height="10" rx="5" fill="#dcd0f2" />
</svg>`;

export function landingPage(locale: Locale): string {
  const t = SITE_COPY[locale];
  const body = html`<section class="hero" aria-labelledby="hero-title">
      <div class="section hero__grid">
        <div>
          <p class="eyebrow">${t.hero.eyebrow}</p>
          <h1 id="hero-title">${t.hero.title}</h1>
          <p class="lead">${t.hero.lead}</p>
          <p class="cta-row">
            <a class="site-button site-button--large" href="/signup">${t.trial}</a>
            <a class="site-button site-button--ghost site-button--large" href="#tutorial">${t.nav.tutorial}</a>
          </p>
          <p class="hero__note">${t.hero.note}</p>
        </div>
        ${floorArt}
      </div>
    </section>
    <section id="tutorial" class="band" aria-labelledby="tutorial-title">
      <div class="section">
        <h2 id="tutorial-title">${t.tutorial.title}</h2>
        <p class="section__lead">${t.tutorial.lead}</p>
        <ol class="steps">
          ${t.tutorial.steps.map(
            (s, i) =>
              html`<li class="card">
                <span class="steps__n" aria-hidden="true">${i + 1}</span>
                <h3>${s.title}</h3>
                <p>${s.text}</p>
              </li>`,
          )}
        </ol>
      </div>
    </section>
    <section id="feature" class="band band--muted" aria-labelledby="feature-title">
      <div class="section">
        <h2 id="feature-title">${t.special.title}</h2>
        <p class="section__lead">${t.special.lead}</p>
        <div class="grid grid--3">
          ${t.special.items.map(
            (s) =>
              html`<div class="card card--accent">
                <h3>${s.title}</h3>
                <p>${s.text}</p>
              </div>`,
          )}
        </div>
      </div>
    </section>
    <section id="step" class="band" aria-labelledby="step-title">
      <div class="section">
        <h2 id="step-title">${t.features.title}</h2>
        <ul class="grid grid--4 features">
          ${t.features.items.map(
            (f) =>
              html`<li class="card">
                <h3>${f.title}</h3>
                <p>${f.text}</p>
              </li>`,
          )}
        </ul>
      </div>
    </section>
    <section id="pricing" class="band band--muted" aria-labelledby="pricing-title">
      <div class="section">
        <h2 id="pricing-title">${t.pricing.title}</h2>
        <p class="section__lead">${t.pricing.lead}</p>
        ${plans(t)}
        <p class="center"><a href="/pricing">${t.pricing.more}</a></p>
      </div>
    </section>
    ${contactBand(t)}`;
  return page({ locale, path: '/', title: t.hero.title, description: t.hero.lead, body });
}

export function landingVariant(locale: Locale, which: 'lpa' | 'lpb' | 'lpc'): string {
  const t = SITE_COPY[locale];
  const v = t.landing[which];
  const body = html`<section class="hero hero--fit hero--${which}" aria-labelledby="hero-title">
      <div class="section hero__grid">
        <div>
          <p class="eyebrow">${t.hero.eyebrow}</p>
          <h1 id="hero-title">${v.title}</h1>
          <p class="lead">${v.lead}</p>
          <ul class="points">
            ${v.points.map((p) => html`<li>${check}${p}</li>`)}
          </ul>
          <p class="cta-row">
            <a class="site-button site-button--large" href="/signup">${t.trial}</a>
            <a class="site-button site-button--ghost site-button--large" href="/#tutorial">${t.nav.tutorial}</a>
          </p>
        </div>
        ${floorArt}
      </div>
    </section>
    <section class="band band--muted" aria-labelledby="pricing-title">
      <div class="section">
        <h2 id="pricing-title">${t.pricing.title}</h2>
        ${plans(t)}
      </div>
    </section>
    ${contactBand(t)}`;
  return page({ locale, path: `/${which}`, title: v.title, description: v.lead, body, anchorsOn: '/' });
}

export function pricingPage(locale: Locale): string {
  const t = SITE_COPY[locale];
  const body = html`<section class="band page-head" aria-labelledby="page-title">
      <div class="section">
        <h1 id="page-title">${t.pricing.pageTitle}</h1>
        <p class="section__lead">${t.pricing.lead}</p>
        ${plans(t, 2)}
        <ul class="notes">
          ${t.pricing.notes.map((n) => html`<li>${n}</li>`)}
        </ul>
      </div>
    </section>
    ${contactBand(t)}`;
  return page({
    locale,
    path: '/pricing',
    title: t.pricing.pageTitle,
    description: t.pricing.lead,
    body,
    anchorsOn: '/',
  });
}

export interface ContactFormState {
  values: Record<string, string>;
  errors: Record<string, string>;
  sent: boolean;
}

export function contactPage(locale: Locale, state: ContactFormState): string {
  const t = SITE_COPY[locale];
  const c = t.contact;
  const field = (
    name: string,
    label: string,
    opts: { type?: string; required: boolean; multiline?: boolean; hint?: string; autocomplete?: string },
  ) => {
    const id = `contact-${name}`;
    const error = state.errors[name];
    const described = [opts.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
    const attrs = html`id="${id}"
    name="${name}"${opts.required ? html` required aria-required="true"` : ''}${error
      ? html` aria-invalid="true"`
      : ''}${described ? html` aria-describedby="${described}"` : ''}${opts.autocomplete
      ? html` autocomplete="${opts.autocomplete}"`
      : ''}`;
    return html`<div class="field${error ? ' field--error' : ''}">
      <label for="${id}">${label} <span class="field__tag">${opts.required ? c.required : c.optional}</span></label>
      ${opts.hint ? html`<p class="field__hint" id="${id}-hint">${opts.hint}</p>` : ''}
      ${opts.multiline
        ? html`<textarea ${attrs} rows="7" maxlength="4000">${state.values[name] ?? ''}</textarea>`
        : html`<input ${attrs} type="${opts.type ?? 'text'}" value="${state.values[name] ?? ''}" />`}
      ${error ? html`<p class="field__error" id="${id}-error">${error}</p>` : ''}
    </div>`;
  };
  const errorCount = Object.keys(state.errors).length;
  const body = state.sent
    ? html`<section class="band page-head" aria-labelledby="page-title">
        <div class="section narrow">
          <div class="card sent" role="status">
            <h1 id="page-title">${c.sentTitle}</h1>
            <p>${c.sentText}</p>
            <p><a class="site-button" href="/">${c.back}</a></p>
          </div>
        </div>
      </section>`
    : html`<section class="band page-head" aria-labelledby="page-title">
        <div class="section narrow">
          <h1 id="page-title">${c.title}</h1>
          <p class="section__lead">${c.lead}</p>
          ${errorCount
            ? html`<div class="form-alert" role="alert" tabindex="-1" id="form-errors">${c.errorSummary}</div>`
            : ''}
          <form class="card contact-form" method="post" action="/contact" novalidate>
            ${field('name', c.name, { required: true, autocomplete: 'name' })}
            ${field('company', c.company, { required: true, hint: c.companyHint, autocomplete: 'organization' })}
            ${field('email', c.email, { required: true, type: 'email', autocomplete: 'email' })}
            ${field('phone', c.phone, { required: false, type: 'tel', autocomplete: 'tel' })}
            ${field('inquiry', c.inquiry, { required: true, multiline: true })}
            <button class="site-button site-button--large" type="submit">${c.submit}</button>
          </form>
        </div>
      </section>`;
  return page({ locale, path: '/contact', title: c.title, description: c.lead, body, anchorsOn: '/' });
}

function legal(locale: Locale, path: string, title: string, text: LegalText): string {
  const t = SITE_COPY[locale];
  const body = html`<article class="band page-head legal" aria-labelledby="page-title">
    <div class="section narrow">
      <h1 id="page-title">${title}</h1>
      <p class="legal__updated">${t.updated}</p>
      ${text.map(
        (s) =>
          html`<section>
            <h2>${s.heading}</h2>
            ${s.paragraphs.map((p) => html`<p>${p}</p>`)}
          </section>`,
      )}
    </div>
  </article>`;
  return page({ locale, path, title, description: title, body, anchorsOn: '/' });
}

export const privacyPage = (locale: Locale) =>
  legal(locale, '/info/privacy-policy', SITE_COPY[locale].privacyTitle, PRIVACY[locale]);
export const termsPage = (locale: Locale) =>
  legal(locale, '/info/term-of-service', SITE_COPY[locale].termsTitle, TERMS[locale]);

/** /test: device and network check anyone can run before a meeting (spec §2), no sign-in. */
export function testPage(locale: Locale): string {
  const t = SITE_COPY[locale].test;
  const row = (key: string, label: string) =>
    html`<li class="check" data-check="${key}">
      <span class="check__label">${label}</span><span class="check__state" data-state="idle">${t.waiting}</span
      ><span class="check__detail"></span>
    </li>`;
  const body = html`<section class="band page-head" aria-labelledby="page-title">
    <div class="section narrow">
      <h1 id="page-title">${t.title}</h1>
      <p class="section__lead">${t.lead}</p>
      <div class="card device-test" data-ok="${t.ok}" data-failed="${t.failed}">
        <video class="device-test__video" muted playsinline aria-label="${t.preview}"></video>
        <ul class="checks" aria-live="polite">
          ${row('browser', t.browser)}${row('camera', t.camera)}${row('microphone', t.microphone)}${row(
            'network',
            t.network,
          )}
        </ul>
        <button class="site-button site-button--large" type="button" id="device-test-start">${t.start}</button>
        <noscript><p>${t.noJs}</p></noscript>
      </div>
    </div>
  </section>`;
  return page({
    locale,
    path: '/test',
    title: t.title,
    description: t.lead,
    body,
    scripts: ['/site/device-check.js'],
    anchorsOn: '/',
  });
}
