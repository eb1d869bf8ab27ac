import type { Locale } from '@tsudoi/common';

/**
 * The public site's words, Japanese first (spec §1: landing copy, plans and
 * prices; §10: terms summary). Kept here and not in the UI catalogues: these
 * pages are rendered by the server and the floor UI never loads them.
 */
export interface SiteCopy {
  lang: Locale;
  nav: { tutorial: string; feature: string; step: string; pricing: string; contact: string; menu: string };
  login: string;
  trial: string;
  language: string;
  skip: string;
  hero: { eyebrow: string; title: string; lead: string; note: string };
  tutorial: { title: string; lead: string; steps: { title: string; text: string }[] };
  special: { title: string; lead: string; items: { title: string; text: string }[] };
  features: { title: string; items: { title: string; text: string }[] };
  pricing: {
    title: string;
    pageTitle: string;
    lead: string;
    perUser: string;
    free: string;
    starter: { name: string; price: string; summary: string; items: string[]; cta: string };
    business: { name: string; price: string; summary: string; items: string[]; cta: string; badge: string };
    notes: string[];
    more: string;
  };
  contactCta: { title: string; text: string; button: string };
  footer: {
    privacy: string;
    terms: string;
    contact: string;
    pricing: string;
    test: string;
    rights: string;
    social: string;
  };
  landing: Record<'lpa' | 'lpb' | 'lpc', { title: string; lead: string; points: string[] }>;
  contact: {
    title: string;
    lead: string;
    name: string;
    company: string;
    companyHint: string;
    email: string;
    phone: string;
    optional: string;
    required: string;
    inquiry: string;
    submit: string;
    sentTitle: string;
    sentText: string;
    back: string;
    errorSummary: string;
  };
  test: {
    title: string;
    lead: string;
    browser: string;
    camera: string;
    microphone: string;
    network: string;
    start: string;
    waiting: string;
    ok: string;
    failed: string;
    noJs: string;
    preview: string;
  };
  privacyTitle: string;
  termsTitle: string;
  updated: string;
}
