import { WebSocketServer, type ServerOptions } from 'ws';

/**
 * Engine.IO's WebSocket server (its `wsEngine`), reading one message per
 * socket per turn of the event loop: ws's `allowSynchronousEvents: false`
 * hands each message over in its own setImmediate instead of every message
 * of a 64 KB read at once. A client that sends thousands of events in one
 * burst then holds the loop for one message at a time, and everyone else's
 * I/O runs in between; while its messages wait, ws stops reading its socket
 * (TCP backpressure), so the burst waits in the client's buffers, not in the
 * server's memory.
 */
export class FairWebSocketServer extends WebSocketServer {
  constructor(options?: ServerOptions, callback?: () => void) {
    super({ ...options, allowSynchronousEvents: false }, callback);
  }
}
