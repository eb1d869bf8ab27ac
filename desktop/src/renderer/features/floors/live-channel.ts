import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import {
  floorClosedSchema,
  invitationEndedSchema,
  kickedOutSchema,
  roomInvitationSchema,
  roomSchema,
  usersChangedSchema,
  type RoomDto,
  type RoomInvitationDto,
  type RoomInvitationOutcome,
} from '@tsudoi/common';
import type { AppSocket } from '../../services/socket';
import type { Removal, UsersChangedBatch } from './live-slice';

/** What the live saga hears from its socket, already checked against the protocol schemas. */
export type LiveMessage =
  | { type: 'connected' }
  | { type: 'disconnected'; reason: string }
  | { type: 'connectFailed'; code: string | null; message: string }
  | { type: 'usersChanged'; batch: UsersChangedBatch }
  /** The page went off screen or came back (document visibility). */
  | { type: 'view'; visible: boolean }
  | { type: 'roomChanged'; room: RoomDto }
  | { type: 'removed'; floorId: number; reason: Removal['reason']; message: string }
  | { type: 'invitationReceived'; invitation: RoomInvitationDto }
  | { type: 'invitationEnded'; id: number; outcome: RoomInvitationOutcome };

/** The socket's events as a saga channel; malformed server events are dropped. */
export function liveChannel(socket: AppSocket): EventChannel<LiveMessage> {
  return eventChannel<LiveMessage>((emit) => {
    const checked =
      <T>(parse: (v: unknown) => { success: boolean; data?: T }, toMessage: (v: T) => LiveMessage) =>
      (payload: unknown) => {
        const result = parse(payload);
        if (result.success) emit(toMessage(result.data as T));
      };
    const onConnect = () => emit({ type: 'connected' });
    const onDisconnect = (reason: string) => emit({ type: 'disconnected', reason });
    const onConnectError = (error: Error & { data?: { code?: unknown } }) =>
      emit({
        type: 'connectFailed',
        code: typeof error.data?.code === 'string' ? error.data.code : null,
        message: error.message,
      });
    const onUsers = checked(
      (v) => usersChangedSchema.safeParse(v),
      (batch) => ({ type: 'usersChanged', batch }),
    );
    const onRoom = checked(
      (v) => roomSchema.safeParse(v),
      (room) => ({ type: 'roomChanged', room }),
    );
    const onKicked = checked(
      (v) => kickedOutSchema.safeParse(v),
      (p) => ({ type: 'removed', floorId: p.floorId, reason: p.reason, message: p.message }),
    );
    const onClosed = checked(
      (v) => floorClosedSchema.safeParse(v),
      (p) => ({ type: 'removed', floorId: p.floorId, reason: 'closed', message: p.message }),
    );
    const onInvited = checked(
      (v) => roomInvitationSchema.safeParse(v),
      (invitation) => ({ type: 'invitationReceived', invitation }),
    );
    const onInvitationEnded = checked(
      (v) => invitationEndedSchema.safeParse(v),
      (p) => ({ type: 'invitationEnded', id: p.id, outcome: p.outcome }),
    );
    const onVisibility = () => emit({ type: 'view', visible: document.visibilityState !== 'hidden' });
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisibility);
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onConnectError);
    socket.on('floor:usersChanged', onUsers);
    socket.on('floor:roomChanged', onRoom);
    socket.on('floor:kickedOut', onKicked);
    socket.on('floor:closed', onClosed);
    socket.on('floor:invitationReceived', onInvited);
    socket.on('floor:invitationEnded', onInvitationEnded);
    // a socket opened before the visit (live-prewarm.ts) may be connected already: join now
    if (socket.connected) onConnect();
    return () => {
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisibility);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
      socket.off('floor:usersChanged', onUsers);
      socket.off('floor:roomChanged', onRoom);
      socket.off('floor:kickedOut', onKicked);
      socket.off('floor:closed', onClosed);
      socket.off('floor:invitationReceived', onInvited);
      socket.off('floor:invitationEnded', onInvitationEnded);
    };
  }, buffers.expanding(64));
}
