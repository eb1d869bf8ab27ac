import { QueryTypes, type Sequelize } from 'sequelize';
import type { Models } from '../../db/models';
import type { ChatMessage } from './chat.models';

export type NewMessage = Pick<
  ChatMessage,
  | 'conversationId'
  | 'userId'
  | 'participantId'
  | 'type'
  | 'content'
  | 'uploadId'
  | 'parentId'
  | 'stamp'
  | 'clientMessageId'
>;
interface Pending {
  row: NewMessage;
  at: Date;
  resolve(message: ChatMessage): void;
  reject(error: unknown): void;
}

const COLUMNS = [
  'conversation_id',
  'user_id',
  'participant_id',
  'type',
  'content',
  'upload_id',
  'parent_id',
  'stamp',
  'client_message_id',
  'created_at',
  'updated_at',
] as const;
const MAX_BATCH = 500;

/**
 * Group commit of new messages: sends that arrive while a write is running
 * are written together in the next one (one statement and one commit on
 * SQLite, one transaction on MariaDB), so the database sees tens of commits
 * a second instead of one per message. A batch that fails is retried row by
 * row, so one bad row (a duplicate clientMessageId) fails only its own send.
 */
export class MessageWriter {
  private queue: Pending[] = [];
  private running: Promise<void> | null = null;
  private readonly sqlite: boolean;

  constructor(
    private readonly models: Models,
    private readonly sequelize: Sequelize,
  ) {
    this.sqlite = sequelize.getDialect() === 'sqlite';
  }

  write(row: NewMessage, at: Date): Promise<ChatMessage> {
    return new Promise((resolve, reject) => {
      this.queue.push({ row, at, resolve, reject });
      this.running ??= this.drain();
    });
  }

  /** Resolves once everything queued so far is written. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    // let the sends of this tick join the first batch
    await new Promise((resolve) => setImmediate(resolve));
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, MAX_BATCH);
        let ids: number[] | null = null;
        try {
          ids = await this.insert(batch);
        } catch {
          ids = null;
        }
        if (ids) {
          const rows = await this.models.ChatMessage.findAll({ where: { id: ids }, order: [['id', 'ASC']] }).catch(
            (error: unknown) => error,
          );
          batch.forEach((p, i) =>
            Array.isArray(rows) && rows[i] ? p.resolve(rows[i] as ChatMessage) : p.reject(rows),
          );
        } else {
          for (const p of batch)
            await this.models.ChatMessage.create({ ...p.row, createdAt: p.at, updatedAt: p.at }).then(
              p.resolve,
              p.reject,
            );
        }
      }
    } finally {
      this.running = null;
    }
  }

  /** The new rows' ids, in the batch's order. */
  private async insert(batch: Pending[]): Promise<number[]> {
    const values = (p: Pending) => [
      p.row.conversationId,
      p.row.userId,
      p.row.participantId,
      p.row.type,
      p.row.content,
      p.row.uploadId,
      p.row.parentId,
      p.row.stamp,
      p.row.clientMessageId,
      p.at,
      p.at,
    ];
    if (this.sqlite) {
      // one statement: rowids are handed out in VALUES order
      // (a leading comment keeps Sequelize from running it as a plain insert, which drops the RETURNING rows)
      const sql = `/* chat batch */ INSERT INTO chat_messages (${COLUMNS.join(', ')}) VALUES ${batch
        .map(() => `(${COLUMNS.map(() => '?').join(', ')})`)
        .join(', ')} RETURNING id`;
      const replacements = batch
        .flatMap(values)
        .map((v) => (v instanceof Date ? v.toISOString().replace('T', ' ').replace('Z', ' +00:00') : v));
      const rows = await this.sequelize.query<{ id: number }>(sql, { replacements, type: QueryTypes.SELECT });
      return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    }
    return this.sequelize.transaction(async (transaction) => {
      const ids: number[] = [];
      for (const p of batch) {
        const created = await this.models.ChatMessage.create(
          { ...p.row, createdAt: p.at, updatedAt: p.at },
          { transaction },
        );
        ids.push(created.id);
      }
      return ids;
    });
  }
}
