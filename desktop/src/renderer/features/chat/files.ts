/** Rules for chat attachments (spec §4 uploads and downloads, §5 names, §9.1). */

/** File and folder names are at most 100 characters (spec §5). */
export const FILE_NAME_MAX = 100;

/** An upload is an image message when its MIME type contains "image", otherwise a file message. */
export function attachmentType(mimeType: string): 'image' | 'file' {
  return mimeType.toLowerCase().includes('image') ? 'image' : 'file';
}

/**
 * A name the server accepts: control characters and path separators become
 * "_", and a name longer than 100 characters (counted in code points) is
 * shortened in its stem so the extension survives ("report….pdf").
 */
export function fitFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
  const clean = Array.from(name.trim().replace(/[\u0000-\u001f\u007f/\\]/g, '_')).join('') || 'file';
  const chars = Array.from(clean);
  if (chars.length <= FILE_NAME_MAX) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(clean.slice(dot)) : [];
  const keepExtension = extension.length > 1 && extension.length <= 16 ? extension : [];
  const stem = Array.from(keepExtension.length > 0 ? clean.slice(0, dot) : clean);
  return stem.slice(0, FILE_NAME_MAX - 1 - keepExtension.length).join('') + '…' + keepExtension.join('');
}

/** Only PDFs open in a new tab; every other file downloads as a blob (spec §9.1). */
export function opensInNewTab(name: string, mimeType?: string | null): boolean {
  if (mimeType && mimeType.toLowerCase().split(';')[0]!.trim() === 'application/pdf') return true;
  return /\.pdf$/i.test(name.trim());
}
