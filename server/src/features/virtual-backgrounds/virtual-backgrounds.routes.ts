import path from 'node:path';
import { Op } from 'sequelize';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import {
  formatMessage,
  pageQuerySchema,
  VIRTUAL_BACKGROUND_MAX_COUNT,
  virtualBackgroundIdParamsSchema,
} from '@tsudoi/common';
import type { Models } from '../../db/models';
import { mutation, paged, pageWindow } from '../../http/answers';
import { AppError } from '../../http/app-error';
import { route } from '../../http/route';
import type { Guards } from '../auth/guards';
import { tighter, type StoragePayer, type StorageQuota, type SweepTask, type UploadBudget } from '../uploads';
import { BackgroundFiles } from './background-files';
import { backgroundGuards, ownerOf, type BackgroundOwner } from './background-owner';
import { toVirtualBackgroundDto } from './virtual-background.model';

export interface VirtualBackgroundDeps {
  models: Models;
  guards: Guards;
  dataDir: string;
  jwtSecret: string;
  quota: StorageQuota;
  budget: UploadBudget;
}

/** The bytes never change under an id: the owner's browser may keep them a day, nobody else may. */
const downloadHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'private, max-age=86400, immutable',
  Vary: 'Authorization',
  'Content-Security-Policy': "default-src 'none'",
};

declare module 'express-serve-static-core' {
  interface Request {
    backgroundPayer?: StoragePayer;
  }
}

/**
 * Virtual backgrounds (spec calls §7.9; the paths and rules are in
 * common/src/protocol/rest/virtual-backgrounds.ts). Access, the count limit
 * and the storage quota are checked before the body is read; the body
 * streams to disk; a refused upload stores nothing.
 */
export function createVirtualBackgrounds({ models, guards, dataDir, jwtSecret, quota, budget }: VirtualBackgroundDeps) {
  const files = new BackgroundFiles(path.join(dataDir, 'virtual-backgrounds'));
  const known = async (names: string[]) => {
    const rows = await models.VirtualBackground.findAll({ attributes: ['file'], where: { file: names } });
    return new Set(rows.map((row) => row.file));
  };
  const tasks: SweepTask[] = [
    // files of backgrounds whose rows are gone (with their user, floor or participant)
    { name: 'backgroundFilesWithoutRow', run: (now) => files.sweep(known, now) },
    {
      // rows whose file is gone (a crash between writing the row and moving the file)
      name: 'backgroundRowsWithoutFile',
      async run(now) {
        const rows = await models.VirtualBackground.findAll({
          where: { createdAt: { [Op.lt]: new Date(now.getTime() - 3600_000) } },
          attributes: ['id', 'file'],
        });
        let n = 0;
        for (const row of rows)
          if (!(await files.exists(row.file))) {
            await row.destroy();
            n += 1;
          }
        return n;
      },
    },
  ];
  return {
    router: virtualBackgroundRoutes(models, guards, jwtSecret, files, quota, budget),
    /** The backgrounds' bytes on disk (the platform admin downloads and deletes single files). */
    files,
    /** The clean-up tasks for the upload sweeper. */
    sweepTasks: () => tasks,
  };
}

function virtualBackgroundRoutes(
  models: Models,
  guards: Guards,
  jwtSecret: string,
  files: BackgroundFiles,
  quota: StorageQuota,
  budget: UploadBudget,
): Router {
  const router = Router();
  const only = backgroundGuards(guards, models, jwtSecret);
  const mine = (owner: BackgroundOwner) => ({
    userId: owner.userId,
    floorId: owner.floorId,
    participantId: owner.participantId,
  });

  const list = route({ query: pageQuerySchema }, async ({ query }, req) => {
    const { rows, count } = await models.VirtualBackground.findAndCountAll({
      where: mine(ownerOf(req)),
      order: [['id', 'DESC']],
      ...pageWindow(query),
    });
    return paged(rows.map(toVirtualBackgroundDto), count, query);
  });
  const underLimit: RequestHandler = async (req, _res, next) => {
    const count = await models.VirtualBackground.count({ where: mine(ownerOf(req)) });
    if (count >= VIRTUAL_BACKGROUND_MAX_COUNT)
      throw new AppError('VIRTUAL_BACKGROUND_LIMIT', { values: { limit: VIRTUAL_BACKGROUND_MAX_COUNT } });
    next();
  };
  /** The company a background is charged to: a guest's floor's, else the user's team (none: the user alone). */
  const charged: RequestHandler = async (req, _res, next) => {
    const owner = ownerOf(req);
    const floor = owner.floorId
      ? await models.Floor.findByPk(owner.floorId, { paranoid: false, attributes: ['companyId'] })
      : null;
    const user = floor ? null : await models.User.findByPk(owner.userId, { attributes: ['employmentCompanyId'] });
    req.backgroundPayer = { companyId: floor?.companyId ?? user?.employmentCompanyId ?? null, userId: owner.userId };
    // a guest session's background counts toward their (small) upload budget, shared with the floor's other guests
    req.uploader = { userId: owner.userId, guest: owner.floorId !== null, floorId: owner.floorId };
    req.uploadAllowance = tighter(await quota.allowance(req.backgroundPayer), await budget.allowance(req.uploader));
    next();
  };
  const save = route({}, async (_input, req, res) => {
    const { staged, ...checked } = await files.check(req);
    const payer = req.backgroundPayer!;
    const row = await quota.commit(payer, checked.size, async (transaction) => {
      await budget.assertFits(req.uploader!, checked.size, transaction);
      return models.VirtualBackground.create(
        { ...mine(ownerOf(req)), ...checked, companyId: payer.companyId },
        { transaction },
      );
    });
    try {
      await files.adopt(staged, row.file);
    } catch (error) {
      await row.destroy();
      throw error;
    }
    // two uploads at once may both have passed the count check: the one over the limit goes again
    if ((await models.VirtualBackground.count({ where: mine(ownerOf(req)) })) > VIRTUAL_BACKGROUND_MAX_COUNT) {
      await row.destroy();
      await files.remove(row.file);
      throw new AppError('VIRTUAL_BACKGROUND_LIMIT', { values: { limit: VIRTUAL_BACKGROUND_MAX_COUNT } });
    }
    res.status(201);
    return mutation(toVirtualBackgroundDto(row), formatMessage(req.locale, 'virtualBackgrounds.saved'));
  });
  const find = async (req: Request, id: number) => {
    const row = await models.VirtualBackground.findOne({ where: { id, ...mine(ownerOf(req)) } });
    if (!row) throw new AppError('VIRTUAL_BACKGROUND_NOT_FOUND');
    return row;
  };
  const remove = route({ params: virtualBackgroundIdParamsSchema }, async ({ params }, req) => {
    const row = await find(req, params.id);
    const dto = toVirtualBackgroundDto(row);
    await row.destroy();
    await files.remove(row.file);
    return mutation(dto, formatMessage(req.locale, 'virtualBackgrounds.deleted'));
  });
  const download = route({ params: virtualBackgroundIdParamsSchema }, async ({ params }, req, res: Response) => {
    const row = await find(req, params.id);
    const file = files.locate(row.file);
    if (!file) throw new AppError('VIRTUAL_BACKGROUND_NOT_FOUND');
    const ext = row.mimeType === 'image/png' ? 'png' : 'jpg';
    const headers = {
      ...downloadHeaders,
      'Content-Type': row.mimeType,
      'Content-Disposition': `attachment; filename="background-${row.id}.${ext}"`,
    };
    await new Promise<void>((resolve, reject) =>
      res.sendFile(file, { headers, dotfiles: 'deny', lastModified: false, etag: false }, (error) =>
        error ? reject(res.headersSent ? error : new AppError('VIRTUAL_BACKGROUND_NOT_FOUND')) : resolve(),
      ),
    );
  });

  router.get('/virtual-backgrounds', only.user, list);
  router.get('/virtual-backgrounds/guest', only.guest, list);
  router.post('/virtual-backgrounds/upload', only.user, underLimit, charged, files.receive(), save);
  router.post('/virtual-backgrounds/upload/guest', only.guest, underLimit, charged, files.receive(), save);
  router.get('/virtual-backgrounds/download/:id', only.either, download);
  router.delete('/virtual-backgrounds/:id', only.user, remove);
  router.delete('/virtual-backgrounds/:id/guest', only.guest, remove);
  return router;
}
