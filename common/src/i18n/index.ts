import { IntlMessageFormat } from 'intl-messageformat';
import type { Locale } from '../domain/locale';
import en from './en.json';
import ja from './ja.json';

export type MessageId = keyof typeof ja;
export type Messages = Record<MessageId, string>;

/** The message catalogues; ids follow feature.component.key. ja is the reference. */
export const MESSAGES: Record<Locale, Messages> = { ja, en: en satisfies Messages };

/** Each message parsed once, on first use (a catalogue has ~1,800; the server formats a few dozen). */
const parsed = new Map<string, IntlMessageFormat>();

/**
 * A catalogue message in ICU MessageFormat, as react-intl formats the same catalogues in the apps
 * (`{name}`, `{n, plural, …}`, `{kind, select, …}`); a placeholder without its value stays as written.
 */
export function formatMessage(locale: Locale, id: MessageId, values: Record<string, string | number> = {}): string {
  const template = MESSAGES[locale][id] ?? MESSAGES.ja[id] ?? id;
  const key = `${locale}\u0000${template}`;
  try {
    let format = parsed.get(key);
    if (!format) parsed.set(key, (format = new IntlMessageFormat(template, locale, undefined, { ignoreTag: true })));
    return String(format.format(values));
  } catch {
    // a value missing from a simple message keeps its placeholder, as before (the text is still readable)
    return template.replace(/\{(\w+)\}/g, (whole, k: string) => (k in values ? String(values[k]) : whole));
  }
}
