import { floorSchemas, type FloorInitialData } from '@tsudoi/common';
import { AppError } from '../../../http/app-error';
import type { Logger } from '../../../lib/logger';
import { on } from '../../../realtime/on';
import type { IoSocket } from '../../../realtime/types';
import { joinFloor, socketLeftFloor } from './floor-join';
import { joinRoom, updateUser } from './floor-moves';
import { kickOut, leaveFloor } from './floor-removal';
import { setView } from './floor-view';
import { type LiveContext } from './live-context';
import { answerInvite, cancelInvite, invite } from './room-invitations';
import { TokenBucket } from './move-limit';
import type { RoomPasswordLimiter } from './room-password-limiter';
import { floorChannel, userChannel } from './channels';

/**
 * The two refusals a flood of moves gets, made once: an Error captures its
 * stack when made, which under tsx's source maps cost more than the rest of
 * the refusal (CPU profile of 250 sockets at 10 Hz).
 */
const RATE_LIMITED = new AppError('MOVE_RATE_LIMIT');

/**
 * The join answer already holds what the socket's moves need to know about
 * the caller (floor-session `mover`): kept, so the first move does not check
 * it all again. Not kept when the floor's sessions were dropped meanwhile.
 */
function primeSession(ctx: LiveContext, socket: IoSocket, data: FloorInitialData, epoch: number): void {
  const mine = data.users.find((u) => u.userId === data.me.userId);
  if (!mine) return;
  ctx.sessions.prime(
    socket.id,
    data.floor.id,
    {
      floorId: data.floor.id,
      user: { id: mine.userId, name: mine.name, avatarImageUrl: mine.avatarImageUrl },
      canManage: data.me.canManage,
      participantType: mine.participantType,
      permissions: data.me.permissions,
      visitor: data.me.isVisitor,
    },
    epoch,
  );
}

/** floor:* handlers of one socket, and its presence when it goes away. */
export function registerFloorHandlers(
  ctx: LiveContext,
  limiter: RoomPasswordLimiter,
  logger: Logger,
  socket: IoSocket,
): void {
  const s = floorSchemas;
  /** A user's changes on their floor run one at a time (see KeyedQueue). */
  const serial = <T>(task: () => Promise<T>) => {
    const { floorId, userId } = socket.data;
    return floorId && userId ? ctx.queue.run(userChannel(floorId, userId), task) : task();
  };
  /**
   * A move (room or status) of this socket: refused beyond the socket's
   * rate (MOVE_RATE_LIMIT). The engine answers moves at once, in the order
   * they came: the latest place wins, nothing is superseded.
   */
  const bucket = new TokenBucket();
  const move = <T>(task: () => Promise<T>) => {
    if (!bucket.take()) return Promise.reject(RATE_LIMITED);
    return task();
  };
  on(
    socket,
    'floor:joinOffice',
    s['floor:joinOffice'],
    async ({ floorId, password }) => {
      const epoch = ctx.sessions.epoch(floorId);
      const data = await joinFloor(ctx, socket, floorId, password);
      primeSession(ctx, socket, data, epoch);
      return data;
    },
    logger,
  );
  on(
    socket,
    'floor:joinRoom',
    s['floor:joinRoom'],
    (change) => move(() => joinRoom(ctx, limiter, socket, change)),
    logger,
  );
  on(
    socket,
    'floor:updateUser',
    s['floor:updateUser'],
    (p) => move(() => updateUser(ctx, socket, p.activeStatus)),
    logger,
  );
  on(socket, 'floor:leave', s['floor:leave'], () => leaveFloor(ctx, socket), logger);
  on(socket, 'floor:setView', s['floor:setView'], (p) => setView(ctx, socket, p.floorId, p.visible), logger);
  on(socket, 'floor:kickOut', s['floor:kickOut'], (p) => kickOut(ctx, socket, p.userId, false), logger);
  on(socket, 'floor:dismissGuest', s['floor:dismissGuest'], (p) => kickOut(ctx, socket, p.userId, true), logger);
  on(socket, 'floor:inviteToRoom', s['floor:inviteToRoom'], (p) => invite(ctx, socket, p.userId, p.roomId), logger);
  on(socket, 'floor:cancelInvite', s['floor:cancelInvite'], (p) => cancelInvite(ctx, socket, p.invitationId), logger);
  on(
    socket,
    'floor:answerInvite',
    s['floor:answerInvite'],
    (p) => serial(() => answerInvite(ctx, socket, p.invitationId, p.isAccepted)),
    logger,
  );

  let leftFloor: number | undefined;
  socket.on('disconnecting', () => {
    const floorId = socket.data.floorId;
    leftFloor = floorId && socket.rooms.has(floorChannel(floorId)) ? floorId : undefined;
  });
  socket.on('disconnect', () => {
    if (!leftFloor || ctx.closing) return;
    socketLeftFloor(ctx, socket, leftFloor).catch((err: unknown) =>
      logger.error({ err, socketId: socket.id }, 'floor disconnect failed'),
    );
  });
}
