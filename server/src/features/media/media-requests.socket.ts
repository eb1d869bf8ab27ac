import { mediaRequestSchemas } from '@tsudoi/common';
import type { Models } from '../../db/models';
import type { Logger } from '../../lib/logger';
import { on } from '../../realtime/on';
import type { IoSocket } from '../../realtime/types';
import { turnOffAll } from './host-controls';
import type { MediaRequests } from './media-requests';
import type { MediaGateway } from './media-gateway';

/** The host media controls and media requests of one socket (payloads checked with zod by `on`). */
export function registerMediaRequestHandlers(
  deps: { models: Models; media: MediaGateway; requests: MediaRequests; logger: Logger },
  socket: IoSocket,
): void {
  const { models, media, requests, logger } = deps;
  const s = mediaRequestSchemas;
  requests.attach(socket);
  on(socket, 'media:turnOffAll', s['media:turnOffAll'], (p) => turnOffAll(models, media, socket, p), logger);
  on(socket, 'media:request', s['media:request'], (p) => requests.request(socket, p.receiverId, p.deviceType), logger);
  on(socket, 'media:cancelRequest', s['media:cancelRequest'], (p) => requests.cancel(socket, p.id), logger);
  on(socket, 'media:answerRequest', s['media:answerRequest'], (p) => requests.answer(socket, p.id, p.allow), logger);
  on(socket, 'media:listRequests', s['media:listRequests'], () => requests.list(socket), logger);
}
