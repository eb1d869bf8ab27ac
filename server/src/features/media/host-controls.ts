import type { MediaSource } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import type { Models } from '../../db/models';
import type { IoSocket } from '../../realtime/types';
import { floorCaller } from './floor-caller';
import type { MediaService } from './media-service';

/**
 * media:turnOffAll — a host or subhost turns off every camera, microphone
 * or screen share of the floor (`roomId`: of one room of it) but their own
 * (spec §6). Each producer closes on the server (its consumers elsewhere
 * close through mediasoup's `producerclose`) and its owner's socket gets
 * `media:producerClosed` with reason 'host', so the client turns the
 * device off and says why. Anyone else gets FORBIDDEN and nothing closes.
 * Answers how many producers were closed.
 */
export async function turnOffAll(
  models: Models,
  media: MediaService,
  socket: IoSocket,
  p: { source: MediaSource; roomId?: number },
): Promise<{ closed: number }> {
  const caller = await floorCaller(models, socket);
  if (!caller.canManage) throw new AppError('FORBIDDEN');
  if (p.roomId !== undefined && !(await models.FloorRoom.count({ where: { id: p.roomId, floorId: caller.floorId } })))
    throw new AppError('ROOM_NOT_FOUND');
  let closed = 0;
  for (const peer of media.peersOnFloor(caller.floorId)) {
    if (peer.userId === caller.userId) continue;
    if (p.roomId !== undefined && peer.roomId !== p.roomId) continue;
    for (const producer of [...peer.producers.values()]) {
      if (producer.appData.source !== p.source || producer.closed) continue;
      producer.close();
      closed++;
      if (peer.socket.connected)
        peer.socket.emit('media:producerClosed', { producerId: producer.id, source: p.source, reason: 'host' });
    }
  }
  return { closed };
}
