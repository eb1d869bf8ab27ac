import zlib from 'node:zlib';

/** Tiny but complete images, built byte by byte for upload tests. */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A width×height RGB PNG filled with one colour. */
export function png(width = 2, height = 2, rgb: [number, number, number] = [79, 70, 229]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1×1 grey baseline JPEG: one quantisation table, one-code Huffman tables, one block (DC 0, EOB). */
export function jpeg(): Buffer {
  const counts = (n: number) => [n, ...Array<number>(15).fill(0)];
  return Buffer.from([
    ...[0xff, 0xd8], // SOI
    ...[0xff, 0xdb, 0x00, 0x43, 0x00, ...Array<number>(64).fill(1)], // DQT
    ...[0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00], // SOF0 1×1, 1 component
    ...[0xff, 0xc4, 0x00, 0x14, 0x00, ...counts(1), 0x00], // DHT DC 0: category 0
    ...[0xff, 0xc4, 0x00, 0x14, 0x10, ...counts(1), 0x00], // DHT AC 0: EOB
    ...[0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00], // SOS
    0x3f, // bits 0 (DC diff 0) 0 (EOB), padded with ones
    ...[0xff, 0xd9], // EOI
  ]);
}

/** A 1×1 transparent GIF89a. */
export const gif = (): Buffer => Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
