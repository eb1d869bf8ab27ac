import { QueryTypes, UniqueConstraintError, type Sequelize } from 'sequelize';
import type { Models } from '../../db/models';
import type { MessageRow } from './chat.models';
import { boundInOrder } from '../../db/raw-db';

/** A message to write: its row without what the database and time give it. */
export type NewMessage = Omit<MessageRow, 'id' | 'createdAt' | 'editedAt' | 'unsentAt' | 'removedBy'>;
/** The stored message; `duplicate` when the sender's clientMessageId was already stored (a resend). */
export interface Written {
  message: MessageRow;
  duplicate: boolean;
}
interface Pending {
  row: NewMessage;
  at: Date;
  resolve(written: Written): void;
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
const MAX_BATCH = 1000;

/**
 * Group commit of new messages: sends that arrive while a write is running
 * are written together in the next one (one statement and one commit on
 * SQLite, one transaction on MariaDB), so the database sees tens of commits
 * a second instead of one per message. The answer is built from what was
 * written (no read back). A batch that fails is retried row by row, so one
 * bad row fails only its own send; a clientMessageId the sender already used
 * (the unique index says so) answers the stored message as a duplicate.
 */
export class MessageWriter {
  private queue: Pending[] = [];
  private running: Promise<void> | null = null;
  private readonly sqlite: boolean;
  private insertMode: Promise<InsertMode> | undefined;
  private bound: ReturnType<typeof boundInOrder> | undefined;

  constructor(
    private readonly models: Models,
    private readonly sequelize: Sequelize,
  ) {
    this.sqlite = sequelize.getDialect() === 'sqlite';
  }

  write(row: NewMessage, at: Date): Promise<Written> {
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
        if (ids) batch.forEach((p, i) => p.resolve({ message: this.built(p, ids[i]!), duplicate: false }));
        else for (const p of batch) await this.one(p).then(p.resolve, p.reject);
      }
    } finally {
      this.running = null;
    }
  }

  /** The written row as the answer needs it: plain values, no model built (a batch answers hundreds at once). */
  private built(p: Pending, id: number): MessageRow {
    return { ...p.row, id, createdAt: p.at, editedAt: null, unsentAt: null, removedBy: null };
  }

  private async one(p: Pending): Promise<Written> {
    try {
      const message = await this.models.ChatMessage.create({ ...p.row, createdAt: p.at, updatedAt: p.at });
      return { message, duplicate: false };
    } catch (error) {
      const { userId, clientMessageId } = p.row;
      if (!(error instanceof UniqueConstraintError) || !clientMessageId) throw error;
      const message = await this.models.ChatMessage.findOne({ where: { userId, clientMessageId } });
      if (!message) throw error;
      return { message, duplicate: true };
    }
  }

  /** How this database hands back the ids of a multi-row insert. */
  private async mode(): Promise<InsertMode> {
    if (this.sqlite) return 'returning';
    const [info] = await this.sequelize.query<{ v: string; m: number }>(
      'SELECT VERSION() AS v, @@innodb_autoinc_lock_mode AS m',
      { type: QueryTypes.SELECT },
    );
    if (info?.v.includes('MariaDB')) return 'returning';
    // MySQL: one statement's ids are consecutive unless the lock mode is "interleaved" (2)
    return Number(info?.m) <= 1 ? 'consecutive' : 'rowByRow';
  }

  /** The new rows' ids, in the batch's order. */
  private async insert(batch: Pending[]): Promise<number[]> {
    this.insertMode ??= this.mode();
    const mode = await this.insertMode;
    if (mode === 'rowByRow')
      return this.sequelize.transaction(async (transaction) => {
        const ids: number[] = [];
        for (const p of batch)
          ids.push(
            (await this.models.ChatMessage.create({ ...p.row, createdAt: p.at, updatedAt: p.at }, { transaction })).id,
          );
        return ids;
      });
    const row = (p: Pending) => [
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
    const values = batch.flatMap(row);
    const sql = `INSERT INTO chat_messages (${COLUMNS.join(', ')}) VALUES ${batch
      .map(() => `(${COLUMNS.map(() => '?').join(', ')})`)
      .join(', ')}`;
    // the driver binds the values in order: Sequelize's replacements escaped each of the batch's thousands
    // of values on the main thread, which held every other send while a large batch was prepared
    this.bound ??= boundInOrder(this.sequelize);
    if (mode === 'consecutive') {
      const { insertId } = await this.bound<{ insertId: number }>(sql, values);
      return batch.map((_, i) => Number(insertId) + i);
    }
    // one statement, ids increasing in VALUES order
    const rows = await this.bound<{ id: number }[]>(`${sql} RETURNING id`, values);
    return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  }
}

type InsertMode = 'returning' | 'consecutive' | 'rowByRow';
