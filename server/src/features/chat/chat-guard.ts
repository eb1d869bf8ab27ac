import type { RequestHandler } from 'express';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { Guards } from '../auth/guards';
import { GUEST_ACCOUNT, verifyGuestToken } from '../floors/guests';

/**
 * The chat's REST calls take a signed-in user, or a guest session (the
 * token of join-guest): its guest user and participant row must still
 * exist, as on the socket. What the guest may then touch is decided by the
 * same conversation access as everywhere else (their floor only).
 */
export function userOrGuest(guards: Guards, models: Models, secret: string): RequestHandler {
  return async (req, res, next) => {
    const header = req.headers.authorization;
    const claims = header?.startsWith('Bearer ') ? verifyGuestToken(secret, header.slice(7)) : null;
    if (!claims) return guards.user(req, res, next);
    const userId = Number(claims.sub);
    const [user, participant] = await Promise.all([
      models.User.findOne({ where: { id: userId, type: GUEST_ACCOUNT } }),
      models.FloorParticipant.findOne({ where: { id: claims.pid, floorId: claims.fid, userId, type: 'GUEST' } }),
    ]);
    if (!user || !participant) return next(new AppError('AUTHORIZATION_FAILED'));
    req.account = user;
    next();
  };
}
