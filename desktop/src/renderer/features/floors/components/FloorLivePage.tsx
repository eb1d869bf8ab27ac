import type { MessageId, RoomDto } from '@tsudoi/common';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectCurrentUser } from '../../auth';
import { StatusMenu } from '../../presence/components/StatusMenu';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { roomLockRequested, roomsRequested } from '../detail-slice';
import { liveEntered, liveLeft, passwordPromptClosed, roomJoinRequested, selectLiveFloor } from '../live-slice';
import { FloorMap, type MapRoom } from './FloorMap';
import { FloorNotFound } from './FloorNotFound';
import { FloorStatusBadge } from './FloorStatusBadge';
import { LiveLayer } from './LiveLayer';
import { livePeople } from './live-people';
import { RoomPasswordDialog } from './RoomPasswordDialog';
import { RoomPopup } from './RoomPopup';
import { SoundToggle } from './SoundToggle';
import { FloorChatPanel } from '../../chat';
import { MediaStage, selectMedia } from '../../media';
import { useFloor } from './use-floor';
import { FloorPasswordDialog } from '../guest/FloorPasswordDialog';
import { landingPath, liveSelf } from '../guest/live-self';
import { useGuestLink } from '../guest/use-guest';
import '../../../ui/page.css';
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
  const speakingIds = useAppSelector(selectMedia).speaking;
  const speaking = useMemo(() => new Set<number | string>(speakingIds), [speakingIds]);
  // Removed by the host or the floor's end: the removal dialog says so and offers the way out.
  const ended = mine && live.status === 'ended' && live.removal === null;
  useEffect(() => {
    if (ended) void navigate(landingPath(id, guestLink), { replace: true });
  }, [ended, id, guestLink, navigate]);

  const rooms = detail.id === id ? detail.rooms : null;
  const joinedOnce = mine && live.me !== null;
  const self = useMemo(() => liveSelf(user, live), [user, live]);
  const people = useMemo(
    () => livePeople(rooms ?? [], joinedOnce ? live.users : null, self),
    [rooms, joinedOnce, live.users, self],
  );
  if (error) return <FloorNotFound status={error.status} message={error.message} />;

  const room: RoomDto | null = rooms?.find((r) => r.id === openRoom) ?? null;
  const myRoomId = self && joinedOnce ? live.users[self.id]?.roomId : undefined;
  const prompt = mine ? live.prompt : null;
  const promptRoom = prompt ? (rooms?.find((r) => r.id === prompt.roomId) ?? null) : null;
  const onRoomClick = (clicked: MapRoom) => {
    if (myRoomId === undefined || clicked.id === myRoomId || live.status !== 'joined') setOpenRoom(clicked.id);
    else if (live.moving === null) dispatch(roomJoinRequested({ roomId: clicked.id }));
  };
  const connected = mine && live.status === 'joined';

  return (
    <div className="live">
      <header className="live__header">
        <div className="live__title-row">
          <Link className="link live__back" to={landingPath(id, guestLink)}>
            {t('floors.live.back')}
          </Link>
          <h1 className="live__title">{floor?.title ?? '…'}</h1>
          {floor && <FloorStatusBadge floor={floor} />}
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
          <SoundToggle />
        </div>
      </header>
      {connected && <MediaStage />}
      {detail.roomsError && (
        <p className="floor-list__error" role="alert">
          {detail.roomsError}
        </p>
      )}
      {rooms ? (
        <FloorMap
          rooms={rooms}
          people={people}
          label={t('floors.live.mapLabel')}
          onRoomClick={onRoomClick}
          onPersonClick={(person) => setPersonId(Number(person.id))}
          pending={pending}
          speaking={speaking}
        />
      ) : (
        !detail.roomsError && (
          <div className="floor-list__loading" role="status">
            <span className="button__spinner" aria-hidden="true" />
            <span>{t('common.loading')}</span>
          </div>
        )
      )}
      <RoomPopup
        room={room}
        canManage={floor?.canManage ?? false}
        busy={room !== null && detail.locking === room.id}
        mayLock={!guestLink}
        onLock={(target, locked) => dispatch(roomLockRequested({ roomId: target.id, locked }))}
        onClose={() => setOpenRoom(null)}
      />
      <LiveLayer
        floorId={id}
        floor={floor}
        rooms={rooms}
        live={mine ? live : null}
        myUserId={self?.id ?? null}
        personId={personId}
        onPersonClose={closePerson}
      />
      <FloorChatPanel floorId={id} />
      <RoomPasswordDialog
        roomName={promptRoom?.name ?? null}
        error={prompt?.error ?? null}
        busy={prompt?.busy ?? false}
        onSubmit={(password) => prompt && dispatch(roomJoinRequested({ roomId: prompt.roomId, password }))}
        onCancel={() => dispatch(passwordPromptClosed())}
      />
      <FloorPasswordDialog floorId={id} />
    </div>
  );
}
