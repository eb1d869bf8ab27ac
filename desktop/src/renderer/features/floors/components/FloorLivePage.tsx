import { floorPlanOf, type MessageId, type RoomDto } from '@tsudoi/common';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectCurrentUser } from '../../auth';
import { StatusMenu } from '../../presence/components/StatusMenu';
import { useDocumentTitle } from '@tsudoi/ui/controls';
import { roomEditRequested, roomLockRequested, roomsRequested } from '../detail-slice';
import { liveEntered, liveLeft, passwordPromptClosed, roomJoinRequested, selectLiveFloor } from '../live-slice';
import { FloorMap, type MapRoom } from './FloorMap';
import { roomsClosedToMe } from './visitor-rooms';
import { FloorNotFound } from './FloorNotFound';
import { FloorStatusBadge } from './FloorStatusBadge';
import { LiveLayer } from './LiveLayer';
import { LiveCorner } from './LiveCorner';
import { livePeople } from './live-people';
import { AttendanceScheduleLink, FloorAttendanceButton, selectAttendance } from '../../attendance';
import { RoomPasswordDialog } from './RoomPasswordDialog';
import { RoomPopup } from './RoomPopup';
import { SoundToggle } from './SoundToggle';
import { FloorChatPanel } from '../../chat';
import { MediaStage, selectMedia } from '../../media';
import { PresentationView, StageBanner, selectStage } from '../../stage';
import { RecordingsLink } from '../../recordings';
import { AppointmentsLink, bookFromMap, selectAppointments } from '../../appointments';
import { page } from '../../../app/lazy-page';

// the booking popup (a room booked from the map) loads its own chunk the first time it opens
const AppointmentDialog = page(
  () => import('../../appointments/components/AppointmentDialog').then((m) => m.AppointmentDialog),
  'AppointmentDialog',
);
import { VisitLayer, selectVisits } from '../../appointments/visits';
import { notify } from '@tsudoi/ui/notifications';
import { ParticipantsButton, ParticipantsDialog } from '../../participants';
import { TodayEventsButton, TodayEventsDialog } from '../../activities';
import { HistoryLink } from '../../history';
import { useFloor } from './use-floor';
import { useFloorStatus } from './use-floor-status';
import { FloorPasswordDialog } from '../guest/FloorPasswordDialog';
import { landingPath, liveSelf } from '../guest/live-self';
import { useGuestLink } from '../guest/use-guest';
import { FloorGuideButton } from '../tutorial/FloorGuideButton';
import { FLOOR_GUIDE_LABEL } from '../tutorial/floor-tutorial';
import { TutorialOverlay } from '../tutorial/TutorialOverlay';
import { useFloorTutorial } from '../tutorial/use-floor-tutorial';
import '@tsudoi/ui/controls/page.css';
import { FloorLoading } from './FloorLoading';
import './floors.css';
import './live.css';

/**
 * /floors/{id}/live: the floor map, live over Socket.IO. A click on another
 * room moves there (a locked one asks for its password); a click on my own
 * room opens its popup (lock, unlock). Kicked out or closed → the landing page.
 */
export function FloorLivePage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useAppSelector(selectCurrentUser);
  const live = useAppSelector(selectLiveFloor);
  const { visit } = useAppSelector(selectVisits);
  const booking = useAppSelector((state) => selectAppointments(state).editor !== null);
  const id = Number(useParams().id);
  const guestLink = useGuestLink(); // an account-less guest: floor and rooms come with the join answer
  const { floor, error, detail } = useFloor(id, !guestLink);
  const [openRoom, setOpenRoom] = useState<number | null>(null);
  const t = (key: MessageId) => intl.formatMessage({ id: key });
  useDocumentTitle(floor?.title ?? t('floors.live.title'));

  const valid = Number.isInteger(id) && id > 0;
  useEffect(() => {
    if (!valid) return;
    if (!guestLink) dispatch(roomsRequested(id));
    dispatch(liveEntered(id));
    return () => {
      dispatch(liveLeft());
    };
  }, [id, valid, guestLink, dispatch]);

  const mine = live.floorId === id;
  const [personId, setPersonId] = useState<number | null>(null);
  const closePerson = useCallback(() => setPersonId(null), []);
  const pending = useMemo(() => new Set<number | string>(live.sent.map((i) => i.inviteeId)), [live.sent]);
  // only what the page shows of them: a media or stage change elsewhere (a track, a question) re-renders its own panel
  const speakingIds = useAppSelector((state) => selectMedia(state).speaking);
  const presentation = useAppSelector((state) => selectStage(state).presentation);
  const speaking = useMemo(() => new Set<number | string>(speakingIds), [speakingIds]);
  // Removed by the host or the floor's end: the removal dialog says so and offers the way out.
  const ended = mine && live.status === 'ended' && live.removal === null;
  useEffect(() => {
    if (ended) void navigate(landingPath(id, guestLink), { replace: true });
  }, [ended, id, guestLink, navigate]);

  // the header follows the floor's real status: finished at its end time, or once it closed under me
  const status = useFloorStatus(floor, mine && live.removal?.reason === 'closed');
  const rooms = detail.id === id ? detail.rooms : null;
  const joinedOnce = mine && live.me !== null;
  const self = useMemo(() => liveSelf(user, live), [user, live]);
  const attendanceState = useAppSelector(selectAttendance);
  const attendance = attendanceState.statuses;
  const people = useMemo(
    () => livePeople(rooms ?? [], joinedOnce ? live.users : null, self, attendance),
    [rooms, joinedOnce, live.users, self, attendance],
  );
  // the in-floor tutorial: by itself once for a host, on the map as it is now; the help button opens it again
  // (a team member's attendance button comes with their attendance: the tour waits for it)
  const headerSettled =
    user?.employmentCompanyId == null || attendanceState.me !== null || attendanceState.loadError !== null;
  const guide = useFloorTutorial(
    floor?.canManage ?? false,
    mine && live.status === 'joined' && !!rooms && !guestLink && headerSettled,
  );
  if (error) return <FloorNotFound status={error.status} message={error.message} />;

  const room: RoomDto | null = rooms?.find((r) => r.id === openRoom) ?? null;
  const myRoomId = self && joinedOnce ? live.users[self.id]?.roomId : undefined;
  const prompt = mine ? live.prompt : null;
  const promptRoom = prompt ? (rooms?.find((r) => r.id === prompt.roomId) ?? null) : null;
  const closed = roomsClosedToMe(mine ? live.me : null, visit, rooms, myRoomId);
  // a room closed to a visitor: said at once, no move asked (the server would refuse it alike)
  const refuseClosed = (target: MapRoom) => {
    if (!closed?.has(target.id)) return false;
    dispatch(notify({ kind: 'warning', message: t('errors.VISITOR_STAYS_IN_VISIT') }));
    return true;
  };
  const onRoomClick = (clicked: MapRoom) => {
    if (clicked.id !== myRoomId && refuseClosed(clicked)) return;
    if (myRoomId === undefined || clicked.id === myRoomId || live.status !== 'joined') setOpenRoom(clicked.id);
    else if (live.moving === null) dispatch(roomJoinRequested({ roomId: clicked.id }));
  };
  // my face dropped on another room: the same move as a click on it
  const onRoomDrop = (dropped: MapRoom) => {
    if (refuseClosed(dropped)) return;
    if (live.status === 'joined' && myRoomId !== undefined && dropped.id !== myRoomId && live.moving === null)
      dispatch(roomJoinRequested({ roomId: dropped.id }));
  };
  const connected = mine && live.status === 'joined';
  const inPresentation =
    connected &&
    presentation !== null &&
    myRoomId === presentation.roomId &&
    presentation.members.some((m) => m.userId === live.me?.userId);

  return (
    // data-live-status: what a test (or a person) waits for before moving — "joined" once the floor answered
    <LiveCorner>
      <div className="live" data-live-status={mine ? live.status : 'idle'}>
        <header className="live__header">
          <div className="live__title-row">
            <Link className="link live__back" to={landingPath(id, guestLink)}>
              {t('floors.live.back')}
            </Link>
            <h1 className="live__title">{floor?.title ?? '…'}</h1>
            {floor && status && <FloorStatusBadge floor={{ type: floor.type, status }} />}
          </div>
          <div className="live__tools">
            {connected ? (
              <StatusMenu />
            ) : live.removal && mine ? null : (
              <p className="live__connecting" role="status">
                <span className="live__pulse" aria-hidden="true" />
                {t(mine && live.status === 'reconnecting' ? 'floors.live.reconnecting' : 'floors.live.connecting')}
              </p>
            )}
            {connected && !guestLink && <FloorAttendanceButton />}
            {connected && !guestLink && <AttendanceScheduleLink />}
            {connected && <ParticipantsButton floorId={id} canManage={floor?.canManage ?? false} />}
            {connected && !guestLink && <TodayEventsButton floorId={id} />}
            <AppointmentsLink floorId={id} />
            {connected && <HistoryLink floorId={id} canManage={floor?.canManage ?? false} />}
            <RecordingsLink floorId={id} />
            <SoundToggle />
            {connected && !guestLink && <FloorGuideButton onClick={() => guide.act('reopen')} />}
            <FloorChatPanel floorId={id} />
          </div>
        </header>
        {/* the stage (features/stage): in a presentation its view replaces the room's media and the map */}
        {connected && <StageBanner />}
        {inPresentation && presentation ? (
          <PresentationView presentation={presentation} />
        ) : (
          connected && <MediaStage />
        )}
        {detail.roomsError && (
          <p className="floor-list__error" role="alert">
            {detail.roomsError}
          </p>
        )}
        {inPresentation ? null : rooms ? (
          <div className="live__map">
            <FloorMap
              rooms={rooms}
              plan={floorPlanOf(floor?.floorPlanId)}
              people={people}
              label={t('floors.live.mapLabel')}
              onRoomClick={onRoomClick}
              onPersonClick={(person) => setPersonId(Number(person.id))}
              onRoomDrop={onRoomDrop}
              pending={pending}
              speaking={speaking}
              closed={closed}
            />
          </div>
        ) : (
          !detail.roomsError && <FloorLoading />
        )}
        <RoomPopup
          room={room}
          canManage={floor?.canManage ?? false}
          busy={room !== null && detail.locking === room.id}
          mayLock={!guestLink}
          inside={room !== null && room.id === myRoomId}
          onLock={(target, locked) => dispatch(roomLockRequested({ roomId: target.id, locked }))}
          onEdit={(target, change) => dispatch(roomEditRequested({ roomId: target.id, ...change }))}
          {...(live.me && !live.me.isGuest && !guestLink
            ? {
                onBook: (target: RoomDto) => {
                  setOpenRoom(null);
                  for (const action of bookFromMap(id, target.id)) dispatch(action);
                },
              }
            : {})}
          onClose={() => setOpenRoom(null)}
        />
        {booking && <AppointmentDialog />}
        <LiveLayer
          landing={landingPath(id, guestLink)}
          floor={floor}
          rooms={rooms}
          live={mine ? live : null}
          myUserId={self?.id ?? null}
          personId={personId}
          onPersonClose={closePerson}
        />
        <RoomPasswordDialog
          roomName={promptRoom?.name ?? null}
          error={prompt?.error ?? null}
          busy={prompt?.busy ?? false}
          onSubmit={(password) => prompt && dispatch(roomJoinRequested({ roomId: prompt.roomId, password }))}
          onCancel={() => dispatch(passwordPromptClosed())}
        />
        <FloorPasswordDialog floorId={id} />
        <VisitLayer />
        <TutorialOverlay state={guide.state} act={guide.act} steps={guide.steps} label={FLOOR_GUIDE_LABEL} />
        <ParticipantsDialog />
        <TodayEventsDialog />
      </div>
    </LiveCorner>
  );
}
