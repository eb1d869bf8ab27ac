import { formatMessage, type Locale } from '@tsudoi/common';
import type { Models } from '../../../db/models';
import type { Logger } from '../../../lib/logger';
import type { Mailer } from '../../mail/mailer';
import { FOOTER, layout } from '../../mail/templates';
import type { Sessions } from '../../sessions';

/**
 * Someone is guessing a floor's password (floor-password.ts): its host is
 * told — at once on every page they have open (`session:notice`) and by
 * e-mail in their language — with what it means: the guesser is slowed and
 * held, and whoever has the right password still gets in.
 */
export function guessingAlert(deps: {
  models: Models;
  sessions: Sessions;
  mailer: Mailer;
  logger: Logger;
  publicUrl: () => string;
}) {
  const { models, sessions, mailer, logger, publicUrl } = deps;
  return (floorId: number, wrongTries: number): void => {
    void (async () => {
      const floor = await models.Floor.findByPk(floorId);
      const host = floor && (await models.User.findByPk(floor.hostId));
      if (!floor || !host) return;
      const values = { floor: floor.title, count: wrongTries };
      await sessions.notify(host.id, `password-guessing:${floorId}:${Date.now()}`, 'warning', (locale) =>
        formatMessage(locale, 'floors.passwordGuessing.notice', values),
      );
      const locale: Locale = host.locale === 'en' ? 'en' : 'ja';
      const url = `${publicUrl()}/floors/${floorId}/edit`;
      await mailer.send({
        to: host.email,
        link: url,
        subject: formatMessage(locale, 'floors.passwordGuessing.subject', values),
        ...layout(
          [formatMessage(locale, 'floors.passwordGuessing.mail', values)],
          { label: formatMessage(locale, 'floors.passwordGuessing.action'), url },
          FOOTER[locale],
        ),
      });
    })().catch((err: unknown) => logger.warn({ err, floorId }, 'password guessing not told'));
  };
}
