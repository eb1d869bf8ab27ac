// Draws the tray icons (32x32 PNG, Electron's tray needs raster images): the
// Tsudoi mark — a rounded square in the brand gradient with the people dots —
// and a status dot (available, busy, away, meeting), plus an "-unread"
// variant with a red dot. Pure Node (zlib), so the build needs no image tools.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const SIZE = 32;
const SUPER = 4; // supersampling for smooth edges
const STATUS_COLORS = { available: [22, 163, 74], busy: [220, 38, 38], away: [217, 119, 6], meeting: [124, 58, 237] };
const UNREAD = [239, 68, 68];

const mix = (a, b, t) => a.map((v, i) => Math.round(v + (b[i] - v) * t));
const inRoundRect = (x, y, x0, y0, x1, y1, r) => {
  const cx = Math.max(x0 + r, Math.min(x, x1 - r));
  const cy = Math.max(y0 + r, Math.min(y, y1 - r));
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r && x >= x0 && x <= x1 && y >= y0 && y <= y1;
};
const inCircle = (x, y, cx, cy, r) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;

/** The colour (rgba) at one sample point, painting back to front. */
function sample(x, y, status, unread) {
  let color = null;
  if (inRoundRect(x, y, 1, 1, 31, 31, 8.5)) {
    color = [...mix([91, 84, 232], [14, 159, 144], (x + y) / 64), 255];
    if (
      [
        [16, 17, 5],
        [16, 7.5, 2.8],
        [24, 22, 2.8],
        [8, 22, 2.8],
      ].some(([cx, cy, r]) => inCircle(x, y, cx, cy, r))
    ) {
      color = [255, 255, 255, 255];
    }
  }
  const dot = (cx, cy, r, rgb) => {
    if (inCircle(x, y, cx, cy, r + 1.6)) color = [255, 255, 255, 255];
    if (inCircle(x, y, cx, cy, r)) color = [...rgb, 255];
  };
  dot(25, 25, 5.2, STATUS_COLORS[status]);
  if (unread) dot(26, 6, 4.2, UNREAD);
  return color ?? [0, 0, 0, 0];
}

function pixels(status, unread) {
  const rows = [];
  for (let py = 0; py < SIZE; py += 1) {
    const row = [0]; // PNG filter: none
    for (let px = 0; px < SIZE; px += 1) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SUPER; sy += 1) {
        for (let sx = 0; sx < SUPER; sx += 1) {
          const c = sample(px + (sx + 0.5) / SUPER, py + (sy + 0.5) / SUPER, status, unread);
          sum[0] += c[0] * c[3];
          sum[1] += c[1] * c[3];
          sum[2] += c[2] * c[3];
          sum[3] += c[3];
        }
      }
      const alpha = sum[3] / SUPER ** 2;
      row.push(...(sum[3] ? sum.slice(0, 3).map((v) => Math.round(v / sum[3])) : [0, 0, 0]), Math.round(alpha));
    }
    rows.push(Buffer.from(row));
  }
  return Buffer.concat(rows);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(raw) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Writes {status}.png and {status}-unread.png for every status into dir. */
export function writeTrayIcons(dir) {
  mkdirSync(dir, { recursive: true });
  const written = [];
  for (const status of Object.keys(STATUS_COLORS)) {
    for (const unread of [false, true]) {
      const file = path.join(dir, `${status}${unread ? '-unread' : ''}.png`);
      writeFileSync(file, png(pixels(status, unread)));
      written.push(file);
    }
  }
  return written;
}
