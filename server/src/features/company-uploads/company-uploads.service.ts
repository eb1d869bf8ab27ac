import { Op } from 'sequelize';
import {
  COMPANY_FOLDER_MAX_DEPTH,
  type CompanyFileDto,
  type CompanyFolderDto,
  type CompanyUploadList,
} from '@tsudoi/common';
import type { Models } from '../../db/models';
import { AppError } from '../../http/app-error';
import { ownCompanyId } from '../companies';
import { newStoredName, type StorageQuota } from '../uploads';
import type { User } from '../users/user.model';
import type { CompanyFiles } from './company-files';
import type { CompanyFile, CompanyFolder } from './company-uploads.models';

type Names = Map<number, string>;

/**
 * The rules of the company file share: everything is read within the
 * caller's own team (another team's id is a 404 like a missing one); every
 * member reads and adds; the item's creator or an OWNER/ADMIN changes it.
 */
export class CompanyUploadService {
  constructor(
    private readonly models: Models,
    readonly files: CompanyFiles,
    private readonly quota: StorageQuota,
  ) {}

  companyOf(user: User): number {
    return ownCompanyId(user);
  }

  canEdit(user: User, ownerId: number | null): boolean {
    return user.employeeRole === 'OWNER' || user.employeeRole === 'ADMIN' || (ownerId !== null && ownerId === user.id);
  }

  requireEdit(user: User, item: { ownerId: number | null }): void {
    if (!this.canEdit(user, item.ownerId)) throw new AppError('COMPANY_UPLOAD_NOT_YOURS');
  }

  /** A folder of the caller's team (null: the top). */
  async folder(user: User, id: number | null | undefined): Promise<CompanyFolder | null> {
    if (id === null || id === undefined) return null;
    const row = await this.models.CompanyFolder.findOne({ where: { id, companyId: this.companyOf(user) } });
    if (!row) throw new AppError('COMPANY_FOLDER_NOT_FOUND');
    return row;
  }

  async file(user: User, id: number): Promise<CompanyFile> {
    const row = await this.models.CompanyFile.findOne({ where: { id, companyId: this.companyOf(user) } });
    if (!row) throw new AppError('COMPANY_FILE_NOT_FOUND');
    return row;
  }

  private async allFolders(companyId: number) {
    return this.models.CompanyFolder.findAll({
      where: { companyId },
      attributes: ['id', 'name', 'parentId'],
      order: [['name', 'ASC']],
    });
  }

  /** The chain from the top down to `id` (empty for the top). */
  private chain(all: Pick<CompanyFolder, 'id' | 'name' | 'parentId'>[], id: number | null) {
    const byId = new Map(all.map((f) => [f.id, f]));
    const path: { id: number; name: string }[] = [];
    for (let at = id; at !== null && path.length <= COMPANY_FOLDER_MAX_DEPTH + 1; ) {
      const f = byId.get(at);
      if (!f) break;
      path.unshift({ id: f.id, name: f.name });
      at = f.parentId;
    }
    return path;
  }

  /** `id` and every folder inside it, parents before children. */
  private subtree(all: Pick<CompanyFolder, 'id' | 'parentId'>[], id: number): number[] {
    const out = [id];
    for (let i = 0; i < out.length; i += 1) for (const f of all) if (f.parentId === out[i]) out.push(f.id);
    return out;
  }

  private async names(ids: (number | null)[]): Promise<Names> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    const users = wanted.length
      ? await this.models.User.findAll({ where: { id: wanted }, attributes: ['id', 'name'], paranoid: false })
      : [];
    return new Map(users.map((u) => [u.id, u.name]));
  }

  folderDto(user: User, row: CompanyFolder, names: Names): CompanyFolderDto {
    return {
      id: row.id,
      name: row.name,
      parentId: row.parentId,
      owner: row.ownerId !== null && names.has(row.ownerId) ? { id: row.ownerId, name: names.get(row.ownerId)! } : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      canEdit: this.canEdit(user, row.ownerId),
    };
  }

  fileDto(user: User, row: CompanyFile, names: Names): CompanyFileDto {
    return {
      id: row.id,
      name: row.name,
      folderId: row.folderId,
      size: row.size,
      mimeType: row.mimeType,
      owner: row.ownerId !== null && names.has(row.ownerId) ? { id: row.ownerId, name: names.get(row.ownerId)! } : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      canEdit: this.canEdit(user, row.ownerId),
      url: `/api/company-uploads/${row.id}/download`,
    };
  }

  async toFolderDto(user: User, row: CompanyFolder) {
    return this.folderDto(user, row, await this.names([row.ownerId]));
  }

  async toFileDto(user: User, row: CompanyFile) {
    return this.fileDto(user, row, await this.names([row.ownerId]));
  }

  async list(user: User, folderId: number | null | undefined): Promise<CompanyUploadList> {
    const companyId = this.companyOf(user);
    const folder = await this.folder(user, folderId);
    const parent = folder?.id ?? null;
    const [folders, files, all, storage] = await Promise.all([
      this.models.CompanyFolder.findAll({ where: { companyId, parentId: parent }, order: [['name', 'ASC']] }),
      this.models.CompanyFile.findAll({ where: { companyId, folderId: parent }, order: [['name', 'ASC']] }),
      this.allFolders(companyId),
      this.quota.status({ companyId, userId: user.id }),
    ]);
    const names = await this.names([
      folder?.ownerId ?? null,
      ...folders.map((f) => f.ownerId),
      ...files.map((f) => f.ownerId),
    ]);
    return {
      folder: folder ? this.folderDto(user, folder, names) : null,
      path: this.chain(all, parent),
      folders: folders.map((f) => this.folderDto(user, f, names)),
      files: files.map((f) => this.fileDto(user, f, names)),
      allFolders: all.map((f) => ({ id: f.id, name: f.name, parentId: f.parentId })),
      storage: { usedBytes: storage.usedBytes, quotaBytes: storage.quotaBytes },
    };
  }

  private tooDeep(): AppError {
    return new AppError('COMPANY_FOLDER_TOO_DEEP', { values: { depth: COMPANY_FOLDER_MAX_DEPTH } });
  }

  async createFolder(user: User, name: string, parentId: number | null | undefined): Promise<CompanyFolder> {
    const companyId = this.companyOf(user);
    const parent = await this.folder(user, parentId);
    if (parent && this.chain(await this.allFolders(companyId), parent.id).length >= COMPANY_FOLDER_MAX_DEPTH)
      throw this.tooDeep();
    return this.models.CompanyFolder.create({ companyId, parentId: parent?.id ?? null, name, ownerId: user.id });
  }

  /** Renames and/or moves a folder: what it did (`moved`: it now sits in another folder; `renamed`). */
  async updateFolder(user: User, id: number, body: { name?: string; parentId?: number | null }) {
    const row = await this.folder(user, id);
    if (!row) throw new AppError('COMPANY_FOLDER_NOT_FOUND');
    this.requireEdit(user, row);
    const [from, name] = [row.parentId, row.name];
    if (body.parentId !== undefined) {
      const target = await this.folder(user, body.parentId);
      const all = await this.allFolders(row.companyId);
      const inside = this.subtree(all, row.id);
      if (target && inside.includes(target.id)) throw new AppError('COMPANY_FOLDER_MOVE_INVALID');
      // the moved folder's own depth below itself, on top of where it goes
      const height = Math.max(...inside.map((f) => this.chain(all, f).length - this.chain(all, row.id).length + 1));
      const base = target ? this.chain(all, target.id).length : 0;
      if (base + height > COMPANY_FOLDER_MAX_DEPTH) throw this.tooDeep();
      row.parentId = target?.id ?? null;
    }
    if (body.name !== undefined) row.name = body.name;
    const [moved, renamed] = [row.parentId !== from, row.name !== name];
    await row.save();
    return { row, moved, renamed };
  }

  /** Deletes a folder with every folder and file inside it (rows, then the files on disk). */
  async removeFolder(user: User, id: number): Promise<CompanyFolder> {
    const row = await this.folder(user, id);
    if (!row) throw new AppError('COMPANY_FOLDER_NOT_FOUND');
    this.requireEdit(user, row);
    const inside = this.subtree(await this.allFolders(row.companyId), row.id);
    const files = await this.models.CompanyFile.findAll({
      where: { companyId: row.companyId, folderId: { [Op.in]: inside } },
      attributes: ['id', 'file'],
    });
    await this.models.CompanyFolder.sequelize!.transaction(async (transaction) => {
      await this.models.CompanyFile.destroy({ where: { id: files.map((f) => f.id) }, transaction });
      // children first: a parent row goes only once nothing points at it
      for (const folderId of [...inside].reverse())
        await this.models.CompanyFolder.destroy({ where: { id: folderId }, transaction });
    });
    for (const f of files) await this.files.remove(f.file);
    return row;
  }

  /**
   * Stores a checked upload: its row is written under the quota's lock (the
   * refusal when it does not fit), then the staged file moves into place.
   */
  async createFile(
    user: User,
    folderId: number | null,
    checked: { staged: Express.Multer.File; name: string; size: number; mimeType: string },
  ): Promise<CompanyFile> {
    const companyId = this.companyOf(user);
    const { staged, ...fields } = checked;
    const file = newStoredName();
    const row = await this.quota.commit({ companyId, userId: user.id }, fields.size, (transaction) =>
      this.models.CompanyFile.create({ companyId, folderId, ...fields, file, ownerId: user.id }, { transaction }),
    );
    try {
      await this.files.adopt(staged, file);
    } catch (error) {
      await row.destroy();
      throw error;
    }
    return row;
  }

  /** Renames and/or moves a file: what it did (`moved`: it now sits in another folder; `renamed`). */
  async updateFile(user: User, id: number, body: { name?: string; folderId?: number | null }) {
    const row = await this.file(user, id);
    this.requireEdit(user, row);
    const [from, name] = [row.folderId, row.name];
    if (body.folderId !== undefined) row.folderId = (await this.folder(user, body.folderId))?.id ?? null;
    if (body.name !== undefined) row.name = body.name;
    const [moved, renamed] = [row.folderId !== from, row.name !== name];
    await row.save();
    return { row, moved, renamed };
  }

  async removeFile(user: User, id: number): Promise<CompanyFile> {
    const row = await this.file(user, id);
    this.requireEdit(user, row);
    await row.destroy();
    await this.files.remove(row.file);
    return row;
  }
}
