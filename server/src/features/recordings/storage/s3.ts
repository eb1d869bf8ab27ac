import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { checkKey, type RecordingStorage } from './storage';

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, Ceph, R2, …); unset for AWS itself. */
  endpoint: string | undefined;
  /** Path-style addressing (`endpoint/bucket/key`), which most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** Keys are stored under this prefix ('' for none). */
  prefix: string;
  /** Static keys; unset uses the SDK's default chain (environment, instance role, …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

const notFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey');

/**
 * Recordings in an S3-compatible bucket. Uploads stream the finished file in
 * one PUT (S3's limit for one PUT is 5 GiB, hours of our 700 kbit/s webm);
 * downloads stream the object, a range as a ranged GET, so a seek in the
 * player fetches only what it shows. Checksums are only sent where the
 * protocol requires them: the SDK's default (aws-chunked bodies with a CRC
 * trailer) is not understood by every S3-compatible server.
 */
export class S3Storage implements RecordingStorage {
  private readonly client: S3Client;

  constructor(private readonly config: S3StorageConfig) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private keyOf(key: string): string {
    return `${this.config.prefix}${checkKey(key)}`;
  }

  async put(key: string, localFile: string): Promise<number> {
    const { size } = await fsp.stat(localFile);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.keyOf(key),
        Body: fs.createReadStream(localFile),
        ContentLength: size,
        ContentType: 'video/webm',
      }),
    );
    await fsp.rm(localFile, { force: true });
    return size;
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(key) }));
      return head.ContentLength ?? null;
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    const out = new PassThrough();
    const abort = new AbortController();
    // the reader going away (the player seeks, the download is cancelled) ends the GET too
    out.once('close', () => abort.abort());
    const command = new GetObjectCommand({
      Bucket: this.config.bucket,
      Key: this.keyOf(key),
      Range: range ? `bytes=${range.start}-${range.end}` : undefined,
    });
    this.client
      .send(command, { abortSignal: abort.signal })
      .then(async (object) => {
        if (!(object.Body instanceof Readable)) throw new Error('S3 object body is not a stream');
        await pipeline(object.Body, out);
      })
      .catch((error: unknown) => {
        if (!out.destroyed) out.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    return out;
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.keyOf(key) }));
  }

  /** ffmpeg reads a local file: the object is downloaded to a temporary one, removed on release. */
  async localCopy(key: string) {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'tsudoi-s3-'));
    const file = path.join(dir, path.basename(checkKey(key)));
    const release = () => fsp.rm(dir, { recursive: true, force: true });
    try {
      await pipeline(this.read(key), fs.createWriteStream(file));
    } catch (error) {
      await release();
      throw error;
    }
    return { file, release };
  }

  close(): void {
    this.client.destroy();
  }
}
