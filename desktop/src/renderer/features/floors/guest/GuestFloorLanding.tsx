import type { MessageId } from '@tsudoi/common';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button, useDocumentTitle } from '@tsudoi/ui/controls';
import { selectLocale } from '@tsudoi/ui/i18n';
import { CalendarLinks, floorEvent } from '../components/CalendarLinks';
import { Countdown } from '../components/Countdown';
import { ClockIcon, PeopleIcon } from '../components/floor-icons';
import { FloorImage } from '../components/FloorImage';
import { FloorStatusBadge } from '../components/FloorStatusBadge';
import { useNow } from '../components/use-now';
import { useFloorStatus } from '../components/use-floor-status';
import { formatJapanRange, japanTime } from '../time';
import { guestJoinRequested, guestLandingRequested, selectGuestEntry } from './entry-slice';
import { GuestNameDialog } from './GuestNameDialog';
import { guestSessions } from './guest-sessions';
import '@tsudoi/ui/controls/page.css';
import '../components/floors.css';
import '../components/landing.css';
import '../components/countdown.css';
import './guest.css';

/**
 * /floors/{id}?app_id= for someone without an account (spec §2): the floor
 * as the link shows it, its calendar links, and the guest display-name
 * dialog; joining opens the live floor with the guest's own app_id.
 */
export function GuestFloorLanding({ appId }: { appId: string }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const locale = useAppSelector(selectLocale);
  const entry = useAppSelector(selectGuestEntry);
  const id = Number(useParams().id);
  // The dialog opens by itself on a running floor; closed, the join button opens it again.
  const [dialogClosed, setDialogClosed] = useState(false);
  const t = (key: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  const mine = entry.floorId === id && entry.appId === appId;
  const landing = mine ? entry.landing : null;
  const floor = landing?.floor ?? null;
  const start = japanTime(floor?.startAt);
  const upcoming = floor?.status === 'upcoming' && start !== null;
  const now = useNow(1000, upcoming);
  const reached = upcoming && start.getTime() <= now;
  useDocumentTitle(floor?.title ?? t('floors.guest.dialogTitle'));
  const status = useFloorStatus(floor);

  useEffect(() => {
    if (Number.isInteger(id) && id > 0) dispatch(guestLandingRequested({ floorId: id, appId }));
  }, [id, appId, reached, dispatch]);
  const session = mine ? entry.session : null;
  useEffect(() => {
    if (session) void navigate(`/floors/${id}/live?app_id=${encodeURIComponent(session.participantId)}`);
  }, [session, id, navigate]);

  if (mine && entry.error) {
    return (
      <div className="page page--narrow">
        <section className="card floor-missing guest-refused" data-code={entry.error.code ?? ''}>
          <p className="floor-missing__status" aria-hidden="true">
            {entry.error.status || '!'}
          </p>
          <h1 className="floor-missing__message">{entry.error.message}</h1>
          <Link className="link" to="/login">
            {t('floors.guest.signIn')}
          </Link>
        </section>
      </div>
    );
  }
  if (!floor) {
    return (
      <div className="floor-list__loading" role="status">
        <span className="button__spinner" aria-hidden="true" />
        <span>{t('common.loading')}</span>
      </div>
    );
  }

  const range = formatJapanRange(floor.startAt, floor.endAt, locale);
  const remembered = guestSessions.read(id)?.name ?? '';
  // every invitee gets the calendar links, a guest's leading back to their own link
  const event = status !== 'finished' ? floorEvent(floor, window.location.origin, appId) : null;
  return (
    <div className="page page--wide landing guest-landing">
      <section className="card landing__hero">
        <FloorImage src={floor.imageUrl} title={floor.title} className="landing__image" />
        <div className="landing__info">
          <div className="floor-card__meta">
            <FloorStatusBadge floor={{ type: floor.type, status: status ?? floor.status }} />
            <span className="badge">{t(`floors.privacy.${floor.privacy}`)}</span>
            <span className="badge badge--accent">{t('floors.guest.invited')}</span>
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
              <Button block onClick={() => setDialogClosed(false)}>
                {t('floors.guest.dialogTitle')}
              </Button>
            )}
            {upcoming && !reached && <Countdown target={start} now={now} />}
            {status === 'finished' && <p className="landing__ended">{t('floors.landing.ended')}</p>}
            <Link className="link guest-landing__sign-in" to="/login">
              {t('floors.guest.signIn')}
            </Link>
          </div>
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
      <GuestNameDialog
        open={!dialogClosed && status === 'running'}
        floorTitle={floor.title}
        initialName={landing?.name ?? remembered}
        askPassword={entry.askPassword}
        busy={entry.joining}
        error={entry.joinError}
        onSubmit={(name, password) =>
          dispatch(guestJoinRequested({ floorId: id, appId, name, ...(password ? { password } : {}) }))
        }
        onClose={() => setDialogClosed(true)}
      />
    </div>
  );
}
