import type { AttendanceStatus, FloorUserDto, RoomDto, UserDto } from '@tsudoi/common';
import type { MapPerson } from './FloorMap';

const ENTRANCE = 1;

/** Who the map shows in which room: the live floor's users, or only me at the entrance until joined. */
export function livePeople(
  rooms: readonly RoomDto[],
  users: Record<number, FloorUserDto> | null,
  me: Pick<UserDto, 'id' | 'name' | 'avatarColor' | 'avatarImageUrl'> | null,
  /** Teammates' attendance status by user id (features/attendance): a badge on their face. */
  attendance: Record<number, { status: AttendanceStatus | null }> = {},
): MapPerson[] {
  if (!users) {
    return me
      ? [
          {
            id: me.id,
            name: me.name,
            avatarColor: me.avatarColor,
            avatarImageUrl: me.avatarImageUrl,
            roomNumber: ENTRANCE,
            isSelf: true,
          },
        ]
      : [];
  }
  const numberOf = new Map(rooms.map((room) => [room.id, room.number]));
  return Object.values(users)
    .sort((a, b) => a.seat - b.seat || a.userId - b.userId)
    .flatMap((user): MapPerson[] => {
      const roomNumber = numberOf.get(user.roomId);
      if (roomNumber === undefined) return [];
      const isSelf = user.userId === me?.id;
      return [
        {
          id: user.userId,
          name: user.name,
          avatarColor: isSelf ? me?.avatarColor : undefined,
          avatarImageUrl: user.avatarImageUrl,
          roomNumber,
          isSelf,
          state: !user.connected ? 'offline' : user.activeStatus === 'available' ? undefined : user.activeStatus,
          attendance: attendance[user.userId]?.status ?? null,
        },
      ];
    });
}
