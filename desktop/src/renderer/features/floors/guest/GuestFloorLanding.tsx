import type { MessageId } from '@tsudoi/common';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button, useDocumentTitle } from '@tsudoi/ui/controls';
import { floorEvent } from '../components/CalendarLinks';
import { Countdown } from '../components/Countdown';
import { FloorLanding, useFloorStart } from '../components/FloorLanding';
import { FloorLoading } from '../components/FloorLoading';
import { useFloorStatus } from '../components/use-floor-status';
import { guestJoinRequested, guestLandingRequested, selectGuestEntry } from './entry-slice';
import { GuestNameDialog } from './GuestNameDialog';
import { ResendLinkForm } from './ResendLinkForm';
import { guestSessions } from './guest-sessions';
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
  const entry = useAppSelector(selectGuestEntry);
  const id = Number(useParams().id);
  // The dialog opens by itself on a running floor; closed, the join button opens it again.
  const [dialogClosed, setDialogClosed] = useState(false);
  const t = (key: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  const mine = entry.floorId === id && entry.appId === appId;
  const landing = mine ? entry.landing : null;
  const floor = landing?.floor ?? null;
  const { countdown, now, reached } = useFloorStart(floor);
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
          <ResendLinkForm floorId={id} />
        </section>
      </div>
    );
  }
  if (!floor) return <FloorLoading />;

  const remembered = guestSessions.read(id)?.name ?? '';
  return (
    <FloorLanding
      floor={floor}
      status={status}
      className="guest-landing"
      badges={<span className="badge badge--accent">{t('floors.guest.invited')}</span>}
      // every invitee gets the calendar links, a guest's leading back to their own link
      event={status !== 'finished' ? floorEvent(floor, window.location.origin, appId) : null}
      action={
        <>
          {status === 'running' && (
            <Button block onClick={() => setDialogClosed(false)}>
              {t('floors.guest.dialogTitle')}
            </Button>
          )}
          {countdown && <Countdown target={countdown} now={now} />}
          {status === 'finished' && <p className="landing__ended">{t('floors.landing.ended')}</p>}
          <Link className="link guest-landing__sign-in" to="/login">
            {t('floors.guest.signIn')}
          </Link>
        </>
      }
    >
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
    </FloorLanding>
  );
}
