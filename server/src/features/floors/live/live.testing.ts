import { io as connect, type Socket } from 'socket.io-client';
import {
  batchPlaces,
  request,
  type Ack,
  type ClientToServerEvents,
  type FloorInitialData,
  type FloorUserDto,
  type ServerToClientEvents,
} from '@tsudoi/common';
import type { Actor } from '../../companies/fixtures';

/** Test helpers of the live floor specs: real socket.io-client sockets signed in as an actor. */

export type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
export type Batch = Parameters<ServerToClientEvents['floor:usersChanged']>[0];

export const tokenOf = (who: Actor) => who.headers.Authorization.slice('Bearer '.length);

/** A connected socket of `who` (English), or the connect error. */
export function socketOf(url: string, who: Actor, lang = 'en'): Promise<Client> {
  const client: Client = connect(url, {
    transports: ['websocket'],
    query: { lang },
    auth: { token: tokenOf(who) },
    forceNew: true,
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('connect_error', reject);
  });
}

export const call = <T>(client: Client, event: keyof ClientToServerEvents, payload: unknown): Promise<Ack<T>> =>
  request<T>(client, event, payload, 5000);

/** The answer's data; fails the test with the error otherwise. */
export async function ok<T>(answer: Promise<Ack<T>>): Promise<T> {
  const a = await answer;
  if (!a.ok) throw new Error(`expected ok, got ${a.error.code}: ${a.error.message}`);
  return a.data;
}

/** The error code and message of a refused request. */
export async function refused(answer: Promise<Ack<unknown>>): Promise<[string, string]> {
  const a = await answer;
  if (a.ok) throw new Error(`expected a refusal, got ${JSON.stringify(a.data)}`);
  return [a.error.code, a.error.message];
}

export const join = (client: Client, floorId: number) =>
  ok(call<FloorInitialData>(client, 'floor:joinOffice', { floorId }));

/** Every `floor:usersChanged` a socket receives from now on. */
export function batches(client: Client): Batch[] {
  const seen: Batch[] = [];
  client.on('floor:usersChanged', (batch) => seen.push(batch));
  return seen;
}

/** The next event of a kind, or a timeout error after `ms`. */
export function next<E extends keyof ServerToClientEvents>(
  client: Client,
  event: E,
  ms = 3000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    const listener = (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload as Parameters<ServerToClientEvents[E]>[0]);
    };
    (client as unknown as { once(e: string, l: (p: unknown) => void): void }).once(event, listener);
  });
}

/** The next event of a kind that passes `test` (earlier ones are skipped: a broadcast may land after its ack), or a timeout error. */
export async function nextWhere<E extends keyof ServerToClientEvents>(
  client: Client,
  event: E,
  test: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean,
  ms = 3000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const payload = await next(client, event, Math.max(1, deadline - Date.now()));
    if (test(payload)) return payload;
  }
}

/** Waits until a batch shows `userId` matching `test` (the latest state wins), or fails after `ms`. */
export async function seen(
  client: Client,
  userId: number,
  test: (user: FloorUserDto | null) => boolean,
  ms = 3000,
): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const batch = await next(client, 'floor:usersChanged', Math.max(1, deadline - Date.now()));
    // a newcomer comes in full (name, type …), a move as a compact place
    const user = batch.users.find((u) => u.userId === userId) ?? batchPlaces(batch).find((u) => u.userId === userId);
    if (user && test(user as FloorUserDto)) return;
    if (batch.left.includes(userId) && test(null)) return;
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
