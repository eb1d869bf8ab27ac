import type { Models } from '../../db/models';
import type { ChatConversation } from './chat.models';

const MAX_ENTRIES = 20_000;
/**
 * How long "no conversation under this key" is believed in this process. A
 * room nobody chats in is looked up by everyone walking through it; one made
 * in this process is known at once (`made`), one made by another process
 * within this.
 */
export const KEY_MISS_TTL_MS = 2000;

/** A Map that forgets everything once it grows past its bound (cheap, and these entries are cheap to reload). */
class Bounded<K, V> extends Map<K, V> {
  override set(key: K, value: V) {
    if (this.size >= MAX_ENTRIES) this.clear();
    return super.set(key, value);
  }
}

/**
 * What never changes once made, kept per process so a send does not read it
 * again: the conversation rows (key, scope, floor and typeId are fixed; by id
 * and by key, never deleted) and
 * the two members of each private conversation (enrolled together when it
 * is made, never removed). Nothing here decides access to floors and rooms,
 * which change; those are read on every call.
 */
export class ChatCache {
  private readonly conversations = new Bounded<number, Promise<ChatConversation | null>>();
  private readonly pairs = new Bounded<number, Promise<number[]>>();
  private readonly keys = new Bounded<string, Promise<ChatConversation | null>>();

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

  /** The conversation a key names ('room:12'), once it exists (a miss is believed for KEY_MISS_TTL_MS). */
  byKey(key: string): Promise<ChatConversation | null> {
    let found = this.keys.get(key);
    if (!found) {
      const asked = this.models.ChatConversation.findOne({ where: { key } });
      found = asked;
      this.keys.set(key, asked);
      const forget = () => {
        if (this.keys.get(key) === asked) this.keys.delete(key);
      };
      void asked.then((c) => c ?? setTimeout(forget, KEY_MISS_TTL_MS).unref(), forget);
    }
    return found;
  }

  /** Like byKey, but a remembered miss is checked again in the database (a found conversation is kept). */
  async byKeyChecked(key: string): Promise<ChatConversation | null> {
    const known = await this.byKey(key);
    if (known) return known;
    this.keys.delete(key);
    return this.byKey(key);
  }

  /** A conversation this process just found or made: known by id and key from now on. */
  made(conversation: ChatConversation): void {
    this.conversations.set(conversation.id, Promise.resolve(conversation));
    this.keys.set(conversation.key, Promise.resolve(conversation));
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
