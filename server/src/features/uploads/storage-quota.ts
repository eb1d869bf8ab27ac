import { Transaction, type WhereOptions } from 'sequelize';
import type { Plan } from '@tsudoi/common';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import { formatBytes } from './format-bytes';
import type { UploadAllowance } from './receive';

/**
 * Who an upload is charged to: a company (its plan's quota), or, for an
 * account with no team, that account alone on the Starter quota.
 */
export interface StoragePayer {
  companyId: number | null;
  userId: number;
}

export interface StorageStatus {
  plan: Plan;
  usedBytes: number;
  quotaBytes: number;
  /** The payer is the team's owner (who can change its plan). */
  payerOwnsTeam?: boolean;
}

/** The bytes still free, never below 0. */
export const remainingBytes = (status: Pick<StorageStatus, 'usedBytes' | 'quotaBytes'>): number =>
  Math.max(0, status.quotaBytes - status.usedBytes);

/**
 * STORAGE_QUOTA_EXCEEDED with the figures the person sees ("900 KB of 1 MB") and what they can do beyond
 * deleting files: the owner of a Starter team upgrades on the plan page, a member asks the owner, and a
 * Business team has no larger plan.
 */
export const quotaRefusal = (status: StorageStatus): AppError =>
  new AppError('STORAGE_QUOTA_EXCEEDED', {
    values: {
      used: formatBytes(status.usedBytes),
      quota: formatBytes(status.quotaBytes),
      next: status.plan === 'business' ? 'none' : status.payerOwnsTeam ? 'upgrade' : 'ask',
    },
  });

/**
 * The per-company storage quota by plan: chat attachments not expired,
 * virtual backgrounds, recordings and the company file share count (logos, avatars and floor images are one per
 * owner and small, so they do not). Checked twice: before the body is read
 * (what is left caps the stream) and again under a lock when the row is
 * written, so uploads at once cannot pass it together.
 */
export class StorageQuota {
  constructor(
    private readonly models: Models,
    private readonly quota: Record<Plan, number>,
  ) {}

  async status(payer: StoragePayer, transaction?: Transaction): Promise<StorageStatus> {
    const { models } = this;
    const company = payer.companyId ? await models.Company.findByPk(payer.companyId, { transaction }) : null;
    const plan: Plan = company?.plan === 'business' ? 'business' : 'starter';
    const whose: WhereOptions =
      payer.companyId !== null ? { companyId: payer.companyId } : { companyId: null, userId: payer.userId };
    const [chat, backgrounds, recordings, shared] = await Promise.all([
      models.ChatUpload.sum('size', { where: { ...whose, expiredAt: null }, transaction }),
      models.VirtualBackground.sum('size', { where: whose, transaction }),
      // recordings are a company's (issue 17); an account without a team records nothing
      payer.companyId !== null
        ? models.Recording.sum('size', { where: { companyId: payer.companyId }, transaction })
        : 0,
      // the company file share (issue 18), a team's only
      payer.companyId !== null
        ? models.CompanyFile.sum('size', { where: { companyId: payer.companyId }, transaction })
        : 0,
    ]);
    const used = Number(chat || 0) + Number(backgrounds || 0) + Number(recordings || 0) + Number(shared || 0);
    return { plan, usedBytes: used, quotaBytes: this.quota[plan], payerOwnsTeam: company?.ownerId === payer.userId };
  }

  /** What the payer may still store, for `receiveFile` (set as req.uploadAllowance). */
  async allowance(payer: StoragePayer): Promise<UploadAllowance> {
    const status = await this.status(payer);
    return { remaining: remainingBytes(status), refusal: () => quotaRefusal(status) };
  }

  /**
   * Writes the row of a stored file of `size` bytes (`create`) if it fits,
   * in one transaction that first locks the payer's company (or account) row:
   * two uploads of one company are counted one after the other.
   */
  async commit<T>(payer: StoragePayer, size: number, create: (transaction: Transaction) => Promise<T>): Promise<T> {
    const { models } = this;
    return models.User.sequelize!.transaction({ type: Transaction.TYPES.IMMEDIATE }, async (transaction) => {
      const lock = { transaction, lock: transaction.LOCK.UPDATE };
      if (payer.companyId !== null) await models.Company.findByPk(payer.companyId, lock);
      else await models.User.findByPk(payer.userId, lock);
      const status = await this.status(payer, transaction);
      if (status.usedBytes + size > status.quotaBytes) throw quotaRefusal(status);
      return create(transaction);
    });
  }
}
