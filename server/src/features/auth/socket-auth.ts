import jwt from 'jsonwebtoken';
import { hmacKey } from './jwt-key';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { IoSocket, SocketAuthenticator } from '../../realtime/types';
import { rememberHandshakeRead } from '../../realtime/handshake-read';
import { GUEST_ACCOUNT } from '../floors/guests/guest-link';
import { verifyGuestToken } from '../floors/guests/guest-token';
import { sessionClaimsValid, type AccessClaims, type TokenService } from './tokens.service';

/**
 * The socket auth middleware: `auth: { token }` is either
 * - a user access token, held to the same rules as the REST JWT strategy
 *   (HS256, issuer, audience 'user', the sign-in family still live and the
 *   account's own, the account still there; the socket remembers the
 *   sign-in, `sessionId`, so ending it ends the socket: features/sessions), or
 * - a guest session token (audience 'guest', from POST {floorId}/join-guest):
 *   the guest user and their participant row on that floor must still exist
 *   (a dismissed guest's row is gone). The socket is then bound to that one
 *   floor (`guestFloorId`).
 * No token is UNAUTHORIZED; a bad, expired or revoked one AUTHORIZATION_FAILED.
 */
export function createSocketAuthenticator(
  models: Models,
  secret: string,
  tokens: Pick<TokenService, 'isLive'>,
): SocketAuthenticator {
  const asGuest = async (socket: IoSocket, token: string) => {
    const claims = verifyGuestToken(secret, token);
    if (!claims) return false;
    const userId = Number(claims.sub);
    const [user, participant] = await Promise.all([
      models.User.findOne({ where: { id: userId, type: GUEST_ACCOUNT } }),
      models.FloorParticipant.findOne({ where: { id: claims.pid, floorId: claims.fid, userId, type: 'GUEST' } }),
    ]);
    if (!user || !participant) throw new AppError('AUTHORIZATION_FAILED');
    socket.data.userId = userId;
    socket.data.guestFloorId = claims.fid;
    socket.data.participantId = participant.publicToken;
    return true;
  };

  return async (socket) => {
    const auth = socket.handshake.auth as { token?: unknown };
    const token = typeof auth.token === 'string' && auth.token ? auth.token : null;
    if (!token) throw new AppError('UNAUTHORIZED');
    // a guest token names its audience: only those are tried as guests (a failed verification costs a thrown error)
    const audience = (jwt.decode(token) as { aud?: unknown } | null)?.aud;
    if (audience === 'guest' && (await asGuest(socket, token))) return;
    let claims: AccessClaims;
    try {
      claims = jwt.verify(token, hmacKey(secret), {
        algorithms: ['HS256'],
        issuer: 'tsudoi',
        audience: 'user',
      }) as AccessClaims;
    } catch {
      throw new AppError('AUTHORIZATION_FAILED');
    }
    // the sign-in still live and the account: read side by side (a reconnect storm waits on both for each socket)
    const [live, user] = await Promise.all([
      sessionClaimsValid(claims, 'user', tokens),
      models.User.findOne({ where: { id: Number(claims.sub), type: 'user' } }),
    ]);
    if (!live || !user) throw new AppError('AUTHORIZATION_FAILED');
    socket.data.userId = user.id;
    socket.data.sessionId = claims.sid;
    rememberHandshakeRead(socket, user);
  };
}
