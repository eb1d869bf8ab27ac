import type { FloorDto, RoomDto } from '@tsudoi/common';
import { useEffect } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import {
  invitationAnswerRequested,
  inviteCancelRequested,
  inviteRequested,
  removeUserRequested,
  type LiveFloorState,
} from '../live-slice';
import { directChatRequested, floorPanelShown, messageTargetOf } from '../../chat';
import { InvitationCards } from './InvitationCards';
import { LiveSounds } from './LiveSounds';
import { PersonPopup } from './PersonPopup';
import { MediaRequestCards } from '../../media/requests';
import { RemovalDialog } from './RemovalDialog';

export interface LiveLayerProps {
  /** The floor page (landing) of this floor, with a guest's app_id. */
  landing: string;
  floor: FloorDto | null;
  rooms: readonly RoomDto[] | null;
  /** The live state when it belongs to this floor, else null. */
  live: LiveFloorState | null;
  myUserId: number | null;
  /** The person whose popup is open (by user id). */
  personId: number | null;
  onPersonClose(): void;
}

/**
 * What floats over the live map: the sounds, the room invitation cards, a
 * person's popup with invite and the host's removals, and the notice of
 * being removed.
 */
export function LiveLayer(props: LiveLayerProps) {
  const { landing, floor, rooms, live, personId, onPersonClose } = props;
  const dispatch = useAppDispatch();
  // The floor's own word on who I am (an account-less guest has no signed-in user).
  const myUserId = live?.me?.userId ?? props.myUserId;
  const users = live?.users ?? {};
  const person = personId !== null ? (users[personId] ?? null) : null;
  const myRoomId = myUserId !== null ? users[myUserId]?.roomId : undefined;
  const roomNameOf = (roomId: number) => rooms?.find((r) => r.id === roomId)?.name ?? '';
  const target = person && live?.floorId ? messageTargetOf(person, live.me, live.floorId) : null;

  // Whoever left the floor takes their popup with them (it must not reopen when they come back).
  const gone = personId !== null && live !== null && person === null;
  useEffect(() => {
    if (gone) onPersonClose();
  }, [gone, onPersonClose]);

  return (
    <>
      <LiveSounds
        floorType={floor?.type ?? null}
        rooms={rooms}
        myRoomId={live?.status === 'joined' ? myRoomId : undefined}
        ringing={(live?.received.length ?? 0) > 0}
      />
      {live && (
        <InvitationCards
          received={live.received}
          sent={live.sent}
          answering={live.answering}
          nameOf={(id) => users[id]?.name ?? ''}
          roomNameOf={roomNameOf}
          avatarOf={(id) => users[id]?.avatarImageUrl ?? null}
          onAnswer={(id, accept) => dispatch(invitationAnswerRequested({ id, accept }))}
          onCancel={(id) => dispatch(inviteCancelRequested(id))}
        />
      )}
      {live && <MediaRequestCards />}
      <PersonPopup
        person={person}
        roomNameOf={roomNameOf}
        myUserId={myUserId}
        myRoomId={myRoomId}
        rooms={rooms ?? []}
        canManage={live?.me?.canManage ?? false}
        pending={person ? live?.sent.find((i) => i.inviteeId === person.userId) : undefined}
        inviting={person !== null && live?.inviting === person.userId}
        removing={person !== null && live?.removing === person.userId}
        onInvite={(userId, roomId) => dispatch(inviteRequested({ userId, roomId }))}
        onCancelInvite={(id) => dispatch(inviteCancelRequested(id))}
        onRemove={(userId, dismiss) => dispatch(removeUserRequested({ userId, dismiss }))}
        message={target?.kind ?? null}
        onMessage={() => {
          if (!target || !person) return;
          if (target.kind === 'host') dispatch(floorPanelShown({ open: true, tab: 'host' }));
          else dispatch(directChatRequested({ join: target.join, name: person.name }));
          onPersonClose();
        }}
        onClose={onPersonClose}
      />
      {/* an account-less guest has no floor list; a signed-in GUEST participant has */}
      <RemovalDialog removal={live?.removal ?? null} landing={landing} guest={live?.me?.isGuest === true} />
    </>
  );
}
