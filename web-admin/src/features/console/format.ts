import type { IntlShape } from 'react-intl';
import type { MessageId } from '@tsudoi/common';

/** The translation of a message id built at run time (an enum value), or null when there is none. */
export function dynamicMessage(intl: IntlShape, id: string): string | null {
  return Object.hasOwn(intl.messages, id) ? intl.formatMessage({ id: id as MessageId }) : null;
}

/** 3145728 → "3 MB" (spec §9.1: Bytes to YB, 2 decimals). */
export function formatBytes(bytes: number): string {
  const units = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];
  const power = bytes > 0 ? Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1) : 0;
  return `${Number((bytes / 1024 ** power).toFixed(2))} ${units[power]}`;
}

/** An instant in Japan time (spec §1: floor times are Japan time), as "2026/11/25 21:03". */
export function formatWhen(intl: IntlShape, value: unknown): string {
  if (typeof value !== 'string' || !value) return '—';
  return intl.formatDate(value, {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** A translated enum value (plan, privacy, log type…) when a key exists, else the value itself. */
export function formatValue(intl: IntlShape, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return dynamicMessage(intl, `adminConsole.value.${String(value)}`) ?? String(value);
}

export function formatRole(intl: IntlShape, value: unknown): string {
  if (!value) return '—';
  return dynamicMessage(intl, `adminConsole.role.${String(value)}`) ?? String(value);
}
