const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/**
 * A file size for people (spec §9.1 size formatter): Bytes through YB in
 * steps of 1024, at most 2 decimals ("0 Bytes", "512 Bytes", "1.5 KB",
 * "2.25 MB"). Negative or non-finite sizes read as 0 Bytes.
 */
export function formatSize(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const places = Math.max(0, Math.floor(decimals));
  let unit = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  let value = Number((bytes / 1024 ** unit).toFixed(places));
  // 1023.999 KB rounds to 1024 KB: show it as 1 MB instead.
  if (value >= 1024 && unit < UNITS.length - 1) {
    unit += 1;
    value = Number((bytes / 1024 ** unit).toFixed(places));
  }
  return `${value} ${UNITS[unit]}`;
}
