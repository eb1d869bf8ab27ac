import { z } from 'zod';

export const LOCALES = ['ja', 'en'] as const;
export const localeSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof localeSchema>;
export const DEFAULT_LOCALE: Locale = 'ja';

/**
 * Picks ja or en from an Accept-Language header or a cookie value.
 * Honours q-values; anything unknown falls back to the default (ja).
 */
export function pickLocale(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { lang: tag.toLowerCase().split('-')[0] ?? '', weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  const hit = ranked.find((entry) => (LOCALES as readonly string[]).includes(entry.lang));
  return (hit?.lang as Locale | undefined) ?? DEFAULT_LOCALE;
}
