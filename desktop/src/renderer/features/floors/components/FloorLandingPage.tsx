import { FLOOR_TYPES, type MessageId } from '@tsudoi/common';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectLocale } from '@tsudoi/ui/i18n';
import { buttonClassName, useDocumentTitle } from '@tsudoi/ui/controls';
import { floorRequested } from '../detail-slice';
import { formatJapanRange, japanTime } from '../time';
import { CalendarLinks, floorEvent } from './CalendarLinks';
import { Countdown } from './Countdown';
import { ClockIcon, PeopleIcon } from './floor-icons';
import { FloorImage } from './FloorImage';
import { FloorNotFound } from './FloorNotFound';
import { FloorStatusBadge } from './FloorStatusBadge';
import { useFloor } from './use-floor';
import { GuestInviteLink } from '../guest/GuestInviteLink';
import { floorEntryPath } from '../../media';
import { useNow } from './use-now';
import { useFloorStatus } from './use-floor-status';
import '@tsudoi/ui/controls/page.css';
import './floors.css';
import './landing.css';
import './countdown.css';
import { paths } from '../../../app/paths';

/** /floors/{id}: the floor landing page (spec §2): picture, texts, countdown or join, calendar links. */
export function FloorLandingPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const locale = useAppSelector(selectLocale);
  const id = Number(useParams().id);
  const { floor, error } = useFloor(id);
  const t = (key: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  const start = japanTime(floor?.startAt);
  const upcoming = floor?.status === 'upcoming' && start !== null;
  const now = useNow(1000, upcoming);
  const reached = upcoming && start.getTime() <= now;
  useDocumentTitle(floor?.title ?? t('floors.list.title'));
  const status = useFloorStatus(floor);

  // The countdown ran out: ask the server, which decides that the floor is running.
  useEffect(() => {
    if (reached) dispatch(floorRequested(id));
  }, [reached, id, dispatch]);

  if (error) return <FloorNotFound status={error.status} message={error.message} />;
  if (!floor) {
    return (
      <div className="floor-list__loading" role="status">
        <span className="button__spinner" aria-hidden="true" />
        <span>{t('common.loading')}</span>
      </div>
    );
  }

  const range = formatJapanRange(floor.startAt, floor.endAt, locale);
  const event = status !== 'finished' ? floorEvent(floor, window.location.origin) : null;
  const permanent = floor.type === FLOOR_TYPES.PERMANENT;

  return (
    <div className="page page--wide landing">
      <section className="card landing__hero">
        <FloorImage src={floor.imageUrl} title={floor.title} className="landing__image" />
        <div className="landing__info">
          <div className="floor-card__meta">
            <FloorStatusBadge floor={{ type: floor.type, status: status ?? floor.status }} />
            <span className="badge">{t(`floors.privacy.${floor.privacy}`)}</span>
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
          <div className="landing__action">
            {status === 'running' && (
              <Link className={buttonClassName('primary', true)} to={floorEntryPath(floor.id)}>
                {t('floors.landing.join')}
              </Link>
            )}
            {upcoming && !reached && <Countdown target={start} now={now} />}
            {status === 'finished' && <p className="landing__ended">{t('floors.landing.ended')}</p>}
            {status === 'running' && !permanent && <p className="landing__hint">{t('floors.landing.open')}</p>}
          </div>
          {floor.canManage && (
            <div className="landing__manage">
              <Link className="link" to={paths.floorEdit(floor.id)}>
                {t('floors.actions.edit')}
              </Link>
              <Link className="link" to={`/floors/duplicate/${floor.id}`}>
                {t('floors.actions.duplicate')}
              </Link>
              <GuestInviteLink floor={floor} />
            </div>
          )}
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
      {event && <CalendarLinks event={event} />}
    </div>
  );
}
