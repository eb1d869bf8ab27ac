import type { IoServer } from '../../../realtime/types';
import type { LiveContext } from './live-context';

/**
 * What changed on a floor: `access` (a participant's permissions or
 * removal, the floor edited or deleted, someone's name or picture) makes
 * every socket of the floor check its caller in full again at its next move
 * and the next join read the people's profiles again; `rooms` reloads the
 * floor's rooms (edited, locked, unlocked).
 */
export interface Invalidation {
  floorId: number;
  what: 'access' | 'rooms';
}

function dropHere(ctx: LiveContext, { floorId, what }: Invalidation): void {
  if (what === 'rooms') {
    ctx.rooms.dropFloor(floorId);
    ctx.roomRows.dropFloor(floorId);
  } else {
    ctx.sessions.dropFloor(floorId);
    ctx.profiles.dropFloor(floorId);
    ctx.joinAccess.dropFloor(floorId);
    ctx.participantCounts.dropFloor(floorId);
  }
}

/**
 * Drops the cached sessions or rooms of a floor in this process at once (so
 * the request that made the change is followed by fresh checks here) and in
 * every other server process through the Socket.IO adapter's server-side
 * events (`others`: the server when it has the Redis adapter, undefined
 * when this process is alone). A message lost
 * between processes is covered by LIVE_CACHE_TTL_MS.
 */
export function invalidate(ctx: LiveContext, others: IoServer | undefined, change: Invalidation): void {
  dropHere(ctx, change);
  others?.serverSideEmit('floor:invalidate', change);
}

/**
 * Listens for the other processes' invalidations, and forgets a socket's
 * session as soon as it leaves a floor channel, on whichever process asked
 * (kick-out, dismissal, leave, the floor closed, joining another floor,
 * disconnect): its next move is checked in full, if the channel check lets
 * it through at all.
 */
export function listenForInvalidations(ctx: LiveContext, server: IoServer): void {
  server.on('floor:invalidate', (change) => dropHere(ctx, change));
  server.of('/').adapter.on('leave-room', (room: string, socketId: string) => {
    if (room.startsWith('floor:')) ctx.sessions.delete(socketId);
  });
}
