import path from 'node:path';
import { Op } from 'sequelize';
import type { Models } from '../../db/models';
import type { Guards } from '../auth/guards';
import type { StorageQuota, SweepTask } from '../uploads';
import { CompanyFiles } from './company-files';
import { companyUploadRoutes } from './company-uploads.routes';
import { CompanyUploadService } from './company-uploads.service';

export interface CompanyUploadDeps {
  models: Models;
  guards: Guards;
  dataDir: string;
  quota: StorageQuota;
}

/** The company file share (issue 18): folders, files, the routes and the sweeper's clean-up of orphan files. */
export function createCompanyUploads({ models, guards, dataDir, quota }: CompanyUploadDeps) {
  const files = new CompanyFiles(path.join(dataDir, 'company-files'));
  const service = new CompanyUploadService(models, files, quota);
  const tasks: SweepTask[] = [
    {
      // files whose rows are gone (a crash between the row's delete and the file's), older than an hour
      name: 'companyFilesWithoutRow',
      async run(now) {
        const stored = await files.list();
        const old = stored.filter((f) => now.getTime() - f.mtimeMs > 3600_000).map((f) => f.name);
        if (old.length === 0) return 0;
        const rows = await models.CompanyFile.findAll({ where: { file: { [Op.in]: old } }, attributes: ['file'] });
        const known = new Set(rows.map((r) => r.file));
        let n = 0;
        for (const name of old)
          if (!known.has(name)) {
            await files.remove(name);
            n += 1;
          }
        return n;
      },
    },
  ];
  return {
    router: companyUploadRoutes(guards, service, quota),
    service,
    files,
    sweepTasks: () => tasks,
  };
}
