import { Op } from 'sequelize';
import type { Models } from '../../db/models';
import { groupedUsage, openStored, type FileSource, type StoredFileRow } from '../admin/file-sources';
import type { CompanyFile } from './company-uploads.models';
import type { CompanyUploadService } from './company-uploads.service';

const rowOf = (f: CompanyFile): StoredFileRow => ({
  id: String(f.id),
  name: f.name,
  size: f.size,
  companyId: f.companyId,
  createdAt: f.createdAt,
});

/** The company file share on the platform admin's storage page (counted, listed, downloaded, deleted). */
export function companyShareFileSource(models: Models, service: CompanyUploadService): FileSource {
  const find = (id: string) => (/^[1-9][0-9]{0,9}$/.test(id) ? models.CompanyFile.findByPk(Number(id)) : null);
  return {
    name: 'companyFiles',
    usage: () => groupedUsage(models.CompanyFile, {}),
    async since(since) {
      const rows = await models.CompanyFile.findAll({ where: { createdAt: { [Op.gte]: since } } });
      return rows.map((r) => ({ size: r.size, createdAt: r.createdAt }));
    },
    async totalBefore(before) {
      return Number((await models.CompanyFile.sum('size', { where: { createdAt: { [Op.lt]: before } } })) || 0);
    },
    async list({ companyId, limit, offset }) {
      const { rows, count } = await models.CompanyFile.findAndCountAll({
        where: companyId ? { companyId } : {},
        order: [['createdAt', 'DESC']],
        limit,
        offset,
      });
      return { total: count, rows: rows.map(rowOf) };
    },
    async open(id) {
      const row = await find(id);
      return row ? openStored(service.files, row.file, { name: row.name, type: row.mimeType }) : null;
    },
    async remove(id) {
      const row = await find(id);
      if (!row) return null;
      // the share's own delete: the row, then its bytes (the team's quota gets them back)
      await row.destroy();
      await service.files.remove(row.file);
      return rowOf(row);
    },
  };
}
