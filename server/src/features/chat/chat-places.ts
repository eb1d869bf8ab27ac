import { QueryTypes } from 'sequelize';
import { CHAT_KINDS } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import { viewFloor } from '../floors/floor-access';
import type { PlaceChange } from '../floors/live/presence-batcher';
import type { User } from '../users/user.model';
import type { ChatContext } from './chat-context';
import { enrol, findOrCreateConversation } from './chat-enrol';
import { announce, leaveRoomChat, tell } from './chat-rooms';
import type { ChatConversation, ChatMember } from './chat.models';
import { LatestQueue } from './latest-queue';
import { roomOfUser, usersInRoom } from '../floors/live/engine/places';
import { isVisitor } from '../floors/outsider-policy';
import { waitingVisitor } from './chat-access';

/**
 * How long a person's place settles before their chat membership follows it
 * (a walk through five rooms is one pass). Messages still reach them at once
 * (a room's messages go to whoever is in it); the membership — their list,
 * unread count and history — follows within this, counting from their
 * arrival, so nothing said meanwhile is lost.
 */
export const FOLLOW_SETTLE_MS = 1000;

/** A member row of a floor's room or floor conversation, with what it belongs to. */
interface Membership {
  memberId: number;
  conversationId: number;
  scope: 'room' | 'floor';
  typeId: number;
  savedUntilId: number | null;
  clearedUntilId: number;
  userId: number;
}

/**
 * Chat membership follows where people are on a floor, not which chat
 * panel they opened. Told of every place change of this process by the live
 * floor's watcher, it brings each person's memberships in line with their
 * place in the database — the floor's conversation and the room they are in
 * (announced to them, so their list and unread counts are right without
 * opening anything), and the leave rule for any room they are no longer in.
 *
 * It runs off the move's path: a change only queues its person; each person
 * is brought in line by one pass at a time, at most one per FOLLOW_SETTLE_MS,
 * and changes arriving meanwhile join the next pass. The pass reads the
 * place from the live floor (its owner's memory), so the last pass wins
 * whichever order changes arrive in, also across server processes; it reads
 * the person's memberships from the database only when the floor's member
 * version moved since it last did (a walk through rooms nobody chats in
 * then costs no statement at all).
 */
export class ChatPlaces {
  private readonly queue = new LatestQueue(FOLLOW_SETTLE_MS);
  /**
   * When each person arrived in the room they were last seen moving to (kept
   * until their next pass uses it): messages said after that and before the
   * pass enrols them are theirs, visible and unread.
   */
  private readonly arrivals = new Map<string, { roomId: number; at: number }>();
  /**
   * Each person's memberships on a floor as last read, with the floor's member
   * version read before them (member-versions.ts): good while it is unchanged,
   * so a walk through rooms without chats reads nothing from the database.
   */
  private readonly held = new Map<string, { version: string; rows: Membership[] }>();
  /**
   * Rooms found without a conversation, with the floor's member version read before the database said so:
   * a room's conversation is made for someone who is enrolled in it at once, which moves the version.
   */
  private readonly chatless = new Map<number, string>();

  constructor(private readonly ctx: ChatContext) {}

  placeChanged({ floorId, userId, roomId }: PlaceChange): void {
    const closed = userId === undefined;
    if (!closed && roomId !== null) {
      const key = `${floorId}:${userId}`;
      if (this.arrivals.get(key)?.roomId !== roomId)
        this.arrivals.set(key, { roomId, at: this.ctx.clock.now().getTime() });
    }
    const task = closed ? () => this.floorClosed(floorId) : () => this.follow(floorId, userId);
    this.queue.push(closed ? `floor:${floorId}` : `${floorId}:${userId}`, () =>
      task().catch((err: unknown) => this.ctx.logger.warn({ err, floorId, userId }, 'chat membership not updated')),
    );
  }

  /** Resolves once every queued pass has run (tests, shutdown). */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  /** One person's memberships on one floor, brought in line with their place. */
  private async follow(floorId: number, userId: number): Promise<void> {
    const { models } = this.ctx;
    const key = `${floorId}:${userId}`;
    const version = await this.ctx.memberVersions.of(floorId);
    const [roomId, held] = await Promise.all([
      roomOfUser(models, floorId, userId),
      this.heldBy(floorId, userId, version),
    ]);
    if (roomId === null) this.held.delete(key);
    const arrival = this.arrivals.get(key);
    try {
      const since = arrival?.roomId === roomId ? arrival.at : undefined;
      await this.bringInLine(floorId, userId, roomId, held, since, version);
    } finally {
      if (this.arrivals.get(key) === arrival) this.arrivals.delete(key);
    }
  }

  private async bringInLine(
    floorId: number,
    userId: number,
    roomId: number | null,
    held: Membership[],
    since: number | undefined,
    version: string,
  ): Promise<void> {
    for (const m of held) if (m.scope === 'room' && m.typeId !== roomId && m.savedUntilId === null) await this.leave(m);
    if (roomId === null) return;
    const here = held.find((m) => m.scope === 'room' && m.typeId === roomId);
    const toFloor = !held.some((m) => m.scope === 'floor');
    // the room's conversation, when it has one and they are not a full member yet (rooms are walked through:
    // one known to have none is not asked about again while the floor's member version stands)
    const table = here && here.savedUntilId === null ? null : await this.roomChat(roomId, version);
    if (!toFloor && !table) return;
    const user = await this.ctx.models.User.findByPk(userId);
    if (!user) return;
    if (toFloor) await this.enterFloor(floorId, user, since);
    if (table && table.floorId === floorId && !(await waitingVisitor(this.ctx, userId, roomId)))
      await this.enterRoom(table, user, here, since);
  }

  /** A room's conversation, or null; a room found without one stays so while the floor's member version stands. */
  private async roomChat(roomId: number, version: string): Promise<ChatConversation | null> {
    if (this.chatless.get(roomId) === version) return null;
    const table = await this.ctx.cache.byKeyChecked(`room:${roomId}`);
    if (table) this.chatless.delete(roomId);
    else {
      if (this.chatless.size >= 20_000) this.chatless.clear();
      this.chatless.set(roomId, version);
    }
    return table;
  }

  /** One person's memberships on a floor: as last read while the floor's member version stands, else read now. */
  private async heldBy(floorId: number, userId: number, version: string): Promise<Membership[]> {
    const key = `${floorId}:${userId}`;
    const known = this.held.get(key);
    if (known?.version === version) return known.rows;
    const rows = await this.memberships(floorId, userId);
    this.held.set(key, { version, rows });
    return rows;
  }

  /** Everyone on a closed floor has left every room: the leave rule for each of them. */
  private async floorClosed(floorId: number): Promise<void> {
    for (const key of [...this.held.keys()]) if (key.startsWith(`${floorId}:`)) this.held.delete(key);
    for (const m of await this.memberships(floorId))
      if (m.scope === 'room' && m.savedUntilId === null) await this.leave(m);
  }

  /** The room and floor memberships on a floor (of one person, or of everyone). */
  private async memberships(floorId: number, userId?: number): Promise<Membership[]> {
    const sequelize = this.ctx.models.ChatMember.sequelize!;
    type Row = { member_id: number; conversation_id: number; scope: 'room' | 'floor'; type_id: number };
    type Marks = { saved_until_id: number | null; cleared_until_id: number; user_id: number };
    const rows = await sequelize.query<Row & Marks>(
      `SELECT m.id AS member_id, m.conversation_id, c.scope, c.type_id, m.saved_until_id, m.cleared_until_id, m.user_id
         FROM chat_members m JOIN chat_conversations c ON c.id = m.conversation_id
        WHERE c.floor_id = ? AND c.scope IN ('room', 'floor')${userId === undefined ? '' : ' AND m.user_id = ?'}`,
      { replacements: userId === undefined ? [floorId] : [floorId, userId], type: QueryTypes.SELECT },
    );
    return rows.map((r) => ({
      memberId: Number(r.member_id),
      conversationId: Number(r.conversation_id),
      scope: r.scope,
      typeId: Number(r.type_id),
      savedUntilId: r.saved_until_id === null ? null : Number(r.saved_until_id),
      clearedUntilId: Number(r.cleared_until_id),
      userId: Number(r.user_id),
    }));
  }

  /** The leave rule, on the member row as it is now (what was remembered may be older: a history cleared since). */
  private async leave(m: Membership): Promise<void> {
    const conversation = await this.ctx.cache.conversation(m.conversationId);
    const member = conversation && (await this.ctx.models.ChatMember.findByPk(m.memberId));
    if (conversation && member) await leaveRoomChat(this.ctx, conversation, member);
    else await this.ctx.memberVersions.bump(conversation?.floorId); // gone meanwhile: read again next time
  }

  /**
   * In the room: a member of its conversation, told to them — when it has
   * one. A room's conversation is made by the first person who opens it
   * (roomChatMade enrols everyone there then), so a walk through rooms
   * nobody chats in costs one cached look-up per room.
   */
  private async enterRoom(conversation: ChatConversation, user: User, held: Membership | undefined, since?: number) {
    const room = await this.ctx.models.FloorRoom.findByPk(conversation.typeId!);
    if (!room) return;
    let member: ChatMember | null;
    if (held) {
      // back in a room whose chat was saved for them: a full member again
      member = await this.ctx.models.ChatMember.findByPk(held.memberId);
      await member?.update({ savedUntilId: null });
      await this.ctx.memberVersions.bump(conversation.floorId);
    } else {
      // without saveChat a newcomer sees what is said from their arrival on; with it the history, none of it unread
      const newcomer = { hideHistory: !room.saveChat, readUpToNow: true, since, absent: true };
      member = await enrol(this.ctx, conversation.id, user.id, newcomer);
    }
    if (member) await tell(this.ctx, user, { conversation, member, readOnly: false });
  }

  /** On the floor: a member of its whole-floor conversation (its history readable, none of it unread). */
  private async enterFloor(floorId: number, user: User, since?: number): Promise<void> {
    try {
      // a booked visitor is not in the floor's conversation (the booked room's and the host side's only)
      if (isVisitor((await viewFloor(this.ctx.models, user, floorId)).me)) return;
    } catch (error) {
      if (error instanceof AppError) return; // lost access meanwhile: not enrolled again
      throw error;
    }
    const { conversation } = await findOrCreateConversation(this.ctx, {
      key: `floor:${floorId}`,
      kind: CHAT_KINDS.chat,
      scope: 'floor',
      floorId,
      typeId: floorId,
    });
    const member = await enrol(this.ctx, conversation.id, user.id, { hideHistory: false, readUpToNow: true, since });
    if (member) await tell(this.ctx, user, { conversation, member, readOnly: false });
  }
}

/**
 * A room's conversation was just made (someone in the room opened its
 * chat): everyone else in the room becomes a member and is told, as if they
 * had arrived now. Whoever arrives later is enrolled by their own pass.
 */
export async function roomChatMade(ctx: ChatContext, conversation: ChatConversation, openerId: number) {
  const since = ctx.clock.now().getTime();
  const here = await usersInRoom(ctx.models, conversation.typeId!);
  for (const userId of here) {
    if (userId === openerId) continue;
    const member = await enrol(ctx, conversation.id, userId, { hideHistory: false, readUpToNow: true, since });
    if (member) await announce(ctx, conversation, [userId]);
  }
}
