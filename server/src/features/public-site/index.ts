import path from 'node:path';
import express, { Router, type Request, type Response } from 'express';
import { contactSchema, formatMessage, localeSchema, type Locale } from '@tsudoi/common';
import { chosenLocale, writeLocaleCookie } from '@tsudoi/common/i18n/locale-cookie';
import type { ZodError } from 'zod';
import { REPO_ROOT } from '../../config';
import { AppError } from '../../http/app-error';
import { zodFields } from '../../http/error-handler';
import type { ContactService } from '../billing';
import { contactPage, landingPage, landingVariant, pricingPage, privacyPage, termsPage, testPage } from './pages';

// from the repository's root: the same folder whether the server runs from source (tsx) or from its bundle
const ASSETS = path.join(REPO_ROOT, 'server', 'src', 'features', 'public-site', 'assets');
const BRAND = path.join(REPO_ROOT, 'resources', 'brand');

/**
 * The language of a public page: ?lang= (remembered in the locale cookie,
 * spec §9.1), else the cookie, else Japanese. The browser's language does
 * not choose: the product is Japanese first, English by choice, and the
 * app and the admin console read the same cookie.
 */
function localeOf(req: Request, res: Response): Locale {
  const asked = localeSchema.safeParse(req.query.lang);
  if (asked.success) {
    res.append('Set-Cookie', writeLocaleCookie(asked.data, req.secure));
    return asked.data;
  }
  return chosenLocale(req.get('cookie') ?? '');
}

function send(res: Response, locale: Locale, body: string, status = 200): void {
  res
    .status(status)
    .setHeader('Content-Language', locale)
    .setHeader('Cache-Control', 'no-cache')
    .setHeader('Vary', 'Cookie')
    .type('html')
    .send(body);
}

/**
 * The public site (spec §2): /, /lpa, /lpb, /lpc, /pricing, /contact,
 * /info/privacy-policy, /info/term-of-service and /test, rendered on the
 * server in Japanese or English. No floor code is loaded on them.
 */
export function publicSiteRoutes({ contact }: { contact: ContactService }): Router {
  const router = Router();
  router.use('/site/brand', express.static(BRAND, { maxAge: '7d', index: false, fallthrough: false }));
  router.use('/site', express.static(ASSETS, { maxAge: '1h', index: false, fallthrough: false }));

  // the pages hold no per-request data: each is rendered once per language
  const get = (paths: string[], render: (locale: Locale) => string) => {
    const rendered = new Map<Locale, string>();
    router.get(paths, (req, res) => {
      const locale = localeOf(req, res);
      if (!rendered.has(locale)) rendered.set(locale, render(locale));
      send(res, locale, rendered.get(locale)!);
    });
  };
  get(['/'], landingPage);
  for (const which of ['lpa', 'lpb', 'lpc'] as const) get([`/${which}`], (l) => landingVariant(l, which));
  get(['/pricing'], pricingPage);
  get(['/info/privacy-policy'], privacyPage);
  get(['/info/term-of-service'], termsPage);
  get(['/test'], testPage);
  get(['/contact'], (l) => contactPage(l, { values: {}, errors: {}, sent: false }));

  // the form works without JavaScript: a classic POST that answers the page again (errors or thanks)
  router.post(
    '/contact',
    express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 10 }),
    async (req, res) => {
      const locale = localeOf(req, res);
      const raw = (req.body ?? {}) as Record<string, unknown>;
      const values = Object.fromEntries(
        ['name', 'company', 'email', 'phone', 'inquiry'].map((k) => [k, typeof raw[k] === 'string' ? raw[k] : '']),
      );
      const parsed = contactSchema.safeParse(values);
      if (!parsed.success) {
        send(
          res,
          locale,
          contactPage(locale, { values, errors: zodFields(parsed.error as ZodError, locale), sent: false }),
          400,
        );
        return;
      }
      try {
        await contact.create(parsed.data, locale, req.ip ?? 'unknown');
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'RATE_LIMITED') throw error;
        const errors = { inquiry: formatMessage(locale, 'errors.RATE_LIMITED') };
        send(res, locale, contactPage(locale, { values, errors, sent: false }), 429);
        return;
      }
      send(res, locale, contactPage(locale, { values: {}, errors: {}, sent: true }), 201);
    },
  );
  return router;
}
