import type { Models } from '../../db/models';
import type { ChatConversation } from './chat.models';

const MAX_ENTRIES = 20_000;

/** A Map that forgets everything once it grows past its bound (cheap, and these entries are cheap to reload). */
class Bounded<K, V> extends Map<K, V> {
  override set(key: K, value: V) {
    if (this.size >= MAX_ENTRIES) this.clear();
    return super.set(key, value);
  }
}

/**
 * What never changes once made, kept per process so a send does not read it
 * again: the conversation rows (key, scope, floor and typeId are fixed) and
 * the two members of each private conversation (enrolled together when it
 * is made, never removed). Nothing here decides access to floors and rooms,
 * which change; those are read on every call.
 */
export class ChatCache {
  private readonly conversations = new Bounded<number, Promise<ChatConversation | null>>();
  private readonly pairs = new Bounded<number, Promise<number[]>>();

  constructor(private readonly models: Models) {}

  conversation(id: number): Promise<ChatConversation | null> {
    let found = this.conversations.get(id);
    if (!found) {
      found = this.models.ChatConversation.findByPk(id);
      this.conversations.set(id, found);
      // a miss is not remembered: the conversation may be made a moment later
      void found.then(
        (c) => c ?? this.conversations.delete(id),
        () => this.conversations.delete(id),
      );
    }
    return found;
  }

  /** The members of a private conversation. */
  pair(conversationId: number): Promise<number[]> {
    let found = this.pairs.get(conversationId);
    if (!found) {
      found = this.models.ChatMember.findAll({ where: { conversationId }, attributes: ['userId'] }).then((rows) =>
        rows.map((r) => r.userId),
      );
      this.pairs.set(conversationId, found);
      void found.then(
        (ids) => ids.length === 2 || this.pairs.delete(conversationId),
        () => this.pairs.delete(conversationId),
      );
    }
    return found;
  }
}
