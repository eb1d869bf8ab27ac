import { IMAGE_MAX_BYTES } from '@tsudoi/common';

/** The picture types a logo or avatar may have (spec §5: JPG, PNG or GIF). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif';
const IMAGE_TYPES = new Set(IMAGE_ACCEPT.split(','));
const IMAGE_EXTENSIONS = /\.(jpe?g|png|gif)$/i;

export type ImageProblem = 'unsupported' | 'tooLarge';

/**
 * Checks a chosen picture before it is sent (spec §5: JPG, PNG or GIF, at
 * most 3 MB). The declared type is trusted when present, else the name; the
 * server sniffs the bytes again, so this only saves a useless upload.
 */
export function checkImageFile(
  file: Pick<File, 'name' | 'size' | 'type'>,
  maxBytes = IMAGE_MAX_BYTES,
): ImageProblem | null {
  const typeOk = file.type ? IMAGE_TYPES.has(file.type.toLowerCase()) : IMAGE_EXTENSIONS.test(file.name);
  if (!typeOk) return 'unsupported';
  if (file.size > maxBytes) return 'tooLarge';
  return null;
}

/** 3145728 → "3 MB" (units Bytes to YB, at most 2 decimals; spec §3 size formatting). */
export function formatBytes(bytes: number): string {
  const units = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];
  const power = bytes > 0 ? Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1) : 0;
  return `${Number((bytes / 1024 ** power).toFixed(2))} ${units[power]}`;
}
