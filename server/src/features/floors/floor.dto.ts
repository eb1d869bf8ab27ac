import {
  avatarColour,
  effectiveRoomName,
  effectiveRoomType,
  floorStatus,
  roomDefinition,
  toJapanTime,
  type FloorDto,
  type Locale,
  type ParticipantDto,
  type RoomDto,
} from '@tsudoi/common';
import type { Floor } from './floor.model';
import type { FloorParticipant } from './participant.model';
import type { FloorRoom } from './room.model';

/** The only shapes of floors, rooms and participants that leave the server. */

export function toFloorDto(floor: Floor, participants: number, canManage: boolean, now: Date): FloorDto {
  return {
    id: floor.id,
    companyId: floor.companyId,
    hostId: floor.hostId,
    title: floor.title,
    catchcopy: floor.catchcopy,
    catchphrase: floor.catchphrase,
    description: floor.description,
    type: floor.type,
    privacy: floor.privacy,
    hasPassword: floor.passwordHash !== null,
    startAt: floor.startAt && toJapanTime(floor.startAt),
    endAt: floor.endAt && toJapanTime(floor.endAt),
    status: floorStatus(floor.type, floor.startAt, floor.endAt, now),
    imageUrl: floor.imageUrl ?? null,
    floorPlanId: floor.floorPlanId,
    numberOfParticipants: participants,
    canManage,
    ...(canManage && floor.privacy === 'public' && floor.inviteToken ? { inviteToken: floor.inviteToken } : {}),
    createdAt: floor.createdAt.toISOString(),
    updatedAt: floor.updatedAt.toISOString(),
  };
}

export function toRoomDto(room: FloorRoom, locale: Locale, showPassword: boolean): RoomDto {
  const definition = roomDefinition(room.number)!;
  return {
    id: room.id,
    floorId: room.floorId,
    number: room.number,
    key: definition.key,
    name: effectiveRoomName(room, locale),
    customName: room.name ?? null,
    type: effectiveRoomType(room),
    areaType: definition.areaType,
    locked: room.locked,
    seat: room.seat,
    saveChat: room.saveChat,
    password: showPassword ? room.password : null,
  };
}

export function toParticipantDto(p: FloorParticipant): ParticipantDto {
  return {
    id: p.id,
    floorId: p.floorId,
    userId: p.userId,
    type: p.type,
    name: p.name,
    // an invite-link guest has only a placeholder address (guests/guest-link.ts)
    email: p.email.endsWith('@guest.invalid') ? '' : p.email,
    status: p.status,
    permissions: {
      speech: p.permissionSpeech,
      subhost: p.permissionSubhost,
      meetingRoom: p.permissionMeetingRoom,
      receptionRoom: p.permissionReceptionRoom,
      conference: p.permissionConference,
      recording: p.permissionRecording,
    },
    avatarColor: avatarColour(p.name),
    createdAt: p.createdAt.toISOString(),
  };
}

/** Permission flags of the API as model columns (absent flags are left out). */
export function permissionColumns(flags: Partial<ParticipantDto['permissions']>) {
  const columns = {
    permissionSpeech: flags.speech,
    permissionSubhost: flags.subhost,
    permissionMeetingRoom: flags.meetingRoom,
    permissionReceptionRoom: flags.receptionRoom,
    permissionConference: flags.conference,
    permissionRecording: flags.recording,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined)) as Partial<
    Record<keyof typeof columns, boolean>
  >;
}
