import { Router } from 'express';
import { formatMessage, hostGuideSchema, profileUpdateSchema, type UserDto } from '@tsudoi/common';
import { mutation } from '../../http/answers';
import { route } from '../../http/route';
import { accountOf, type Guards } from '../auth/guards';
import type { ImageStore } from '../uploads';
import { toUserDto } from './user.dto';
import type { ProfileFeed } from './profile-feed';

export interface ProfileRouteDeps {
  guards: Guards;
  images: ImageStore;
  /** Tells the account's open tabs and its floors of the change (profile-feed.ts). */
  feed: Pick<ProfileFeed, 'announce'>;
}

/**
 * /users/me: the signed-in user's own profile (their team is GET
 * /company/{employmentCompanyId}). Viewing and editing name, country and
 * language need only a session (the language can be switched before the
 * e-mail is confirmed); storing a picture needs a confirmed account.
 */
export function profileRoutes({ guards, images, feed }: ProfileRouteDeps): Router {
  const router = Router();
  router.get(
    '/users/me',
    guards.user,
    route({}, (_input, req): { data: UserDto } => ({ data: toUserDto(accountOf(req)) })),
  );
  router.patch(
    '/users/me',
    guards.user,
    route({ body: profileUpdateSchema }, async ({ body }, req) => {
      const user = await accountOf(req).update(body);
      await feed.announce(user);
      return mutation(toUserDto(user), formatMessage(req.locale, 'profile.update.success'));
    }),
  );
  // the in-floor tutorial's flag: a quiet change (no message, nothing for the floors to hear)
  router.put(
    '/users/me/host-guide',
    guards.user,
    route({ body: hostGuideSchema }, async ({ body }, req): Promise<{ data: UserDto }> => {
      const user = await accountOf(req).update({ skipHostGuide: body.skipHostGuide });
      return { data: toUserDto(user) };
    }),
  );
  router.put(
    '/users/me/avatar',
    guards.verifiedUser,
    images.receive(),
    route({}, async (_input, req) => {
      const user = accountOf(req);
      await images.replace(req, user.avatarImageUrl, (url) => user.update({ avatarImageUrl: url }));
      await feed.announce(user);
      return mutation(toUserDto(user), formatMessage(req.locale, 'profile.avatar.updated'));
    }),
  );
  return router;
}
