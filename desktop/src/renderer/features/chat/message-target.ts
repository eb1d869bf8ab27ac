import type { ChatJoin, FloorInitialData, FloorUserDto } from '@tsudoi/common';

/** What "send message" on a person's card opens: my guest tab with the host side, or a tab with them. */
export type MessageTarget = { kind: 'host' } | { kind: 'direct'; join: ChatJoin };

/**
 * Whom I may write to from a person's card, by the chat's rules: an
 * account-less guest only to the host side (their own conversation, from the
 * host's card); a host or subhost to a guest through that guest's
 * conversation; anyone signed in to another signed-in person on the floor
 * privately. Guests are not offered to other members (only the host side
 * answers them), and nobody is offered themselves.
 */
export function messageTargetOf(
  person: Pick<FloorUserDto, 'userId' | 'participantType'>,
  me: Pick<FloorInitialData['me'], 'userId' | 'isGuest' | 'canManage'> | null,
  floorId: number,
): MessageTarget | null {
  if (!me || person.userId === me.userId) return null;
  if (me.isGuest) return person.participantType === 'HOST' ? { kind: 'host' } : null;
  if (person.participantType === 'GUEST')
    return me.canManage ? { kind: 'direct', join: { scope: 'guest', floorId, userId: person.userId } } : null;
  return { kind: 'direct', join: { scope: 'private', userId: person.userId, floorId } };
}
