import { Op } from 'sequelize';
import { AppError } from '../../http/app-error';
import { viewFloor } from '../floors/floor-access';
import { chatUserChannel, type ChatContext } from './chat-context';

/**
 * Who may see a floor changed (a participant removed, the floor edited):
 * people who can no longer see it leave its floor and Q&A chats at once —
 * their member rows go (no more messages), and their windows are told.
 */
export async function floorAccessChanged(ctx: ChatContext, floorId: number): Promise<void> {
  const { models } = ctx;
  const conversations = await models.ChatConversation.findAll({
    where: { floorId, scope: { [Op.in]: ['floor', 'qa'] } },
  });
  for (const conversation of conversations) {
    const members = await models.ChatMember.findAll({ where: { conversationId: conversation.id } });
    const users = await models.User.findAll({ where: { id: members.map((m) => m.userId) } });
    for (const member of members) {
      const user = users.find((u) => u.id === member.userId);
      const allowed =
        user &&
        (await viewFloor(models, user, floorId).then(
          () => true,
          (error: unknown) => {
            if (error instanceof AppError) return false;
            throw error;
          },
        ));
      if (allowed) continue;
      await member.destroy();
      await ctx.memberVersions.bump(floorId);
      ctx.io()?.to(chatUserChannel(member.userId)).emit('chat:conversationCleared', {
        conversationId: conversation.id,
        typeId: floorId,
        scope: conversation.scope,
      });
    }
  }
}
