/** 3145728 → "3 MB" (units Bytes to YB, at most 2 decimals, trailing zeros dropped). */
export function formatBytes(bytes: number): string {
  const units = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];
  const power = bytes > 0 ? Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1) : 0;
  return `${Number((bytes / 1024 ** power).toFixed(2))} ${units[power]}`;
}
