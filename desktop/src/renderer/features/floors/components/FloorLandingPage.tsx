import { FLOOR_TYPES, type MessageId } from '@tsudoi/common';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { buttonClassName, useDocumentTitle } from '@tsudoi/ui/controls';
import { floorRequested } from '../detail-slice';
import { floorEvent } from './CalendarLinks';
import { Countdown } from './Countdown';
import { FloorLanding, useFloorStart } from './FloorLanding';
import { FloorLoading } from './FloorLoading';
import { FloorNotFound } from './FloorNotFound';
import { useFloor } from './use-floor';
import { GuestInviteLink } from '../guest/GuestInviteLink';
import { floorEntryPath } from '../../media';
import { useFloorStatus } from './use-floor-status';
import { paths } from '../../../app/paths';

/** /floors/{id}: the floor landing page (spec §2): picture, texts, countdown or join, calendar links. */
export function FloorLandingPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const id = Number(useParams().id);
  const { floor, error } = useFloor(id);
  const t = (key: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  const { countdown, now, reached } = useFloorStart(floor);
  useDocumentTitle(floor?.title ?? t('floors.list.title'));
  const status = useFloorStatus(floor);

  // The countdown ran out: ask the server, which decides that the floor is running.
  useEffect(() => {
    if (reached) dispatch(floorRequested(id));
  }, [reached, id, dispatch]);

  if (error) return <FloorNotFound status={error.status} message={error.message} />;
  if (!floor) return <FloorLoading />;

  const permanent = floor.type === FLOOR_TYPES.PERMANENT;
  return (
    <FloorLanding
      floor={floor}
      status={status}
      event={status !== 'finished' ? floorEvent(floor, window.location.origin) : null}
      action={
        <>
          {status === 'running' && (
            <Link className={buttonClassName('primary', true)} to={floorEntryPath(floor.id)}>
              {t('floors.landing.join')}
            </Link>
          )}
          {countdown && <Countdown target={countdown} now={now} />}
          {status === 'finished' && <p className="landing__ended">{t('floors.landing.ended')}</p>}
          {status === 'running' && !permanent && <p className="landing__hint">{t('floors.landing.open')}</p>}
        </>
      }
      manage={
        floor.canManage && (
          <>
            <Link className="link" to={paths.floorEdit(floor.id)}>
              {t('floors.actions.edit')}
            </Link>
            <Link className="link" to={`/floors/duplicate/${floor.id}`}>
              {t('floors.actions.duplicate')}
            </Link>
            <GuestInviteLink floor={floor} />
          </>
        )
      }
    />
  );
}
