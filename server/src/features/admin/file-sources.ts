import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { col, fn, Op } from 'sequelize';
import type { Locale } from '@tsudoi/common';
import type { Models } from '../../db/models';
import type { StoredFiles } from '../uploads/stored-files';

/** Bytes stored per company by one kind of file (null: accounts without a team). */
export type UsageByCompany = Map<number | null, number>;

/** One stored file as the admin's storage page lists it. */
export interface StoredFileRow {
  id: string;
  name: string;
  size: number;
  companyId: number | null;
  createdAt: Date;
}

/**
 * A kind of stored file the admin storage page counts and lists. The
 * uploads feature registers chat attachments and virtual backgrounds here;
 * recordings (another feature) register their own source the same way:
 * `features.admin.fileSources.register({...})`.
 */
export interface FileSource {
  /** Stable name, shown in the list and used as a filter (`chat`, `backgrounds`, `recordings`). */
  name: string;
  usage(): Promise<UsageByCompany>;
  /** Bytes added per day since `since` (for the storage chart): the files' sizes and creation times. */
  since(since: Date): Promise<{ size: number; createdAt: Date }[]>;
  /** Bytes stored before `before` (the chart's starting point). */
  totalBefore(before: Date): Promise<number>;
  /** The newest files first, optionally of one company. */
  list(options: {
    companyId?: number;
    /** The reader's language, for names a source translates (a recording's room). */
    locale?: Locale;
    limit: number;
    offset: number;
  }): Promise<{ rows: StoredFileRow[]; total: number }>;
  /** One stored file's bytes for a download (null: no such file, or its bytes are gone). */
  open(id: string): Promise<OpenedFile | null>;
  /**
   * Deletes one stored file: its bytes and its row, through the owning
   * feature's own delete, so the company's quota gets the bytes back.
   * Answers what was removed (for the audit log), or null when there is no such file.
   */
  remove(id: string): Promise<StoredFileRow | null>;
}

/** A stored file opened for a download. */
export interface OpenedFile {
  stream: Readable;
  name: string;
  size: number;
  type: string;
}

/** A stored file on disk as a stream, or null when its bytes are gone. */
export async function openStored(
  files: Pick<StoredFiles, 'locate'>,
  stored: string,
  meta: { name: string; type: string },
): Promise<OpenedFile | null> {
  const file = files.locate(stored);
  const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
  if (!file || !stat?.isFile()) return null;
  return { stream: fs.createReadStream(file), name: meta.name, size: stat.size, type: meta.type };
}

export class FileSources {
  private readonly sources: FileSource[] = [];
  register(source: FileSource): void {
    this.sources.push(source);
  }
  all(): readonly FileSource[] {
    return this.sources;
  }
  get(name: string): FileSource | undefined {
    return this.sources.find((s) => s.name === name);
  }
}

type Sized = { count(o: object): Promise<number>; sum(f: 'size', o: object): Promise<unknown> };

/** Bytes per company of one model's rows matching `where` (a file source's `usage`). */
export async function groupedUsage(
  model: { findAll(o: object): Promise<unknown[]> },
  where: object,
): Promise<UsageByCompany> {
  const rows = (await model.findAll({
    attributes: ['companyId', [fn('SUM', col('size')), 'bytes']],
    where,
    group: ['companyId'],
    raw: true,
  })) as { companyId: number | null; bytes: number | string | null }[];
  return new Map(rows.map((r) => [r.companyId ?? null, Number(r.bytes ?? 0)]));
}

/** Where the uploads' bytes are (the chat's and the virtual backgrounds' own stores). */
export interface UploadStores {
  chat: Pick<StoredFiles, 'locate' | 'remove'>;
  backgrounds: Pick<StoredFiles, 'locate' | 'remove'>;
}

const idNumber = (id: string): number | null => (/^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : null);

/** The uploads feature's own files: chat attachments (not expired) and virtual backgrounds. */
export function uploadFileSources(models: Models, stores: UploadStores): FileSource[] {
  const chatWhere = { expiredAt: null };
  const chat: FileSource = {
    name: 'chat',
    usage: () => groupedUsage(models.ChatUpload, chatWhere),
    since: (since) =>
      models.ChatUpload.findAll({
        attributes: ['size', 'createdAt'],
        where: { createdAt: { [Op.gte]: since } },
        raw: true,
      }),
    totalBefore: async (before) =>
      Number(
        (await (models.ChatUpload as unknown as Sized).sum('size', { where: { createdAt: { [Op.lt]: before } } })) || 0,
      ),
    list: async ({ companyId, limit, offset }) => {
      const { rows, count } = await models.ChatUpload.findAndCountAll({
        where: { ...chatWhere, ...(companyId ? { companyId } : {}) },
        order: [['createdAt', 'DESC']],
        limit,
        offset,
      });
      return {
        total: count,
        rows: rows.map((r) => ({
          id: r.id,
          name: r.name,
          size: r.size,
          companyId: r.companyId,
          createdAt: r.createdAt,
        })),
      };
    },
    open: async (id) => {
      const row = await models.ChatUpload.findOne({ where: { id, ...chatWhere } });
      return row ? openStored(stores.chat, row.id, { name: row.name, type: row.mimeType }) : null;
    },
    remove: async (id) => {
      const row = await models.ChatUpload.findOne({ where: { id, ...chatWhere } });
      if (!row) return null;
      // as the chat's own expiry does: the bytes go first; a sent attachment keeps its row marked
      // expired (its message then says the file is gone), one never sent is dropped
      await stores.chat.remove(row.id);
      if (row.messageId !== null && row.messageId > 0)
        await models.ChatUpload.update({ expiredAt: new Date() }, { where: { id: row.id, expiredAt: null } });
      else await row.destroy();
      return { id: row.id, name: row.name, size: row.size, companyId: row.companyId, createdAt: row.createdAt };
    },
  };
  const backgrounds: FileSource = {
    name: 'backgrounds',
    usage: () => groupedUsage(models.VirtualBackground, {}),
    since: (since) =>
      models.VirtualBackground.findAll({
        attributes: ['size', 'createdAt'],
        where: { createdAt: { [Op.gte]: since } },
        raw: true,
      }),
    totalBefore: async (before) =>
      Number(
        (await (models.VirtualBackground as unknown as Sized).sum('size', {
          where: { createdAt: { [Op.lt]: before } },
        })) || 0,
      ),
    list: async ({ companyId, limit, offset }) => {
      const { rows, count } = await models.VirtualBackground.findAndCountAll({
        where: companyId ? { companyId } : {},
        order: [['createdAt', 'DESC']],
        limit,
        offset,
      });
      return {
        total: count,
        rows: rows.map((r) => ({
          id: String(r.id),
          name: r.file,
          size: r.size,
          companyId: r.companyId,
          createdAt: r.createdAt,
        })),
      };
    },
    open: async (id) => {
      const key = idNumber(id);
      const row = key ? await models.VirtualBackground.findByPk(key) : null;
      if (!row) return null;
      const ext = row.mimeType === 'image/png' ? 'png' : 'jpg';
      return openStored(stores.backgrounds, row.file, { name: `background-${row.id}.${ext}`, type: row.mimeType });
    },
    remove: async (id) => {
      const key = idNumber(id);
      const row = key ? await models.VirtualBackground.findByPk(key) : null;
      if (!row) return null;
      // the virtual backgrounds' own delete: the row, then its bytes
      await row.destroy();
      await stores.backgrounds.remove(row.file);
      return { id: String(row.id), name: row.file, size: row.size, companyId: row.companyId, createdAt: row.createdAt };
    },
  };
  return [chat, backgrounds];
}
