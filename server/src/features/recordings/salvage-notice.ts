import type { Locale } from '@tsudoi/common';
import type { Models } from '../../db/models';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../mail/mailer';
import { FOOTER, layout } from '../mail/templates';
import type { Sessions } from '../sessions';
import type { Recording } from './recording.model';
import { salvageWords } from './recording-salvage';

/**
 * Tells a recording's starter what a crash did to it (issue 25 §9): a notice
 * on every page they have open and an e-mail (they may not be online when the
 * server comes back), in their language, with a link to the floor's recordings.
 */
export function salvageNotice(deps: {
  models: Models;
  logger: Logger;
  sessions: Sessions;
  mailer: Mailer;
  publicUrl: () => string;
}) {
  return async (row: Recording, outcome: 'salvaged' | 'lost'): Promise<void> => {
    if (!row.startedBy) return;
    try {
      const starter = await deps.models.User.findByPk(row.startedBy);
      if (!starter) return;
      const kind = outcome === 'salvaged' ? 'info' : 'warning';
      await deps.sessions.notify(
        starter.id,
        `recording-${outcome}:${row.id}`,
        kind,
        (locale) => salvageWords(row, outcome, locale).notice,
      );
      const locale: Locale = starter.locale === 'en' ? 'en' : 'ja';
      const words = salvageWords(row, outcome, locale);
      const url =
        outcome === 'salvaged'
          ? `${deps.publicUrl()}/floors/${row.floorId}/recordings/${row.id}`
          : `${deps.publicUrl()}/floors/${row.floorId}/recordings`;
      await deps.mailer.send({
        to: starter.email,
        link: url,
        subject: words.subject,
        ...layout(words.mail.split('\n'), { label: words.action, url }, FOOTER[locale]),
      });
    } catch (err) {
      deps.logger.warn({ err, recordingId: row.id }, 'recording salvage not told');
    }
  };
}
