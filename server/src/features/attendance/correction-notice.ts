import { formatMessage, localDate, localTime, type Locale } from '@tsudoi/common';
import type { Models } from '../../db/models';
import type { Logger } from '../../lib/logger';
import type { AuditLog } from '../admin';
import type { Mailer } from '../mail/mailer';
import { FOOTER, layout } from '../mail/templates';
import type { Sessions } from '../sessions';
import { timesOf } from './corrections';
import type { RecordedTimes } from './time-log-correction.model';
import type { Correction } from './time-logs.service';

/** A record's times in words, in the team's zone: "09:00–18:00 (break 12:00–13:00)". */
export function timesInWords(t: RecordedTimes, timeZone: string, locale: Locale): string {
  const at = (iso: string) => localTime(new Date(iso), timeZone);
  const span = `${at(t.checkInAt)}–${t.checkOutAt ? at(t.checkOutAt) : formatMessage(locale, 'attendance.report.working')}`;
  const breaks = t.breaks.map((b) => `${at(b.start)}–${b.end ? at(b.end) : ''}`).join(', ');
  return breaks ? `${span} (${formatMessage(locale, 'attendance.report.break')} ${breaks})` : span;
}

/**
 * A correction of someone's time record (issue 25 §14): the employee is told
 * at once on every page they have open and by e-mail, in their language, with
 * the reason and the record before and after; the audit log keeps it in the
 * team's wall-clock words.
 */
export function correctionNotice(deps: {
  models: Models;
  sessions: Sessions;
  mailer: Mailer;
  audit: Pick<AuditLog, 'recordAction'>;
  logger: Logger;
  publicUrl: () => string;
}) {
  const { models, sessions, mailer, audit, logger, publicUrl } = deps;
  return (c: Correction): void => {
    void (async () => {
      const after = timesOf(c.log);
      const date = localDate(new Date(c.before.checkInAt), c.timeZone);
      await audit.recordAction({
        actor: c.by,
        kind: 'manager',
        companyId: c.companyId,
        action: 'timeLog.correct',
        targetType: 'timeLog',
        targetId: c.log.id,
        before: { employeeId: c.log.userId, date, times: timesInWords(c.before, c.timeZone, 'en') },
        after: { times: timesInWords(after, c.timeZone, 'en'), reason: c.reason },
      });
      if (c.log.userId === c.by.id) return; // one's own record: nobody else to tell
      const employee = await models.User.findByPk(c.log.userId);
      if (!employee) return;
      const values = (locale: Locale) => ({
        date,
        by: c.by.name,
        reason: c.reason,
        before: timesInWords(c.before, c.timeZone, locale),
        after: timesInWords(after, c.timeZone, locale),
      });
      await sessions.notify(employee.id, `time-log-corrected:${c.log.id}:${Date.now()}`, 'info', (locale) =>
        formatMessage(locale, 'attendance.corrected.notice', values(locale)),
      );
      const locale: Locale = employee.locale === 'en' ? 'en' : 'ja';
      const url = `${publicUrl()}/attendance`;
      await mailer.send({
        to: employee.email,
        link: url,
        subject: formatMessage(locale, 'attendance.corrected.subject', values(locale)),
        ...layout(
          formatMessage(locale, 'attendance.corrected.mail', values(locale)).split('\n'),
          { label: formatMessage(locale, 'attendance.corrected.action'), url },
          FOOTER[locale],
        ),
      });
    })().catch((err: unknown) => logger.warn({ err, timeLogId: c.log.id }, 'correction not told'));
  };
}
