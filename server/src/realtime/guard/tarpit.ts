import type http from 'node:http';
import type { Duplex } from 'node:stream';

/** How long a dropped address's new connection is held, answered nothing, before it is closed. */
export const TARPIT_MS = 3000;
/** Connections held at once per address, and in all (beyond: closed at once); each costs a few KB while held. */
export const TARPIT_PER_ADDRESS = 1024;
export const TARPIT_TOTAL = 10_000;

/**
 * The cheapest refusal of an address whose handshakes were already dropped
 * (HandshakeGate.dropped; issue 25 §7): its new Socket.IO connections —
 * WebSocket upgrades and polling requests alike — reach neither Engine.IO
 * nor a response. Each is held, silent, for TARPIT_MS and then closed, so a
 * client that reconnects the moment it is refused makes a few attempts a
 * second per slot instead of thousands, and the server writes nothing and
 * keeps no buffer for it. Installed in front of Socket.IO's own listeners.
 */
export function installTarpit(
  server: http.Server,
  path: string,
  dropped: (req: http.IncomingMessage) => string | null,
): () => void {
  const held = new Map<string, number>();
  let total = 0;
  const timers = new Set<NodeJS.Timeout>();
  const hold = (address: string, socket: Duplex) => {
    const n = held.get(address) ?? 0;
    if (n >= TARPIT_PER_ADDRESS || total >= TARPIT_TOTAL) return void socket.destroy();
    held.set(address, n + 1);
    total++;
    socket.on('error', () => undefined);
    const timer = setTimeout(() => {
      timers.delete(timer);
      socket.destroy();
    }, TARPIT_MS);
    timers.add(timer);
    socket.once('close', () => {
      total--;
      const left = (held.get(address) ?? 1) - 1;
      if (left <= 0) held.delete(address);
      else held.set(address, left);
    });
  };
  const ours = (req: http.IncomingMessage) => req.url?.startsWith(path) === true;

  const upgrades = server.listeners('upgrade') as ((req: http.IncomingMessage, s: Duplex, h: Buffer) => void)[];
  server.removeAllListeners('upgrade');
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const address = ours(req) ? dropped(req) : null;
    if (address !== null) return hold(address, socket);
    for (const listener of upgrades) listener.call(server, req, socket, head);
  });
  const requests = server.listeners('request') as ((req: http.IncomingMessage, res: http.ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const address = ours(req) ? dropped(req) : null;
    if (address !== null) return hold(address, req.socket);
    for (const listener of requests) listener.call(server, req, res);
  });
  return () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
}
