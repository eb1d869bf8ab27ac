import { systemPingSchema } from '@tsudoi/common';
import type { Logger } from '../lib/logger';
import { on } from './on';
import type { IoSocket } from './types';

/** system:* handlers: the welcome event and the clock/round-trip ping. */
export function registerSystemHandlers(socket: IoSocket, logger: Logger): void {
  socket.emit('system:welcome', { socketId: socket.id, serverTime: Date.now(), locale: socket.data.locale });
  on(socket, 'system:ping', systemPingSchema, ({ sentAt }) => ({ sentAt, serverTime: Date.now() }), logger);
}
