import crypto from 'node:crypto';
import {
  effectiveRoomType,
  isLockableRoom,
  isRoomTypeFixed,
  ROOM_PASSWORD_DIGITS,
  storedRoomType,
  type Locale,
  type RoomDto,
  type RoomUpdate,
} from '@tsudoi/common';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { User } from '../users/user.model';
import { manageFloor, through, viewFloor, type FloorAccess } from './floor-access';
import { toRoomDto } from './floor.dto';
import { mayBringOutsiders } from './outsider-policy';
import type { FloorRoom } from './room.model';
import { isInRoom } from './live/engine/places';

/** A fresh room password: six random digits (spec §4: a lock issues a password automatically). */
const issuePassword = () => String(crypto.randomInt(0, 10 ** ROOM_PASSWORD_DIGITS)).padStart(ROOM_PASSWORD_DIGITS, '0');

/** The rooms of a floor: list, detail, edit (host and subhosts), lock and unlock. */
export class RoomService {
  private readonly listeners: ((room: FloorRoom) => void)[] = [];
  constructor(private readonly models: Models) {}

  /** Called after every edit, lock and unlock (the live floor tells the people on it). */
  onChanged(listener: (room: FloorRoom) => void): void {
    this.listeners.push(listener);
  }

  async list(user: User, floorId: number, locale: Locale): Promise<RoomDto[]> {
    const access = await viewFloor(this.models, user, floorId);
    const rooms = await this.models.FloorRoom.findAll({ where: { floorId }, order: [['number', 'ASC']] });
    return rooms.map((room) => this.dto(user, access, room, locale));
  }

  /** A room and its floor as the caller may see it; a room of a floor out of reach is ROOM_NOT_FOUND. */
  async find(user: User, id: number, manage = false): Promise<{ room: FloorRoom; access: FloorAccess }> {
    const room = await this.models.FloorRoom.findByPk(id);
    if (!room) throw new AppError('ROOM_NOT_FOUND');
    const check = manage ? manageFloor : viewFloor;
    const access = await through(() => check(this.models, user, room.floorId), 'ROOM_NOT_FOUND');
    return { room, access };
  }

  /**
   * The edit room popup (hosts and subhosts): name (null: the number's),
   * type (stored as an override of the number's, so ROOMS stays the default;
   * the entrance, the stage and out of office keep theirs: ROOM_TYPE_FIXED),
   * seats and chat saving. The live floor re-reads the room (onChanged), so
   * the next move into it follows its new type.
   */
  async update(user: User, id: number, body: RoomUpdate): Promise<{ room: FloorRoom; access: FloorAccess }> {
    const found = await this.find(user, id, true);
    const { room } = found;
    const { name, type, ...rest } = body;
    const change: Partial<Pick<FloorRoom, 'name' | 'type' | 'seat' | 'saveChat'>> = { ...rest };
    if (name !== undefined) change.name = name;
    if (type !== undefined && type !== effectiveRoomType(room)) {
      if (isRoomTypeFixed(room.number)) throw new AppError('ROOM_TYPE_FIXED');
      change.type = storedRoomType(room.number, type);
    }
    await room.update(change);
    for (const listener of this.listeners) listener(found.room);
    return found;
  }

  /**
   * Locking issues a new password; unlocking drops it (issue 13 item 7,
   * permissions by design):
   * - the entrance and "out of office" are never locked (ROOM_NOT_LOCKABLE);
   * - an open room is locked by the floor's host and subhosts, or by someone
   *   inside it (ROOM_LOCK_NOT_ALLOWED for anyone else on the floor);
   * - a locked room is unlocked, or locked again with a new password, by
   *   whoever locked it or a host or subhost (FORBIDDEN otherwise);
   * - a room of a floor out of reach is ROOM_NOT_FOUND, as one that does not exist.
   */
  async lock(user: User, id: number, locked: boolean): Promise<{ room: FloorRoom; access: FloorAccess }> {
    const found = await this.find(user, id);
    const { room, access } = found;
    if (locked && !isLockableRoom(room.number)) throw new AppError('ROOM_NOT_LOCKABLE');
    if (room.locked && !access.canManage && room.lockedBy !== user.id) throw new AppError('FORBIDDEN');
    if (locked && !room.locked && !access.canManage && !(await this.inside(user, room)))
      throw new AppError('ROOM_LOCK_NOT_ALLOWED');
    await room.update(
      locked
        ? { locked: true, password: issuePassword(), lockedBy: user.id }
        : { locked: false, password: null, lockedBy: null },
    );
    for (const listener of this.listeners) listener(room);
    return found;
  }

  /** Whether the user's icon is in this room on the live floor now. */
  private async inside(user: User, room: FloorRoom): Promise<boolean> {
    return isInRoom(this.models, user.id, room.id);
  }

  /** The password is shown to the floor's host and subhosts and to whoever locked the room. */
  dto(user: User, access: FloorAccess, room: FloorRoom, locale: Locale): RoomDto {
    const dto = toRoomDto(room, locale, access.canManage || room.lockedBy === user.id);
    if (dto.type === 'MEETING_ROOM' || dto.type === 'RECEPTION_ROOM')
      dto.mayBook = mayBringOutsiders(user, access, { kind: 'room', type: dto.type });
    return dto;
  }
}
