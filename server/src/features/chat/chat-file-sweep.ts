import { Op } from 'sequelize';
import type { SweepTask } from '../uploads';
import type { ChatContext } from './chat-context';
import type { ChatUpload } from './chat.models';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
/** A file or row younger than this may be half-way through an upload (file adopted, row not yet written). */
export const ORPHAN_GRACE_MS = HOUR_MS;
/** An upload not sent as a message within this is abandoned. */
export const UNSENT_UPLOAD_TTL_MS = DAY_MS;
const BATCH = 500;

export type UploadFate = 'keep' | 'expire' | 'drop';

/**
 * What the sweep does with one upload at `now`: a sent one older than the
 * retention expires (bytes removed, row kept so its message says so); one
 * never sent (messageId null, or 0 while its send was under way) is dropped
 * after a day; one whose bytes are gone (after the grace) expires when sent
 * and is dropped when not.
 */
export function uploadFate(
  upload: Pick<ChatUpload, 'messageId' | 'createdAt' | 'expiredAt'>,
  now: Date,
  ttlDays: number,
  fileExists = true,
): UploadFate {
  if (upload.expiredAt) return 'keep';
  const age = now.getTime() - upload.createdAt.getTime();
  const sent = upload.messageId !== null && upload.messageId > 0;
  if (!sent) return age > UNSENT_UPLOAD_TTL_MS || (!fileExists && age > ORPHAN_GRACE_MS) ? 'drop' : 'keep';
  if (ttlDays > 0 && age > ttlDays * DAY_MS) return 'expire';
  return !fileExists && age > ORPHAN_GRACE_MS ? 'expire' : 'keep';
}

/** The chat's clean-up tasks for the upload sweeper (features/uploads/upload-sweeper.ts). */
export function chatSweepTasks(ctx: ChatContext, ttlDays: number): SweepTask[] {
  const { models, files } = ctx;
  const apply = async (upload: ChatUpload, fate: UploadFate, now: Date) => {
    if (fate === 'keep') return 0;
    // the bytes go first: a crash in between leaves a row without a file, which the next pass settles
    await files.remove(upload.id);
    if (fate === 'drop') await upload.destroy();
    else await models.ChatUpload.update({ expiredAt: now }, { where: { id: upload.id, expiredAt: null } });
    return 1;
  };
  /** Every live upload row in id order, a batch at a time. */
  async function* live(where: object = {}) {
    let after = '';
    for (;;) {
      const rows = await models.ChatUpload.findAll({
        where: { ...where, expiredAt: null, id: { [Op.gt]: after } },
        order: [['id', 'ASC']],
        limit: BATCH,
      });
      yield* rows;
      if (rows.length < BATCH) return;
      after = rows[rows.length - 1]!.id;
    }
  }
  return [
    {
      name: 'chatAttachmentsExpired',
      async run(now) {
        if (ttlDays <= 0) return 0;
        let n = 0;
        const old = { messageId: { [Op.gt]: 0 }, createdAt: { [Op.lt]: new Date(now.getTime() - ttlDays * DAY_MS) } };
        for await (const upload of live(old)) n += await apply(upload, uploadFate(upload, now, ttlDays), now);
        return n;
      },
    },
    {
      name: 'chatUploadsUnsent',
      async run(now) {
        let n = 0;
        const unsent = {
          [Op.or]: [{ messageId: null }, { messageId: 0 }],
          createdAt: { [Op.lt]: new Date(now.getTime() - UNSENT_UPLOAD_TTL_MS) },
        };
        for await (const upload of live(unsent)) n += await apply(upload, uploadFate(upload, now, ttlDays), now);
        return n;
      },
    },
    {
      name: 'chatRowsWithoutFile',
      async run(now) {
        let n = 0;
        const settled = { createdAt: { [Op.lt]: new Date(now.getTime() - ORPHAN_GRACE_MS) } };
        for await (const upload of live(settled)) {
          if (await files.exists(upload.id)) continue;
          n += await apply(upload, uploadFate(upload, now, ttlDays, false), now);
        }
        return n;
      },
    },
    {
      name: 'chatFilesWithoutRow',
      async run(now) {
        const settled = (await files.list()).filter((f) => now.getTime() - f.mtimeMs > ORPHAN_GRACE_MS);
        let n = 0;
        for (let i = 0; i < settled.length; i += BATCH) {
          const names = settled.slice(i, i + BATCH).map((f) => f.name);
          const rows = await models.ChatUpload.findAll({ where: { id: names, expiredAt: null }, attributes: ['id'] });
          const kept = new Set(rows.map((r) => r.id));
          for (const name of names.filter((x) => !kept.has(x))) {
            await files.remove(name);
            n += 1;
          }
        }
        return n;
      },
    },
  ];
}
