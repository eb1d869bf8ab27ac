import type { User } from '../users/user.model';
import type { StoragePayer, Uploader } from '../uploads';
import { GUEST_ACCOUNT } from '../floors/guests';
import type { ChatContext } from './chat-context';
import type { ChatConversation } from './chat.models';

/**
 * Who a chat attachment is charged to: a floor's conversations to the
 * floor's company (a guest's files too); a private one to the uploader's
 * team, else the other person's, else the uploader alone.
 */
export async function chatPayer(ctx: ChatContext, user: User, conversation: ChatConversation): Promise<StoragePayer> {
  const { models } = ctx;
  if (conversation.floorId !== null) {
    const floor = await models.Floor.findByPk(conversation.floorId, { paranoid: false, attributes: ['companyId'] });
    return { companyId: floor?.companyId ?? null, userId: user.id };
  }
  if (user.employmentCompanyId) return { companyId: user.employmentCompanyId, userId: user.id };
  const otherId = (await ctx.cache.pair(conversation.id)).find((id) => id !== user.id);
  const other = otherId ? await models.User.findByPk(otherId, { attributes: ['employmentCompanyId'] }) : null;
  return { companyId: other?.employmentCompanyId ?? null, userId: user.id };
}

/** The person uploading, for their upload budget: an account-less guest's is small, and shared on their floor. */
export const uploaderOf = (user: Pick<User, 'id' | 'type'>, floorId: number | null): Uploader => ({
  userId: user.id,
  guest: user.type === GUEST_ACCOUNT,
  floorId,
});
