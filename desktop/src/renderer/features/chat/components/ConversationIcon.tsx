import type { ChatConversationDto } from '@tsudoi/common';
import { avatarColour } from '@tsudoi/common';
import { Avatar } from '@tsudoi/ui/controls';
import { ChatIcon, FloorIcon, PersonIcon, TableIcon } from './chat-icons';

/** A conversation's face: the other person for a private chat, an icon for floor, table, guest and Q&A. */
export function ConversationIcon({
  conversation,
  myUserId,
  size = 40,
}: {
  conversation: ChatConversationDto;
  myUserId: number | null;
  size?: number;
}) {
  if (conversation.scope === 'private') {
    const other = conversation.members.find((m) => m.userId !== myUserId) ?? null;
    const name = other?.name ?? conversation.title;
    return <Avatar name={name} imageUrl={other?.avatarImageUrl ?? null} color={avatarColour(name)} size={size} />;
  }
  const Icon =
    conversation.scope === 'floor'
      ? FloorIcon
      : conversation.scope === 'room'
        ? TableIcon
        : conversation.scope === 'participant'
          ? PersonIcon
          : ChatIcon;
  return (
    <span
      className={`chat-kind chat-kind--${conversation.scope}`}
      style={{ width: size, height: size }}
      aria-hidden="true"
    >
      <Icon size={Math.round(size * 0.5)} />
    </span>
  );
}
