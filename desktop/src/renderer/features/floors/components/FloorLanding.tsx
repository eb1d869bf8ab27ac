import type { FloorDto, FloorStatus, MessageId } from '@tsudoi/common';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../../app/hooks';
import { selectLocale } from '@tsudoi/ui/i18n';
import type { CalendarEvent } from '../calendar';
import { formatJapanRange, japanTime } from '../time';
import { CalendarLinks } from './CalendarLinks';
import { ClockIcon, PeopleIcon } from './floor-icons';
import { FloorImage } from './FloorImage';
import { FloorStatusBadge } from './FloorStatusBadge';
import { useNow } from './use-now';
import '@tsudoi/ui/controls/page.css';
import './floors.css';
import './landing.css';
import './countdown.css';

/**
 * Where a floor's start stands for its landing page, checked each second:
 * `countdown` is the start while it is still ahead, `reached` once an
 * upcoming floor's start has come.
 */
export function useFloorStart(floor: Pick<FloorDto, 'status' | 'startAt'> | null) {
  const start = japanTime(floor?.startAt);
  const upcoming = floor?.status === 'upcoming' && start !== null;
  const now = useNow(1000, upcoming);
  const reached = upcoming && start.getTime() <= now;
  return { countdown: upcoming && !reached ? start : null, now, reached };
}

/**
 * A floor as its landing page shows it (spec §2), for a member and for a
 * guest's link alike: the picture, the badges (`badges` adds to status and
 * privacy), title and catch copy, time and participants, the `action` block
 * (join, countdown, ended), `manage` links for its hosts, the about card,
 * the calendar links, then `children` (a guest's name dialog).
 */
export function FloorLanding(props: {
  floor: FloorDto;
  status: FloorStatus | null;
  className?: string;
  badges?: ReactNode;
  action: ReactNode;
  manage?: ReactNode;
  event: CalendarEvent | null;
  children?: ReactNode;
}) {
  const { floor, status } = props;
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const t = (key: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  const range = formatJapanRange(floor.startAt, floor.endAt, locale);
  return (
    <div className={`page page--wide landing${props.className ? ` ${props.className}` : ''}`}>
      <section className="card landing__hero">
        <FloorImage src={floor.imageUrl} title={floor.title} className="landing__image" />
        <div className="landing__info">
          <div className="floor-card__meta">
            <FloorStatusBadge floor={{ type: floor.type, status: status ?? floor.status }} />
            <span className="badge">{t(`floors.privacy.${floor.privacy}`)}</span>
            {props.badges}
          </div>
          <h1 className="landing__title">{floor.title}</h1>
          {floor.catchcopy && <p className="landing__catchcopy">{floor.catchcopy}</p>}
          <ul className="landing__facts">
            <li>
              <ClockIcon />
              <span>{range ? t('floors.time.range', { range }) : t('floors.time.permanent')}</span>
            </li>
            <li>
              <PeopleIcon />
              <span>{t('floors.card.participants', { count: floor.numberOfParticipants })}</span>
            </li>
          </ul>
          <div className="landing__action">{props.action}</div>
          {props.manage && <div className="landing__manage">{props.manage}</div>}
        </div>
      </section>
      {(floor.catchphrase || floor.description) && (
        <section className="card landing__about" aria-labelledby="about-title">
          <h2 id="about-title" className="card__title">
            {t('floors.landing.about')}
          </h2>
          {floor.catchphrase && <p className="landing__catchphrase">{floor.catchphrase}</p>}
          {floor.description && <p className="landing__description">{floor.description}</p>}
        </section>
      )}
      {props.event && <CalendarLinks event={props.event} />}
      {props.children}
    </div>
  );
}
