import { once } from 'node:events';
import type { Response } from 'express';
import { DEFAULT_TIME_ZONE, localDate, wallClock } from '@tsudoi/common';

/** Excel reads a CSV as UTF-8 (Japanese included) only with this mark first. */
export const UTF8_BOM = '\uFEFF';

/** The zone the admin CSVs write their times in, as the admin screens show them (spec §1: Japan time). */
export const CSV_TIME_ZONE = DEFAULT_TIME_ZONE;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** An instant as "2026-11-25 21:03:07" in CSV_TIME_ZONE (issue 25 §16: an evening in Japan stays that evening). */
export function csvTime(at: Date): string {
  const { hour, minute, second } = wallClock(at, CSV_TIME_ZONE);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${localDate(at, CSV_TIME_ZONE)} ${two(hour)}:${two(minute)}:${two(second)}`;
}

/**
 * One CSV field (RFC 4180), with a leading = + - @ neutralised so that a
 * spreadsheet never runs it as a formula; an instant (a Date, or an ISO
 * string as the rows carry them) in Japan time.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text =
    value instanceof Date
      ? csvTime(value)
      : typeof value === 'string' && INSTANT.test(value)
        ? csvTime(new Date(value))
        : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: unknown[]): string => `${values.map(csvField).join(',')}\r\n`;

/** Waits for 'drain' or 'close', whichever comes first, leaving no listener behind. */
async function drained(res: Response): Promise<void> {
  const done = new AbortController();
  try {
    await Promise.race([once(res, 'drain', { signal: done.signal }), once(res, 'close', { signal: done.signal })]);
  } finally {
    done.abort();
  }
}

/**
 * Streams a CSV: the BOM and header, then the rows batch by batch (keyset
 * paging by id: each batch starts after the last id sent), waiting for the
 * socket to drain so memory stays bounded whatever the size. Stops when the
 * client goes away. (The app's compression middleware gzips it when asked;
 * its res.write ignores a write callback, so drain is the signal.)
 */
export async function streamCsv<R extends { id: number }>(
  res: Response,
  filename: string,
  header: string[],
  batch: (afterId: number, limit: number) => Promise<R[]>,
  toLine: (row: R) => unknown[],
  /** The header of the last column, which names the zone of the times ("Time zone", in the request's language). */
  zoneHeader: string,
  batchSize = 1000,
): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  let closed = false;
  res.on('close', () => {
    closed = true;
  });
  // the zone the times are in, named on every line (the header says which column)
  res.write(UTF8_BOM + csvLine([...header, zoneHeader]));
  let afterId = 0;
  for (;;) {
    const rows = await batch(afterId, batchSize);
    if (closed) return;
    if (rows.length === 0) break;
    let chunk = '';
    for (const row of rows) chunk += csvLine([...toLine(row), CSV_TIME_ZONE]);
    afterId = rows[rows.length - 1]!.id;
    if (!res.write(chunk)) await drained(res);
    if (closed) return;
    if (rows.length < batchSize) break;
  }
  res.end();
}
