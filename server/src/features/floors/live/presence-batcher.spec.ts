import { expect } from 'chai';
import type { FloorUserDto } from '@tsudoi/common';
import type { IoServer } from '../../../realtime/types';
import { PRESENCE_MIN_TICK_MS, PresenceBatcher } from './presence-batcher';

/** A Socket.IO server stand-in that records what is emitted to which channel (the batcher only emits). */
function recorder() {
  const sent: {
    to: string;
    except: string | string[];
    at: number;
    payload: { users: FloorUserDto[]; moved?: unknown[]; version?: number };
  }[] = [];
  const io = {
    to: (to: string) => ({
      except: (except: string | string[]) => ({
        emit: (_event: string, payload: { users: FloorUserDto[]; moved?: unknown[]; version?: number }) =>
          sent.push({ to, except, at: performance.now(), payload }),
      }),
    }),
  } as unknown as IoServer;
  return { io: () => io, sent };
}

const user = (userId: number, roomId: number): FloorUserDto => ({
  userId,
  name: `u${userId}`,
  avatarImageUrl: null,
  roomId,
  seat: 1,
  participantType: 'EMPLOYEE',
  activeStatus: 'available',
  connected: true,
});
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('adaptive presence batcher', () => {
  it('sends a quiet floor’s change at once, and the changes of one instant together', async () => {
    const { io, sent } = recorder();
    const batcher = new PresenceBatcher(io);
    batcher.changed(7, user(1, 10));
    batcher.changed(7, user(2, 11));
    batcher.changed(7, user(1, 12)); // the latest state of a user wins
    // out on the next turn of the event loop, before any timer could run
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).to.have.length(1);
    expect(sent[0]!).to.deep.include({ to: 'floor:7', except: ['hidden-view:7', 'visitors:7'] });
    // moves of people already known go compact: [userId, roomId, seat, status, connected]
    expect(sent[0]!.payload.users).to.deep.equal([]);
    expect(sent[0]!.payload.moved).to.deep.equal([
      [1, 12, 1, 'available', 1],
      [2, 11, 1, 'available', 1],
    ]);
    // an arrival goes whole, even if it moves within the same batch
    batcher.changed(7, user(3, 1), true);
    batcher.changed(7, user(3, 13));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(sent[1]!.payload.users.map((u) => [u.userId, u.roomId, u.name])).to.deep.equal([[3, 13, 'u3']]);
    expect(sent[0]!.payload.version).to.equal(1);
    batcher.close();
  });

  it('gathers changes longer as the change rate grows, up to the tick, and numbers the batches', async () => {
    const { io, sent } = recorder();
    const batcher = new PresenceBatcher(io);
    expect(batcher.window()).to.equal(PRESENCE_MIN_TICK_MS);
    // 20 floors × 50 people × 10 Hz for a second: 10 000 changes a second
    const until = performance.now() + 1000;
    let n = 0;
    while (performance.now() < until) {
      // 200 changes every few ms (a loaded machine runs the loop late: at least 10 000 a second still)
      for (let k = 0; k < 10; k++, n++) for (let f = 1; f <= 20; f++) batcher.changed(f, user(n % 50, 10 + (n % 5)));
      await pause(2);
    }
    expect(batcher.window()).to.equal(50);
    const floor1 = sent.filter((s) => s.to === 'floor:1');
    // one batch per window at most: far fewer batches than changes
    expect(floor1.length).to.be.below(n / 3);
    expect(floor1.map((s) => s.payload.version)).to.deep.equal(floor1.map((_, i) => i + 1));
    batcher.close();
  });
});
