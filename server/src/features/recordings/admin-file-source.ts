import { Op } from 'sequelize';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import { groupedUsage, type FileSource } from '../admin/file-sources';
import { shownRoomName } from './recording-room-name';
import type { RecordingStorage } from './storage/storage';

/** Recordings on the platform admin's storage page: finished files with their size, per company. */
export function recordingFileSource(models: Models, storage: RecordingStorage): FileSource {
  const stored = { size: { [Op.ne]: null } };
  const find = (id: string) =>
    /^[1-9][0-9]{0,15}$/.test(id) ? models.Recording.findOne({ where: { ...stored, id: Number(id) } }) : null;
  return {
    name: 'recordings',
    usage: () => groupedUsage(models.Recording, stored),
    async since(since) {
      const rows = await models.Recording.findAll({
        attributes: ['size', 'createdAt'],
        where: { ...stored, createdAt: { [Op.gte]: since } },
        raw: true,
      });
      return rows.map((r) => ({ size: Number(r.size ?? 0), createdAt: r.createdAt }));
    },
    async totalBefore(before) {
      const sum = await models.Recording.sum('size', { where: { ...stored, createdAt: { [Op.lt]: before } } });
      return Number(sum || 0);
    },
    async list({ companyId, locale = 'ja', limit, offset }) {
      const { rows, count } = await models.Recording.findAndCountAll({
        where: { ...stored, ...(companyId ? { companyId } : {}) },
        order: [['createdAt', 'DESC']],
        limit,
        offset,
      });
      return {
        total: count,
        rows: rows.map((r) => ({
          id: String(r.id),
          name: `${r.floorName} / ${shownRoomName(r.roomName, locale)} (${r.startedAt.toISOString()})`,
          size: Number(r.size ?? 0),
          companyId: r.companyId,
          createdAt: r.createdAt,
        })),
      };
    },
    async open(id) {
      const row = await find(id);
      if (!row?.storageKey || row.status !== 'ready') return null;
      const size = await storage.size(row.storageKey);
      if (size === null) return null;
      return { stream: storage.read(row.storageKey), name: `recording-${row.id}.webm`, size, type: 'video/webm' };
    },
    async remove(id) {
      const row = await find(id);
      if (!row) return null;
      // the recordings' own delete (recordings.routes.ts): never one still being written
      if (row.status === 'recording' || row.status === 'processing') throw new AppError('RECORDING_NOT_READY');
      await row.destroy();
      if (row.storageKey) await storage.remove(row.storageKey);
      return {
        id: String(row.id),
        name: `${row.floorName} / ${shownRoomName(row.roomName, 'ja')}`,
        size: Number(row.size ?? 0),
        companyId: row.companyId,
        createdAt: row.createdAt,
      };
    },
  };
}
