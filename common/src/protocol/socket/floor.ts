import { z } from 'zod';
import type { ErrorCode } from '../../errors';
import { FLOOR_PASSWORD_MAX, type ParticipantPermissions, type ParticipantType } from '../../domain/floors';
import { presenceSchema, type PresenceStatus } from '../ipc';
import type { FloorDto, RoomDto } from '../rest/floors';
import type { AckCallback } from './ack';

/**
 * floor:* — the live floor (spec §7.13): joinOffice (auto join into the
 * entrance), joinRoom, updateUser (activeStatus), leave, kickOut, dismissGuest
 * and the room invitations (invite, cancel, answer). Presence reaches the
 * floor as one `floor:usersChanged` batch per tick.
 */
const id = z.number().int().positive();

export const floorJoinSchema = z.object({
  floorId: id,
  /** The floor password, when the floor has one (not asked of hosts, subhosts, guest sessions or people already on it). */
  password: z.string().max(FLOOR_PASSWORD_MAX).optional(),
});
export const roomJoinSchema = z.object({
  roomId: id,
  /** 1..room.seat; without it the first free seat. */
  seat: z.number().int().positive().optional(),
  /** The six-digit password of a locked room. */
  password: z.string().max(32).optional(),
});
export const userUpdateSchema = z.object({ activeStatus: presenceSchema });
export const emptySchema = z.object({}).optional();
/** Whether the floor is on screen in this window: a hidden one gets no presence batches, and the whole floor when shown again. */
export const floorViewSchema = z.object({ floorId: z.number().int().positive(), visible: z.boolean() }).strict();
export const floorUserTargetSchema = z.object({ userId: id });
export const roomInviteSchema = z.object({ userId: id, roomId: id.optional() });
export const invitationIdSchema = z.object({ invitationId: id });
export const invitationAnswerSchema = z.object({ invitationId: id, isAccepted: z.boolean() });

/** A user on the floor (spec §3 "User on floor"); `connected` while any of their sockets is on the floor. */
export interface FloorUserDto {
  userId: number;
  name: string;
  avatarImageUrl: string | null;
  roomId: number;
  seat: number;
  participantType: ParticipantType;
  activeStatus: PresenceStatus;
  connected: boolean;
}

export interface FloorInitialData {
  floor: FloorDto;
  rooms: RoomDto[];
  users: FloorUserDto[];
  me: {
    userId: number;
    participantId: number | null;
    participantType: ParticipantType;
    permissions: ParticipantPermissions;
    isHost: boolean;
    canManage: boolean;
    /** Joined through a guest session (no account; spec §3 Active floor state isGuestUser). */
    isGuest: boolean;
    /**
     * A booked visitor (their invitation to the floor is a booking's): they
     * see and reach only what the booking opens — the lobby, the booked room
     * and its chat — unless a host brings them elsewhere.
     */
    isVisitor: boolean;
  };
}

/**
 * A move or status change of someone the client already has (from the join
 * answer or an earlier batch), in a few bytes: [userId, roomId, seat,
 * activeStatus, connected (1) or not (0)]. Name, avatar and type are unchanged.
 */
export type MovedTuple = [number, number, number, PresenceStatus, 0 | 1];

/**
 * One presence batch of a floor. `users`: people in full (arrivals, a window
 * shown again); `moved`: compact changes of people already known; `left`: who
 * left. `version`: the floor's batch number in this server process (1, 2, …);
 * `full`: the batch is the whole floor and replaces the users.
 */
export interface UsersChangedPayload {
  floorId: number;
  users: FloorUserDto[];
  moved?: MovedTuple[];
  left: number[];
  version?: number;
  full?: boolean;
}

/** What a batch says of each user it names (full or compact), for readers that need only the place. */
export function batchPlaces(
  batch: UsersChangedPayload,
): Pick<FloorUserDto, 'userId' | 'roomId' | 'seat' | 'activeStatus' | 'connected'>[] {
  const places = batch.users.map(({ userId, roomId, seat, activeStatus, connected }) => ({
    userId,
    roomId,
    seat,
    activeStatus,
    connected,
  }));
  for (const [userId, roomId, seat, activeStatus, connected] of batch.moved ?? [])
    places.push({ userId, roomId, seat, activeStatus, connected: connected === 1 });
  return places;
}

export type RoomInvitationOutcome = 'accepted' | 'declined' | 'cancelled' | 'timedOut';
export interface RoomInvitationDto {
  id: number;
  floorId: number;
  roomId: number;
  inviterId: number;
  inviteeId: number;
  /** When it cancels itself (10000 ms after sending, spec §9.1), ISO. */
  expiresAt: string;
}

export interface FloorClientEvents {
  'floor:joinOffice': (payload: z.infer<typeof floorJoinSchema>, ack: AckCallback<FloorInitialData>) => void;
  'floor:joinRoom': (payload: z.infer<typeof roomJoinSchema>, ack: AckCallback<FloorUserDto>) => void;
  'floor:updateUser': (payload: z.infer<typeof userUpdateSchema>, ack: AckCallback<FloorUserDto>) => void;
  'floor:leave': (payload: z.infer<typeof emptySchema>, ack: AckCallback<null>) => void;
  'floor:setView': (payload: z.infer<typeof floorViewSchema>, ack: AckCallback<null>) => void;
  'floor:kickOut': (payload: z.infer<typeof floorUserTargetSchema>, ack: AckCallback<null>) => void;
  'floor:dismissGuest': (payload: z.infer<typeof floorUserTargetSchema>, ack: AckCallback<null>) => void;
  'floor:inviteToRoom': (payload: z.infer<typeof roomInviteSchema>, ack: AckCallback<RoomInvitationDto>) => void;
  'floor:cancelInvite': (payload: z.infer<typeof invitationIdSchema>, ack: AckCallback<null>) => void;
  'floor:answerInvite': (
    payload: z.infer<typeof invitationAnswerSchema>,
    ack: AckCallback<FloorUserDto | null>,
  ) => void;
}

export interface FloorServerEvents {
  /**
   * One batch per floor and window: the latest state of each changed user, and who left.
   * `version`: the floor's batch number in this server process (1, 2, …); `full`: the
   * batch is the whole floor (a window shown again after it was hidden): it replaces the users.
   */
  'floor:usersChanged': (payload: UsersChangedPayload) => void;
  /** A room was edited, locked or unlocked (REST); the password stays with hosts and the locker. */
  'floor:roomChanged': (payload: RoomDto) => void;
  /** To the invitee: ring until `floor:invitationEnded`. */
  'floor:invitationReceived': (payload: RoomInvitationDto) => void;
  /** To inviter and invitee: stop the ring. */
  'floor:invitationEnded': (payload: { id: number; outcome: RoomInvitationOutcome }) => void;
  /** To the removed user's sockets, which are then taken off the floor. */
  'floor:kickedOut': (payload: {
    floorId: number;
    reason: 'kickedOut' | 'dismissed' | 'removed';
    message: string;
  }) => void;
  /** The floor reached its end time (code PAST_FLOOR); every socket is taken off the floor. */
  'floor:closed': (payload: { floorId: number; code: ErrorCode; message: string }) => void;
}

export const floorSchemas = {
  'floor:joinOffice': floorJoinSchema,
  'floor:joinRoom': roomJoinSchema,
  'floor:updateUser': userUpdateSchema,
  'floor:leave': emptySchema,
  'floor:setView': floorViewSchema,
  'floor:kickOut': floorUserTargetSchema,
  'floor:dismissGuest': floorUserTargetSchema,
  'floor:inviteToRoom': roomInviteSchema,
  'floor:cancelInvite': invitationIdSchema,
  'floor:answerInvite': invitationAnswerSchema,
} as const;
