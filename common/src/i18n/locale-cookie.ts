import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS } from '../domain/constants';
import { DEFAULT_LOCALE, localeSchema, type Locale } from '../domain/locale';

/**
 * The locale cookie (spec §9.1: 365 days) and locale detection, shared by the
 * floor UI and the admin UI. Pure: callers pass `document.cookie` and
 * `navigator.languages` in and assign the returned string to `document.cookie`.
 */

/** The locale stored in a Cookie header or `document.cookie` string, or null when absent or unknown. */
export function readLocaleCookie(cookies: string): Locale | null {
  for (const pair of cookies.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== LOCALE_COOKIE) continue;
    const parsed = localeSchema.safeParse(decodeURIComponent(pair.slice(separator + 1).trim()));
    return parsed.success ? parsed.data : null;
  }
  return null;
}

/** A `document.cookie` assignment that remembers the locale for 365 days on the whole site. */
export function writeLocaleCookie(locale: Locale, secure = false): string {
  const maxAge = LOCALE_COOKIE_DAYS * 24 * 60 * 60;
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The person's language (spec §9.1: Japanese first): English only when they
 * chose it (the cookie every part of the product writes and reads), never
 * because of the browser's language.
 */
export function chosenLocale(cookies: string): Locale {
  return readLocaleCookie(cookies) ?? DEFAULT_LOCALE;
}
