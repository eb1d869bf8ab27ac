import bytes from 'bytes';
import { z } from 'zod';
import { CHAT_UPLOAD_MAX_BYTES, type Plan } from '@tsudoi/common';

/**
 * A size in the environment: "1GB", "500MB", "300KB" or plain bytes
 * ("1048576"); units are powers of 1024. Empty means the default.
 */
const size = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim() || fallback;
      const parsed = bytes.parse(text);
      if (parsed === null || !Number.isSafeInteger(parsed) || parsed < 1) {
        ctx.addIssue({ code: 'custom', message: 'a size such as 25MB, 1GB or a number of bytes' });
        return z.NEVER;
      }
      return parsed;
    });

/** The upload settings of the environment (documented in .env.example). */
export const uploadEnvSchema = z.object({
  /** Stored bytes per company on each plan (chat attachments and virtual backgrounds). */
  STORAGE_QUOTA_STARTER: size('1GB'),
  STORAGE_QUOTA_BUSINESS: size('100GB'),
  /** One chat attachment at most. */
  CHAT_UPLOAD_MAX_SIZE: size(`${CHAT_UPLOAD_MAX_BYTES}`),
  /** Days a sent chat attachment is kept; 0 keeps them for good. */
  CHAT_ATTACHMENT_TTL_DAYS: z.coerce.number().int().min(0).max(36_500).default(365),
  /** Minutes between two sweeps of expired attachments and orphan files. */
  UPLOAD_SWEEP_INTERVAL_MIN: z.coerce.number().int().min(1).max(1440).default(60),
  /** What one member may upload (chat attachments, camera backgrounds) in 24 hours. */
  UPLOAD_BUDGET_MEMBER: size('2GB'),
  /** What one account-less guest may upload in 24 hours. */
  UPLOAD_BUDGET_GUEST: size('25MB'),
  /** What all the account-less guests of one floor may upload together in 24 hours. */
  UPLOAD_BUDGET_FLOOR_GUESTS: size('200MB'),
});

export interface UploadConfig {
  /** Bytes each plan may store per company. */
  quota: Record<Plan, number>;
  /** Bytes one chat attachment may have. */
  chatMaxBytes: number;
  /** Days a sent chat attachment is kept (0: for good). */
  chatAttachmentTtlDays: number;
  sweepIntervalMs: number;
  /** Bytes a person may upload in 24 hours (upload-budget.ts). */
  budgets: { member: number; guest: number; floorGuests: number };
}

export function uploadConfig(e: z.output<typeof uploadEnvSchema>): UploadConfig {
  return {
    quota: { starter: e.STORAGE_QUOTA_STARTER, business: e.STORAGE_QUOTA_BUSINESS },
    chatMaxBytes: e.CHAT_UPLOAD_MAX_SIZE,
    chatAttachmentTtlDays: e.CHAT_ATTACHMENT_TTL_DAYS,
    sweepIntervalMs: e.UPLOAD_SWEEP_INTERVAL_MIN * 60_000,
    budgets: {
      member: e.UPLOAD_BUDGET_MEMBER,
      guest: e.UPLOAD_BUDGET_GUEST,
      floorGuests: e.UPLOAD_BUDGET_FLOOR_GUESTS,
    },
  };
}

/** The defaults, for code built without an environment (tests of one feature). */
export const DEFAULT_UPLOAD_CONFIG: UploadConfig = uploadConfig(uploadEnvSchema.parse({}));
