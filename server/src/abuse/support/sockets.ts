import { Writable } from 'node:stream';
import { pino } from 'pino';
import { io as connect, type Socket } from 'socket.io-client';
import {
  request,
  type Ack,
  type ApiErrorBody,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@tsudoi/common';
import type { TestServer } from '../../testing/test-server';

/** Socket helpers of the abuse suite: a real socket.io-client socket from a client address of the test's choosing. */

export type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A socket with `token`, from `address` (X-Forwarded-For, which the server
 * trusts from loopback as from a reverse proxy): the connected socket, or the
 * refused handshake's error body.
 */
export function open(server: TestServer, token: string, address: string, lang = 'en'): Promise<Client> {
  const client: Client = connect(server.url, {
    transports: ['websocket'],
    query: { lang },
    auth: { token },
    extraHeaders: { 'x-forwarded-for': address },
    forceNew: true,
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('connect_error', (err: Error & { data?: ApiErrorBody }) => {
      client.close();
      reject(Object.assign(err, { body: err.data }));
    });
  });
}

/** The error body of a refused handshake (fails the test if the socket connected). */
export async function refusedHandshake(server: TestServer, token: string, address: string): Promise<ApiErrorBody> {
  try {
    const client = await open(server, token, address);
    client.close();
  } catch (error) {
    const body = (error as { body?: ApiErrorBody }).body;
    if (body) return body;
    throw error;
  }
  throw new Error('the handshake was accepted');
}

/** A request through the acknowledgement (TIMED_OUT after `ms`). */
export const ask = <T = unknown>(client: Client, event: string, payload: unknown, ms = 5000): Promise<Ack<T>> =>
  request<T>(client, event, payload, ms);

let rawAckId = 1_000_000;
/**
 * A request whose payload is raw JSON text, written as a Socket.IO packet on
 * the wire: what a hostile client sends when it does not use socket.io-client
 * (whose encoder cannot even walk a payload nested 5000 deep).
 */
export function askRaw<T = unknown>(client: Client, event: string, payloadJson: string, ms = 5000): Promise<Ack<T>> {
  const id = rawAckId++;
  const internals = client as unknown as {
    acks: Record<number, (answer: Ack<T>) => void>;
    io: { engine: { send(data: string): void } };
  };
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      delete internals.acks[id];
      resolve({ ok: false, error: { code: 'TIMED_OUT', message: 'Timed Out' } });
    }, ms);
    internals.acks[id] = (answer) => {
      clearTimeout(timer);
      resolve(answer);
    };
    internals.io.engine.send(`2${id}[${JSON.stringify(event)},${payloadJson}]`);
  });
}

/** An event sent without an acknowledgement (what a broken or hostile client does). */
export const fire = (client: Client, event: string, payload: unknown) =>
  (client as unknown as { emit(event: string, payload: unknown): void }).emit(event, payload);

/** The reason the server ended a socket, or a timeout error. */
export function disconnected(client: Client, ms = 5000): Promise<string> {
  if (client.disconnected) return Promise.resolve('already');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    client.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** The codes of a list of answers, counted. */
export function tally(answers: Ack<unknown>[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const a of answers) {
    const key = a.ok ? 'ok' : a.error.code;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** A logger at warn whose JSON lines are kept (the server's log, read by the test). */
export function capturedLogger() {
  const lines: { msg: string; kind?: string; suppressed?: number; [key: string]: unknown }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as never);
      done();
    },
  });
  return { logger: pino({ level: 'warn' }, stream), lines };
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
