import type { ServerToClientEvents } from '@tsudoi/common';
import type { Actor } from '../companies/fixtures';
import type { floorCalls } from '../floors/fixtures';
import type { Client } from '../floors/live/live.testing';

type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/**
 * Everything a socket receives from now on, and what it sends: `until`
 * answers the first event (already received or still to come) that matches,
 * or fails after `ms`.
 */
export function heard(client: Client) {
  const received: { event: string; payload: unknown }[] = [];
  const sent: string[] = [];
  const waiting = new Set<() => void>();
  client.onAny((event: string, payload: unknown) => {
    received.push({ event, payload });
    for (const wake of waiting) wake();
  });
  client.onAnyOutgoing((event: string) => sent.push(event));
  const all = <E extends keyof ServerToClientEvents>(event: E) =>
    received.filter((r) => r.event === event).map((r) => r.payload as Payload<E>);
  return {
    all,
    /** How many times the socket sent `event`. */
    sent: (event: string) => sent.filter((e) => e === event).length,
    until<E extends keyof ServerToClientEvents>(
      event: E,
      test: (payload: Payload<E>) => boolean = () => true,
      ms = 5000,
    ): Promise<Payload<E>> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = all(event).find(test);
          if (found === undefined) return false;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no matching ${event} within ${ms} ms`));
        }, ms);
        if (!check()) waiting.add(check);
      });
    },
  };
}

/** A floor's rooms by their number (1 is the entrance). */
export async function roomsOf(calls: ReturnType<typeof floorCalls>, who: Actor, floorId: number) {
  const rooms = (await calls.rooms(who, floorId)).json.data as { id: number; number: number; saveChat: boolean }[];
  return new Map(rooms.map((r) => [r.number, r]));
}
