import type { FloorUserDto, MessageId } from '@tsudoi/common';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@tsudoi/ui/controls';
import { EnterIcon } from './live-icons';
import './live-person-popup.css';

export interface PersonInviteProps {
  person: FloorUserDto;
  /** The floor's rooms (id and name in my language). */
  rooms: readonly { id: number; name: string }[];
  myRoomId: number | undefined;
  /** Host or subhost: may invite into any room, not only their own (spec §9.1). */
  canManage: boolean;
  inviting: boolean;
  /** `roomId` absent: my room. */
  onInvite(userId: number, roomId?: number): void;
}

/**
 * "Invite to my room" in a person's popup; hosts and subhosts also pick the
 * room (my room first, the person's own room left out).
 */
export function PersonInvite({ person, rooms, myRoomId, canManage, inviting, onInvite }: PersonInviteProps) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [picked, setPicked] = useState<number | null>(null);
  const choices = canManage ? rooms.filter((r) => r.id !== person.roomId) : [];
  const mine = myRoomId !== undefined && myRoomId !== person.roomId ? myRoomId : undefined;
  const target = choices.some((r) => r.id === picked) ? picked! : (mine ?? choices[0]?.id ?? myRoomId);
  const nameOf = (id: number | undefined) => rooms.find((r) => r.id === id)?.name ?? '';
  const selectId = `person-invite-room-${person.userId}`;

  return (
    <>
      {choices.length > 0 && (
        <div className="person-popup__target">
          <label className="person-popup__target-label" htmlFor={selectId}>
            {t('floors.person.inviteRoom')}
          </label>
          <select
            id={selectId}
            className="person-popup__select"
            value={target}
            onChange={(event) => setPicked(Number(event.target.value))}
          >
            {choices.map((room) => (
              <option key={room.id} value={room.id}>
                {room.id === myRoomId ? t('floors.person.myRoom', { room: room.name }) : room.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <Button
        block
        busy={inviting}
        onClick={() => inviting || onInvite(person.userId, target === myRoomId ? undefined : target)}
      >
        <EnterIcon />
        {t(target === myRoomId ? 'floors.person.invite' : 'floors.person.inviteThere')}
      </Button>
      {target !== undefined && (
        <p className="person-popup__hint">{t('floors.person.inviteHint', { room: nameOf(target) })}</p>
      )}
    </>
  );
}
