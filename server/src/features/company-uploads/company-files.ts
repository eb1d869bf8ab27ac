import type { Request } from 'express';
import { COMPANY_FILE_MAX_BYTES, displayNameSchema, formatMessage } from '@tsudoi/common';
import { AppError } from '../../http/app-error';
import { StoredFiles } from '../uploads';

/** A received file of the share, checked and still staged. */
export interface CheckedCompanyFile {
  staged: Express.Multer.File;
  name: string;
  size: number;
  mimeType: string;
}

/**
 * The share's bytes on disk: `<dataDir>/company-files/<32 hex digits>`, no
 * extension, outside any web root; the type is sniffed from the first bytes.
 */
export class CompanyFiles extends StoredFiles {
  constructor(dir: string, maxBytes = COMPANY_FILE_MAX_BYTES) {
    super(dir, maxBytes);
  }

  /** Checks the staged file's name (spec §5: at most 100 characters, no invisible characters) and sniffs its type. */
  async check(req: Request): Promise<CheckedCompanyFile> {
    const file = this.received(req);
    // busboy hands the UTF-8 bytes of the name over as latin1
    const named = displayNameSchema.safeParse(Buffer.from(file.originalname, 'latin1').toString('utf8'));
    if (!named.success) {
      const id = named.error.issues[0]?.message ?? 'nameRequired';
      throw new AppError('VALIDATION_FAILED', {
        fields: {
          file: formatMessage(
            req.locale,
            id === 'nameTooLong' || id === 'textUnsafeCharacters' ? `validation.${id}` : 'validation.nameRequired',
          ),
        },
      });
    }
    const mimeType = (await this.sniff(file)) ?? 'application/octet-stream';
    return { staged: file, name: named.data, size: file.size, mimeType };
  }
}
