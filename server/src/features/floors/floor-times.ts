import {
  FLOOR_TYPES,
  formatMessage,
  parseJapanTime,
  toJapanTime,
  truncateToMinute,
  type FloorType,
  type Locale,
  type MessageId,
} from '@tsudoi/common';
import { AppError } from '../../http/app-error';

export interface TimesInput {
  type: FloorType;
  startAt?: string | null;
  endAt?: string | null;
}

/**
 * The time rules of spec §5 for a floor with time: start and end required,
 * start before end, and the start now or later (the current minute counts as
 * now) — or, when editing a floor that had a start, not earlier than the
 * saved start. A permanent floor has no times. Every broken rule gets its
 * field message; any one refuses the call.
 */
export function checkFloorTimes(
  input: TimesInput,
  now: Date,
  savedStart: Date | null,
  locale: Locale,
): { startAt: Date | null; endAt: Date | null } {
  if (input.type === FLOOR_TYPES.PERMANENT) return { startAt: null, endAt: null };
  const fields: Record<string, string> = {};
  const fail = (field: string, id: MessageId, values?: Record<string, string>) =>
    (fields[field] ??= formatMessage(locale, id, values));
  const parse = (field: 'startAt' | 'endAt', value: string | null | undefined) => {
    if (!value) return fail(field, field === 'startAt' ? 'validation.startRequired' : 'validation.endRequired');
    const date = parseJapanTime(value);
    if (!date) fail(field, 'validation.invalidTime');
    return date;
  };
  const startAt = parse('startAt', input.startAt);
  const endAt = parse('endAt', input.endAt);
  if (startAt instanceof Date && endAt instanceof Date) {
    if (startAt.getTime() >= endAt.getTime()) fail('endAt', 'validation.startAfterEnd');
    if (savedStart) {
      if (startAt.getTime() < savedStart.getTime())
        fail('startAt', 'validation.startBeforeSaved', { start: toJapanTime(savedStart) });
    } else if (startAt.getTime() < truncateToMinute(now).getTime()) fail('startAt', 'validation.startInPast');
  }
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION_FAILED', { fields });
  return { startAt: startAt as Date, endAt: endAt as Date };
}
