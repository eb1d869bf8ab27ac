/**
 * The bare baseline of the chat throughput bench: a plain Socket.IO server
 * (the product's socket.io version and websocket transport) and one SQLite
 * file through the product's driver (sqlite3, WAL, synchronous=NORMAL, as
 * server/src/db/sequelize.ts sets them). No accounts, checks, markup
 * cleaning, batching or caches: each chat:sendMessage is one INSERT, answered
 * and sent to the other member of the pair once SQLite has it. What the
 * product costs is what it adds over this.
 *
 *   node --import tsx bench/support/bare-chat.ts <sqlite file>   (prints "listening on <url>")
 *
 * A client names itself with auth { token: "bare:<userId>" }; users 2i and
 * 2i + 1 are pair i, whose conversation is i + 1. `bench:count` answers the
 * rows stored and their distinct clientMessageIds.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import sqlite3 from 'sqlite3';

type Ack = (answer: unknown) => void;
const file = process.argv[2];
if (!file) throw new Error('name the SQLite file');
const db = new sqlite3.Database(file);
const exec = (sql: string) =>
  new Promise<void>((resolve, reject) => db.exec(sql, (err) => (err ? reject(err) : resolve())));
await exec('PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=5000');
await exec(
  'CREATE TABLE messages (id INTEGER PRIMARY KEY, conversation_id INTEGER NOT NULL, user_id INTEGER NOT NULL, ' +
    'content TEXT NOT NULL, client_message_id TEXT, created_at TEXT NOT NULL)',
);
const insert = db.prepare(
  'INSERT INTO messages (conversation_id, user_id, content, client_message_id, created_at) VALUES (?, ?, ?, ?, ?)',
);

const server = http.createServer();
const io = new Server(server, { transports: ['websocket'], serveClient: false });
io.on('connection', (socket) => {
  const token = String((socket.handshake.auth as { token?: unknown }).token ?? '');
  const userId = Number(token.replace(/^bare:/, ''));
  const other = userId % 2 === 0 ? userId + 1 : userId - 1;
  const conversationId = Math.floor(userId / 2) + 1;
  void socket.join(`user:${userId}`);
  socket.on('chat:join', (_payload: unknown, ack: Ack) => ack({ ok: true, data: { id: conversationId } }));
  socket.on('chat:sendMessage', (p: { content: string; clientMessageId?: string }, ack: Ack) => {
    const createdAt = new Date().toISOString();
    insert.run(
      conversationId,
      userId,
      p.content,
      p.clientMessageId ?? null,
      createdAt,
      function (this: { lastID: number }, err: Error | null) {
        if (err) return ack({ ok: false, error: { code: 'INTERNAL', message: err.message } });
        const message = {
          id: this.lastID,
          conversationId,
          userId,
          content: p.content,
          clientMessageId: p.clientMessageId,
          createdAt,
        };
        ack({ ok: true, data: message });
        io.to(`user:${other}`).emit('chat:messageCreated', message);
      },
    );
  });
  socket.on('bench:count', (_payload: unknown, ack: Ack) =>
    db.get(
      "SELECT COUNT(*) AS stored, COUNT(DISTINCT client_message_id) AS `distinct` FROM messages WHERE client_message_id LIKE 'b%'",
      (err, row) => ack(err ? { stored: -1, distinct: -1 } : row),
    ),
  );
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`listening on http://127.0.0.1:${port}\n`);
});
process.on('SIGTERM', () => {
  io.close();
  db.close(() => process.exit(0));
});
