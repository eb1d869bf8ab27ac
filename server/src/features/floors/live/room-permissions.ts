import {
  PARTICIPANT_PERMISSIONS,
  type ParticipantPermission,
  type ParticipantPermissions,
  type RoomType,
} from '@tsudoi/common';
import { AppError } from '../../../http/app-error';
import type { FloorAccess } from '../floor-access';
import type { Mover, RoomMeta } from './live-cache';

/**
 * Room permissions (spec §3 Participant, §6; issue 16): the rooms whose type
 * asks for a permission flag to enter. Meeting rooms need meetingRoom, guest
 * lounges need receptionRoom. The stage (type SPEECH) is where the audience
 * of a presentation sits, so entering it stays open; its flag, speech, is
 * asked where the stage is used to speak (presentation:join as speaker,
 * features/stage). A room a host gave another type (PATCH floor-room/{id})
 * asks for that type's flag: subhost, conference, recording. Rooms without
 * a type are open.
 */
export const ROOM_PERMISSION: Partial<Record<RoomType, ParticipantPermission>> = {
  SUBHOST: 'subhost',
  MEETING_ROOM: 'meetingRoom',
  RECEPTION_ROOM: 'receptionRoom',
  CONFERENCE: 'conference',
  RECORDING: 'recording',
};

const column = (p: ParticipantPermission) => `permission${p[0]!.toUpperCase()}${p.slice(1)}` as const;

/**
 * The caller's flags on a floor: all of them for hosts and subhosts,
 * otherwise their participant row's (none for a team member who was not
 * invited, whatever their team role).
 */
export function permissionsOf(access: Pick<FloorAccess, 'canManage' | 'me'>): ParticipantPermissions {
  const me = access.me as unknown as Record<string, boolean> | null;
  return Object.fromEntries(
    PARTICIPANT_PERMISSIONS.map((p) => [p, access.canManage || me?.[column(p)] === true]),
  ) as ParticipantPermissions;
}

/**
 * The flag a room asks for, or null when it is open to everyone on the
 * floor: from its type now, as the live floor's room metadata holds it
 * (RoomMeta.type, the host's type or its number's).
 */
export const permissionForRoom = (type: RoomType | null): ParticipantPermission | null =>
  (type && ROOM_PERMISSION[type]) ?? null;

/**
 * Refuses a move into a room the caller lacks the flag for
 * (ROOM_NO_PERMISSION). Hosts and subhosts go everywhere; an accepted room
 * invitation (`invited`: the host or someone inside asked them in) counts as
 * permission for that one entry.
 */
export function assertMayEnter(
  mover: Pick<Mover, 'canManage' | 'permissions'>,
  room: Pick<RoomMeta, 'type'>,
  invited: boolean,
) {
  if (mover.canManage || invited) return;
  const needed = permissionForRoom(room.type);
  if (needed && !mover.permissions[needed]) throw new AppError('ROOM_NO_PERMISSION');
}
