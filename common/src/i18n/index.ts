import type { Locale } from '../domain/locale';
import en from './en.json';
import ja from './ja.json';

export type MessageId = keyof typeof ja;
export type Messages = Record<MessageId, string>;

/** The message catalogues; ids follow feature.component.key. ja is the reference. */
export const MESSAGES: Record<Locale, Messages> = { ja, en: en satisfies Messages };

/** Fills `{name}` placeholders (the subset of ICU the server needs for error texts). */
export function formatMessage(locale: Locale, id: MessageId, values: Record<string, string | number> = {}): string {
  const template = MESSAGES[locale][id] ?? MESSAGES.ja[id] ?? id;
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
