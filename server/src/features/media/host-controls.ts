import type { MediaSource } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import type { Models } from '../../db/models';
import type { IoSocket } from '../../realtime/types';
import { floorCaller } from './floor-caller';
import type { MediaGateway } from './media-gateway';

/**
 * media:turnOffAll — a host or subhost turns off every camera, microphone
 * or screen share of the floor (`roomId`: of one room of it) but their own
 * (spec §6), wherever the floor's media is. Each producer closes on the server (its consumers elsewhere
 * close through mediasoup's `producerclose`) and its owner's socket gets
 * `media:producerClosed` with reason 'host', so the client turns the
 * device off and says why. Anyone else gets FORBIDDEN and nothing closes.
 * Answers how many producers were closed.
 */
export async function turnOffAll(
  models: Models,
  media: Pick<MediaGateway, 'closeProducers'>,
  socket: IoSocket,
  p: { source: MediaSource; roomId?: number },
): Promise<{ closed: number }> {
  const caller = await floorCaller(models, socket);
  if (!caller.canManage) throw new AppError('FORBIDDEN');
  if (p.roomId !== undefined && !(await models.FloorRoom.count({ where: { id: p.roomId, floorId: caller.floorId } })))
    throw new AppError('ROOM_NOT_FOUND');
  const closed = await media.closeProducers(caller.floorId, {
    source: p.source,
    exceptUserId: caller.userId,
    ...(p.roomId === undefined ? {} : { roomId: p.roomId }),
  });
  return { closed };
}
