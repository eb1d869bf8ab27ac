import type { Request, RequestHandler } from 'express';
import { virtualBackgroundGuestQuerySchema } from '@tsudoi/common';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import { accountOf, type Guards } from '../auth/guards';
import { GUEST_ACCOUNT, verifyGuestToken, type GuestClaims } from '../floors/guests';

/** Who owns a background: a user (floor and participant null), or a guest on one floor. */
export interface BackgroundOwner {
  userId: number;
  floorId: number | null;
  participantId: number | null;
}

declare module 'express-serve-static-core' {
  interface Request {
    backgroundOwner?: BackgroundOwner;
  }
}

export const ownerOf = (req: Request): BackgroundOwner => {
  if (!req.backgroundOwner) throw new AppError('UNAUTHORIZED');
  return req.backgroundOwner;
};

const guestClaims = (req: Request, secret: string): GuestClaims | null => {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? verifyGuestToken(secret, header.slice(7)) : null;
};

/** The guest session behind valid claims: its user must still be a guest and its participant row still there. */
async function guestOwner(models: Models, claims: GuestClaims) {
  const userId = Number(claims.sub);
  const [user, participant] = await Promise.all([
    models.User.findOne({ where: { id: userId, type: GUEST_ACCOUNT } }),
    models.FloorParticipant.findOne({ where: { id: claims.pid, floorId: claims.fid, userId, type: 'GUEST' } }),
  ]);
  if (!user || !participant) throw new AppError('AUTHORIZATION_FAILED');
  return { owner: { userId, floorId: claims.fid, participantId: participant.id }, participant };
}

/**
 * The guards of the three kinds of route:
 * - `user`: a signed-in user's own backgrounds; a guest token is FORBIDDEN;
 * - `guest`: a guest session's, with `floorId` and `participantId` (their app_id) in the query,
 *   which must be the token's own (another floor is FLOOR_NOT_FOUND); a user token is FORBIDDEN;
 * - `either`: the download, for the owner whichever session they hold.
 */
export function backgroundGuards(guards: Guards, models: Models, secret: string) {
  const user: RequestHandler = (req, res, next) => {
    if (guestClaims(req, secret)) return next(new AppError('FORBIDDEN'));
    guards.user(req, res, (error?: unknown) => {
      if (error) return next(error);
      req.backgroundOwner = { userId: accountOf(req).id, floorId: null, participantId: null };
      next();
    });
  };
  const guest: RequestHandler = async (req, res, next) => {
    const claims = guestClaims(req, secret);
    if (!claims) {
      // a valid user session on a guest route is the wrong kind of session; no session at all is UNAUTHORIZED
      return guards.user(req, res, (error?: unknown) => next(error ?? new AppError('FORBIDDEN')));
    }
    const { owner, participant } = await guestOwner(models, claims);
    const query = virtualBackgroundGuestQuerySchema.parse(req.query);
    if (query.floorId !== claims.fid || query.participantId !== participant.publicToken)
      throw new AppError('FLOOR_NOT_FOUND');
    req.backgroundOwner = owner;
    next();
  };
  const either: RequestHandler = async (req, res, next) => {
    const claims = guestClaims(req, secret);
    if (!claims) return user(req, res, next);
    req.backgroundOwner = (await guestOwner(models, claims)).owner;
    next();
  };
  return { user, guest, either };
}
