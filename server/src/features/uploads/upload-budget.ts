import { Op, QueryTypes, type Transaction } from 'sequelize';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { formatBytes } from './format-bytes';
import type { UploadAllowance } from './receive';

/** Bytes a person may upload in 24 hours (issue 25 §5): a guest's budget is much smaller than a member's. */
export interface UploadBudgets {
  member: number;
  guest: number;
  /** All the account-less guests of one floor together. */
  floorGuests: number;
}

/** Who uploads: an account (`guest`: an account-less guest session) and, for a guest, the floor it is on. */
export interface Uploader {
  userId: number;
  guest: boolean;
  floorId: number | null;
}

const DAY_MS = 86_400_000;

declare module 'express-serve-static-core' {
  interface Request {
    /** Who uploads the request's file (their budget is checked again when its row is written). */
    uploader?: Uploader;
  }
}

/**
 * Per-person upload budgets over the last 24 hours, on top of the team's
 * storage quota: chat attachments and camera backgrounds count (the file
 * share and recordings are members' tools and the quota's alone). An
 * account-less guest gets a small budget of their own and the guests of one
 * floor a shared one, so a public floor's visitors cannot fill a team's
 * storage however many guest identities they make. Read before the body (the
 * allowance caps the stream) and again when the row is written.
 */
export class UploadBudget {
  constructor(
    private readonly models: Models,
    private readonly clock: Clock,
    private readonly budgets: UploadBudgets,
  ) {}

  /** The uploader's own bytes of the last 24 hours. */
  private async personal(userId: number, since: Date, transaction?: Transaction): Promise<number> {
    const recent = { userId, createdAt: { [Op.gte]: since } };
    const [chat, backgrounds] = await Promise.all([
      this.models.ChatUpload.sum('size', { where: recent, transaction }),
      this.models.VirtualBackground.sum('size', { where: recent, transaction }),
    ]);
    return Number(chat || 0) + Number(backgrounds || 0);
  }

  /** The account-less guests' bytes of the last 24 hours on one floor. */
  private async guestsOf(floorId: number, since: Date, transaction?: Transaction): Promise<number> {
    const sequelize = this.models.ChatUpload.sequelize!;
    const [row] = await sequelize.query<{ total: number | string | null }>(
      `SELECT (SELECT COALESCE(SUM(u.size), 0) FROM chat_uploads u
                 JOIN chat_conversations c ON c.id = u.conversation_id
                 JOIN users g ON g.id = u.user_id
                WHERE c.floor_id = :floorId AND g.type = 'guest' AND u.created_at >= :since)
            + (SELECT COALESCE(SUM(b.size), 0) FROM virtual_backgrounds b
                 JOIN users g ON g.id = b.user_id
                WHERE b.floor_id = :floorId AND g.type = 'guest' AND b.created_at >= :since) AS total`,
      { replacements: { floorId, since }, type: QueryTypes.SELECT, transaction },
    );
    return Number(row?.total ?? 0);
  }

  /** What the uploader may still send now, and the refusal when a file does not fit. */
  async allowance(uploader: Uploader, transaction?: Transaction): Promise<UploadAllowance> {
    const since = new Date(this.clock.now().getTime() - DAY_MS);
    const budget = uploader.guest ? this.budgets.guest : this.budgets.member;
    const used = await this.personal(uploader.userId, since, transaction);
    let best: UploadAllowance = {
      remaining: Math.max(0, budget - used),
      refusal: () =>
        new AppError('UPLOAD_BUDGET_EXCEEDED', { values: { used: formatBytes(used), budget: formatBytes(budget) } }),
    };
    if (uploader.guest && uploader.floorId !== null) {
      const shared = await this.guestsOf(uploader.floorId, since, transaction);
      const total = this.budgets.floorGuests;
      if (total - shared < best.remaining)
        best = {
          remaining: Math.max(0, total - shared),
          refusal: () =>
            new AppError('GUEST_UPLOADS_EXCEEDED', {
              values: { used: formatBytes(shared), budget: formatBytes(total) },
            }),
        };
    }
    return best;
  }

  /** Refuses a file of `size` bytes that no longer fits (checked again when its row is written). */
  async assertFits(uploader: Uploader, size: number, transaction?: Transaction): Promise<void> {
    const allowance = await this.allowance(uploader, transaction);
    if (size > allowance.remaining) throw allowance.refusal();
  }
}

/** The smaller of two allowances (the quota's and the budget's): its refusal speaks when a file does not fit. */
export const tighter = (a: UploadAllowance, b: UploadAllowance): UploadAllowance =>
  a.remaining <= b.remaining ? a : b;
