import { presentationSchemas } from '@tsudoi/common';
import type { Models } from '../../db/models';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { on } from '../../realtime/on';
import type { IoServer, IoSocket } from '../../realtime/types';
import type { FloorLive } from '../floors/live';
import type { MediaService } from '../media/media-service';
import type { MediaGateway } from '../media/media-gateway';
import { StageService } from './stage-service';
import { StageRequests } from './stage-requests';
import { StageGates } from './stage-gates';
import { StageQa } from './stage-qa';
import { HostWatch } from './host-watch';

export interface StageFeatureDeps {
  models: Models;
  logger: Logger;
  /** The host watch's time (tests move it). */
  clock: Clock;
  live: Pick<FloorLive, 'watchPlaces' | 'gateRooms' | 'moveUser' | 'isConnected'>;
  media: Pick<MediaService, 'gateProduce'>;
  /** Closes what a user produces in a room, wherever the floor's media is. */
  silence: MediaGateway['silence'];
}

/**
 * The stage: presentations and their Q&A over Socket.IO (presentation:*).
 * `register` is the per-socket handler list entry; someone leaving the floor
 * leaves its presentation (the live floor's place changes).
 */
export function createStage({ models, logger, clock, live, media, silence }: StageFeatureDeps) {
  const service = new StageService(models, {
    silence,
    moveUser: live.moveUser,
    warn: (err, msg) => logger.warn({ err }, msg),
  });
  const now = () => clock.now().getTime();
  const hostWatch = new HostWatch({ models, service, logger, present: live.isConnected, now });
  const requests = new StageRequests(models, service);
  const qa = new StageQa(models, service);
  const gates = new StageGates(models);
  live.gateRooms(gates.enter);
  media.gateProduce(gates.produce);
  live.watchPlaces((change) => {
    if (change.userId === undefined || change.roomId !== null) return;
    service
      .leftFloor(change.floorId, change.userId)
      .catch((err: unknown) => logger.warn({ err }, 'presentation leave after the floor not recorded'));
  });
  return {
    service,
    qa,
    /** Presentations whose host is gone pass on or end (host-watch.ts). */
    hostWatch,
    /** The server's Socket.IO: the stage tells floors through it, and its host watch starts. */
    attach(io: IoServer) {
      service.attachServer(io);
      hostWatch.start();
    },
    close: () => hostWatch.stop(),
    register: (socket: IoSocket) => {
      const s = presentationSchemas;
      service.attach(socket);
      on(
        socket,
        'presentation:start',
        s['presentation:start'],
        (p) => service.start(socket, { isPrivateRoom: p.isPrivateRoom ?? false, saveChat: p.saveChat ?? false }),
        logger,
      );
      on(socket, 'presentation:join', s['presentation:join'], (p) => service.join(socket, p.role), logger);
      on(socket, 'presentation:leave', s['presentation:leave'], () => service.leave(socket), logger);
      on(socket, 'presentation:stop', s['presentation:stop'], () => service.stop(socket), logger);
      on(socket, 'presentation:get', s['presentation:get'], () => qa.get(socket), logger);
      on(socket, 'presentation:ask', s['presentation:ask'], (p) => qa.ask(socket, p.text), logger);
      on(socket, 'presentation:vote', s['presentation:vote'], (p) => qa.vote(socket, p.id, p.up), logger);
      on(socket, 'presentation:hide', s['presentation:hide'], (p) => qa.hide(socket, p.id), logger);
      on(socket, 'presentation:mark', s['presentation:mark'], (p) => qa.mark(socket, p), logger);
      on(socket, 'presentation:remove', s['presentation:remove'], (p) => service.remove(socket, p.userId), logger);
      on(socket, 'presentation:demote', s['presentation:demote'], (p) => service.demote(socket, p.userId), logger);
      on(socket, 'presentation:view', s['presentation:view'], (p) => service.setView(socket, p), logger);
      on(
        socket,
        'conference:start',
        s['conference:start'],
        (p) => service.start(socket, { isPrivateRoom: false, saveChat: p.saveChat ?? false }, 'C'),
        logger,
      );
      on(socket, 'conference:join', s['conference:join'], (p) => service.join(socket, p.role, 'C'), logger);
      on(socket, 'conference:leave', s['conference:leave'], () => service.leave(socket, 'C'), logger);
      on(socket, 'conference:stop', s['conference:stop'], () => service.stop(socket, 'C'), logger);
      on(socket, 'presentation:request', s['presentation:request'], () => requests.request(socket), logger);
      on(socket, 'presentation:admit', s['presentation:admit'], (p) => requests.admit(socket, p.userId), logger);
      on(socket, 'presentation:deny', s['presentation:deny'], (p) => requests.deny(socket, p.userId), logger);
      on(socket, 'presentation:call', s['presentation:call'], (p) => requests.call(socket, p.userId), logger);
    },
  };
}
export type StageFeature = ReturnType<typeof createStage>;
