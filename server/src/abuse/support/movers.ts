import { performance } from 'node:perf_hooks';
import { io as connect, type Socket } from 'socket.io-client';
import {
  batchPlaces,
  request,
  type ClientToServerEvents,
  type FloorInitialData,
  type ServerToClientEvents,
} from '@tsudoi/common';
import { Samples } from '../../testing/samples';

/**
 * The victims of the flood case: floor members who each move to another room
 * (floor:joinRoom) every `periodMs`, and measure the fan-out of every move —
 * from sending it to the moment each other member's socket receives the
 * floor:usersChanged batch that shows it.
 */
type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

interface Mover {
  userId: number;
  client: Client;
  /** The move on its way: target room, sent at, and who has seen it. */
  move: { roomId: number; sentAt: number; seenBy: Set<number> } | undefined;
  roomId: number | null;
}

export function openSocket(url: string, token: string, address: string): Promise<Client> {
  const client: Client = connect(url, {
    transports: ['websocket'],
    auth: { token },
    query: { lang: 'en' },
    extraHeaders: { 'x-forwarded-for': address },
    forceNew: true,
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('connect_error', reject);
  });
}

export class Movers {
  private readonly movers: Mover[] = [];
  private rooms: number[] = [];
  private timers: NodeJS.Timeout[] = [];
  /** Fan-out latencies (ms) of the current phase; refusals of the moves by code. */
  samples = new Samples();
  refusals = new Map<string, number>();

  static async join(url: string, floorId: number, members: { userId: number; token: string }[]): Promise<Movers> {
    const movers = new Movers();
    for (const [i, m] of members.entries()) {
      const client = await openSocket(url, m.token, `198.51.100.${i + 1}`);
      const answer = await request<FloorInitialData>(client, 'floor:joinOffice', { floorId });
      if (!answer.ok) throw new Error(`join: ${answer.error.code}`);
      // open rooms only: the stage is entered through its presentation, meeting rooms and lounges ask a flag
      movers.rooms = answer.data.rooms.filter((r) => r.seat > 1 && !r.type).map((r) => r.id);
      const me = answer.data.users.find((u) => u.userId === m.userId);
      movers.movers.push({ userId: m.userId, client, move: undefined, roomId: me?.roomId ?? null });
    }
    const byUser = new Map(movers.movers.map((m) => [m.userId, m]));
    for (const receiver of movers.movers)
      receiver.client.on('floor:usersChanged', (batch) => {
        const now = performance.now();
        for (const u of batchPlaces(batch)) {
          const mover = byUser.get(u.userId);
          const move = mover?.move;
          if (!move || u.userId === receiver.userId || u.roomId !== move.roomId || move.seenBy.has(receiver.userId))
            continue;
          move.seenBy.add(receiver.userId);
          movers.samples.push(now - move.sentAt);
        }
      });
    return movers;
  }

  /** Every member moves every `periodMs` (spread over the period) until stop(). */
  start(periodMs: number): void {
    for (const m of this.movers) {
      const send = () => {
        const choices = this.rooms.filter((id) => id !== m.roomId);
        const roomId = choices[Math.floor(Math.random() * choices.length)]!;
        m.move = { roomId, sentAt: performance.now(), seenBy: new Set() };
        m.roomId = roomId;
        void request(m.client, 'floor:joinRoom', { roomId }).then((a) => {
          if (!a.ok) this.refusals.set(a.error.code, (this.refusals.get(a.error.code) ?? 0) + 1);
        });
      };
      const first = setTimeout(() => {
        send();
        this.timers.push(setInterval(send, periodMs));
      }, Math.random() * periodMs);
      this.timers.push(first);
    }
  }

  stop(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
  }

  /** Starts a new phase of samples; answers the last one's. */
  takeSamples(): { samples: Samples; refusals: Map<string, number> } {
    const taken = { samples: this.samples, refusals: this.refusals };
    this.samples = new Samples();
    this.refusals = new Map();
    return taken;
  }

  close(): void {
    this.stop();
    for (const m of this.movers) m.client.disconnect();
  }
}
