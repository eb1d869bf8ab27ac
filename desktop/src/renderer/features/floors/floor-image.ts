import { FLOOR_IMAGE_MAX_BYTES } from '@tsudoi/common';

/** The picture types a floor image may have (spec §5: JPG or PNG, at most 1 MB, 780x490 recommended). */
export const FLOOR_IMAGE_ACCEPT = 'image/jpeg,image/png';
const TYPES = new Set(FLOOR_IMAGE_ACCEPT.split(','));
const EXTENSIONS = /\.(jpe?g|png)$/i;

export type FloorImageProblem = 'unsupported' | 'tooLarge';

/** Checks a chosen floor image before it is sent; the server sniffs the bytes again. */
export function checkFloorImage(file: Pick<File, 'name' | 'size' | 'type'>): FloorImageProblem | null {
  const typeOk = file.type ? TYPES.has(file.type.toLowerCase()) : EXTENSIONS.test(file.name);
  if (!typeOk) return 'unsupported';
  if (file.size > FLOOR_IMAGE_MAX_BYTES) return 'tooLarge';
  return null;
}
