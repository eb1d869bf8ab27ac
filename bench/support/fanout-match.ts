/**
 * The fan-out benchmark's matching (bench/floor-fanout.ts): which batch delivered which move to which client,
 * the latency samples and the tally of moves sent, answered and lost.
 */
import type { Socket } from 'socket.io-client';
import {
  batchPlaces,
  PRESENCE_STATUSES,
  type ClientToServerEvents,
  type FloorUserDto,
  type ServerToClientEvents,
} from '@tsudoi/common';
import type { Member } from './floor-setup';
import { Samples } from './samples';

export type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
export type Batch = Parameters<ServerToClientEvents['floor:usersChanged']>[0];

export interface Move {
  /** roomId for room moves, the index in PRESENCE_STATUSES for status moves. */
  target: number;
  sentAt: number;
  ackAt: number;
  outcome: 'pending' | 'ok' | string;
  dto: FloorUserDto | undefined;
  delivered: number;
}

export interface Member2 extends Member {
  client: Client;
  moves: Move[];
  /** Per receiving client: how far this user's moves have been seen. */
  seenUpTo: Map<number, number>;
  lastTarget: number;
  initial: FloorUserDto | undefined;
}

/** One measured run: its samples and what its clients received. */
export class FanoutRun {
  fanout = new Samples();
  ackLatency = new Samples();
  batches = 0;
  measuring = false;

  constructor(
    private readonly move: 'room' | 'status',
    private readonly users: number,
  ) {}

  /** What a batch shows for a user, in the terms of a move's target. */
  shown(u: Pick<FloorUserDto, 'roomId' | 'activeStatus'>): number {
    return this.move === 'room' ? u.roomId : PRESENCE_STATUSES.indexOf(u.activeStatus);
  }

  onBatch(receiver: number, byUser: Map<number, Member2>, batch: Batch) {
    if (!this.measuring) return;
    const now = performance.now();
    this.batches++;
    for (const u of batchPlaces(batch)) {
      if (u.userId === receiver) continue;
      const m = byUser.get(u.userId);
      if (!m || m.moves.length === 0) continue;
      const from = m.seenUpTo.get(receiver) ?? 0;
      const value = this.shown(u);
      // the first move not yet seen by this receiver whose target is what the batch shows; earlier ones were
      // coalesced. A move already refused (superseded, room full) changed nothing: it is passed over, never matched.
      const refused = (move: Move) => move.outcome !== 'pending' && move.outcome !== 'ok';
      let k = from;
      while (k < m.moves.length && (m.moves[k]!.target !== value || refused(m.moves[k]!))) k++;
      if (k === m.moves.length) continue;
      for (let j = from; j <= k; j++) {
        const move = m.moves[j]!;
        move.delivered++;
        if (!refused(move)) this.fanout.push(now - move.sentAt);
      }
      m.seenUpTo.set(receiver, k + 1);
    }
  }

  /**
   * Moves sent, answered ok, answered ok without a change, and the changes
   * (ok answers that changed the user's state) some other client never saw.
   */
  tally(perFloor: Member2[][]) {
    let sent = 0;
    let ok = 0;
    let noop = 0;
    let lostChanges = 0;
    let lostDeliveries = 0;
    for (const m of perFloor.flat()) {
      let state = m.initial ? `${m.initial.roomId}/${m.initial.seat}/${m.initial.activeStatus}` : '';
      for (const move of m.moves) {
        sent++;
        if (move.outcome !== 'ok') continue;
        ok++;
        const next = `${move.dto!.roomId}/${move.dto!.seat}/${move.dto!.activeStatus}`;
        const changed = next !== state;
        state = next;
        if (!changed) {
          noop++; // answered without a change (its room was already the user's after a refused move)
          continue;
        }
        if (move.delivered < this.users - 1) {
          lostChanges++;
          lostDeliveries += this.users - 1 - move.delivered;
        }
      }
    }
    return { sent, ok, noop, lostChanges, lostDeliveries };
  }
}
