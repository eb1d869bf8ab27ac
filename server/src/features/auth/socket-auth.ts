import jwt from 'jsonwebtoken';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { IoSocket, SocketAuthenticator } from '../../realtime/types';
import type { AccessClaims, TokenService } from './tokens.service';

/**
 * The socket auth middleware: `auth: { token }` is a user access token, held
 * to the same rules as the REST JWT strategy (HS256, issuer, audience 'user',
 * the sign-in family still live, the account still there). No token is
 * UNAUTHORIZED; a bad, expired or revoked one AUTHORIZATION_FAILED.
 * Account-less guests (app_id / participantId) are a later step: `guest`
 * is their slot.
 */
export function createSocketAuthenticator(
  models: Models,
  secret: string,
  tokens: Pick<TokenService, 'isLive'>,
  guest?: (socket: IoSocket) => Promise<boolean>,
): SocketAuthenticator {
  return async (socket) => {
    const auth = socket.handshake.auth as { token?: unknown };
    const token = typeof auth.token === 'string' && auth.token ? auth.token : null;
    if (!token) {
      if (guest && (await guest(socket))) return;
      throw new AppError('UNAUTHORIZED');
    }
    let claims: AccessClaims;
    try {
      claims = jwt.verify(token, secret, { algorithms: ['HS256'], issuer: 'tsudoi', audience: 'user' }) as AccessClaims;
    } catch {
      throw new AppError('AUTHORIZATION_FAILED');
    }
    if (typeof claims.sid !== 'string' || !(await tokens.isLive(claims.sid)))
      throw new AppError('AUTHORIZATION_FAILED');
    const user = await models.User.findOne({ where: { id: Number(claims.sub), type: 'user' } });
    if (!user) throw new AppError('AUTHORIZATION_FAILED');
    socket.data.userId = user.id;
  };
}
