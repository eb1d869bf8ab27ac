import type { MessageId, RoomDto } from '@tsudoi/common';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectCurrentUser } from '../../auth';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { roomLockRequested, roomsRequested } from '../detail-slice';
import { FloorMap, type MapPerson } from './FloorMap';
import { FloorNotFound } from './FloorNotFound';
import { FloorStatusBadge } from './FloorStatusBadge';
import { RoomPopup } from './RoomPopup';
import { useFloor } from './use-floor';
import '../../../ui/page.css';
import './floors.css';
import './live.css';

const ENTRANCE = 1;

/**
 * /floors/{id}/live: the floor map from the REST rooms. Until the live
 * connection (Socket.IO) is wired, only the signed-in user is placed, in the
 * entrance, and the page says it is connecting.
 */
export function FloorLivePage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const id = Number(useParams().id);
  const { floor, error, detail } = useFloor(id);
  const [openRoom, setOpenRoom] = useState<number | null>(null);
  const t = (key: MessageId) => intl.formatMessage({ id: key });
  useDocumentTitle(floor?.title ?? t('floors.live.title'));

  useEffect(() => {
    if (Number.isInteger(id) && id > 0) dispatch(roomsRequested(id));
  }, [id, dispatch]);

  if (error) return <FloorNotFound status={error.status} message={error.message} />;
  const rooms = detail.id === id ? detail.rooms : null;
  const people: MapPerson[] = user
    ? [
        {
          id: user.id,
          name: user.name,
          avatarColor: user.avatarColor,
          avatarImageUrl: user.avatarImageUrl,
          roomNumber: ENTRANCE,
          isSelf: true,
        },
      ]
    : [];
  const room: RoomDto | null = rooms?.find((r) => r.id === openRoom) ?? null;

  return (
    <div className="live">
      <header className="live__header">
        <div className="live__title-row">
          <Link className="link live__back" to={`/floors/${id}`}>
            {t('floors.live.back')}
          </Link>
          <h1 className="live__title">{floor?.title ?? '…'}</h1>
          {floor && <FloorStatusBadge floor={floor} />}
        </div>
        <p className="live__connecting" role="status">
          <span className="live__pulse" aria-hidden="true" />
          {t('floors.live.connecting')}
        </p>
      </header>
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
          onRoomClick={(clicked) => setOpenRoom(clicked.id)}
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
        onLock={(target, locked) => dispatch(roomLockRequested({ roomId: target.id, locked }))}
        onClose={() => setOpenRoom(null)}
      />
    </div>
  );
}
