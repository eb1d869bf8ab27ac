import { DEFAULT_TIME_ZONE, formatMessage, toJapanTime, type Locale } from '@tsudoi/common';
import { FOOTER, layout, type MailContent } from '../mail/templates';

export interface VisitMailInput {
  host: string;
  title: string;
  room: string;
  start: Date;
  end: Date;
  /** The guest's time zone (IANA); Japan when unknown. */
  timeZone: string | null;
  url: string;
}

/** "2026-12-01 10:00" in `zone`, and the zone's short name ("GMT+1", "JST"). */
export function zonedTime(date: Date, zone: string, locale: Locale) {
  const parts = new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-GB', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    text: `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`,
    zone: get('timeZoneName'),
  };
}

const japan = (date: Date) => toJapanTime(date).slice(0, 16).replace('T', ' ');

/** The words of a visit's mails in `locale`, and its "When:" line (and the Japan time when the guest is elsewhere). */
function visitWords(locale: Locale, input: Omit<VisitMailInput, 'url'>) {
  const zone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const start = zonedTime(input.start, zone, locale);
  const end = zonedTime(input.end, zone, locale);
  const t = (id: Parameters<typeof formatMessage>[1], values: Record<string, string> = {}) =>
    formatMessage(locale, id, values);
  const when = t('appointments.mail.when', {
    local: `${start.text} – ${end.text.slice(11)}`,
    zone: `${zone}, ${start.zone}`,
  });
  const japanLine =
    zone === DEFAULT_TIME_ZONE
      ? []
      : [t('appointments.mail.japan', { japan: `${japan(input.start)} – ${japan(input.end).slice(11)}` })];
  return { t, when, japanLine, names: { host: input.host, title: input.title, room: input.room } };
}

/** The guest's mail: the link, the time in their time zone and in Japan time. */
export function visitMail(locale: Locale, input: VisitMailInput): MailContent {
  const { t, when, japanLine, names } = visitWords(locale, input);
  const lines = [t('appointments.mail.intro', names), when, ...japanLine, t('appointments.mail.note')];
  return {
    subject: t('appointments.mail.subject', { host: input.host, title: input.title }),
    ...layout(lines, { label: t('appointments.mail.button'), url: input.url }, FOOTER[locale]),
  };
}

/** The guest's notice that their visit was cancelled (the calendar file attached to it removes the event). */
export function visitCancelledMail(locale: Locale, input: Omit<VisitMailInput, 'url'>): MailContent {
  const { t, when, japanLine, names } = visitWords(locale, input);
  const lines = [
    t('appointments.mail.cancelledIntro', names),
    when,
    ...japanLine,
    t('appointments.mail.cancelledNote'),
  ];
  return {
    subject: t('appointments.mail.cancelledSubject', { host: input.host, title: input.title }),
    ...layout(lines, null, FOOTER[locale]),
  };
}
