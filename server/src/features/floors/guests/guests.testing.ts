import { io as connect } from 'socket.io-client';
import { guestSessionSchema, type GuestSession } from '@tsudoi/common';
import type { TestServer } from '../../../testing/test-server';
import { call } from '../../../testing/http';
import type { Client } from '../live/live.testing';

/** Test helpers of the guest specs: the calls an account-less browser makes. */

export const landing = (server: TestServer, floorId: number | string, appId: string, lang = 'en') =>
  call(server.url, `/api/floors/${floorId}/guest?app_id=${encodeURIComponent(appId)}`, { lang });

export const joinGuest = (server: TestServer, floorId: number | string, body: unknown, lang = 'en') =>
  call(server.url, `/api/floors/${floorId}/join-guest`, { body, lang });

/** join-guest that must succeed: the session, checked against the protocol. */
export async function guestSession(
  server: TestServer,
  floorId: number,
  participantId: string,
  name = 'Visitor',
  password?: string,
): Promise<GuestSession> {
  const res = await joinGuest(server, floorId, { participantId, name, ...(password ? { password } : {}) });
  if (res.status !== 201) throw new Error(`join-guest failed: ${res.status} ${res.text}`);
  return guestSessionSchema.parse(res.json.data);
}

/** A socket with a raw `auth.token` (a guest session's, or anything a test forges). */
export function socketWithToken(server: TestServer, token: string, lang = 'en'): Promise<Client> {
  const client: Client = connect(server.url, {
    transports: ['websocket'],
    query: { lang },
    auth: { token },
    forceNew: true,
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('connect_error', reject);
  });
}

/** The code of a refused handshake. */
export async function handshakeRefused(server: TestServer, token: string): Promise<string> {
  try {
    const client = await socketWithToken(server, token);
    client.disconnect();
    return 'connected';
  } catch (error) {
    return String((error as { data?: { code?: string } }).data?.code);
  }
}
