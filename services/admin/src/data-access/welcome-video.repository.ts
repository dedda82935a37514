import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Queryable } from '@platform/service-kit';

export type TVideoType = 'video/mp4' | 'video/webm';

export interface TWelcomeVideoRecord {
  fileName: string;
  contentType: TVideoType;
  sizeBytes: number;
  sha256: string;
  uploadedBy: string;
  uploadedAt: Date;
}

interface TRow {
  file_name: string;
  content_type: TVideoType;
  size_bytes: string;
  sha256: string;
  uploaded_by: string;
  uploaded_at: Date;
}

const toRecord = (row: TRow): TWelcomeVideoRecord => ({
  fileName: row.file_name,
  contentType: row.content_type,
  sizeBytes: Number(row.size_bytes),
  sha256: row.sha256,
  uploadedBy: row.uploaded_by,
  uploadedAt: row.uploaded_at,
});

const COLUMNS = 'file_name, content_type, size_bytes, sha256, uploaded_by, uploaded_at';

export async function findWelcomeVideo(db: Queryable, options: { forUpdate?: boolean } = {}): Promise<TWelcomeVideoRecord | undefined> {
  const { rows } = await db.query<TRow>(`SELECT ${COLUMNS} FROM welcome_video WHERE slot = 'current'${options.forUpdate ? ' FOR UPDATE' : ''}`);
  return rows[0] ? toRecord(rows[0]) : undefined;
}

export async function saveWelcomeVideo(db: Queryable, video: Omit<TWelcomeVideoRecord, 'uploadedAt'>): Promise<TWelcomeVideoRecord> {
  const { rows } = await db.query<TRow>(
    `INSERT INTO welcome_video (slot, file_name, content_type, size_bytes, sha256, uploaded_by, uploaded_at)
     VALUES ('current', $1, $2, $3, $4, $5, clock_timestamp())
     ON CONFLICT (slot) DO UPDATE SET file_name = EXCLUDED.file_name, content_type = EXCLUDED.content_type,
       size_bytes = EXCLUDED.size_bytes, sha256 = EXCLUDED.sha256, uploaded_by = EXCLUDED.uploaded_by, uploaded_at = EXCLUDED.uploaded_at
     RETURNING ${COLUMNS}`,
    [video.fileName, video.contentType, video.sizeBytes, video.sha256, video.uploadedBy],
  );
  return toRecord(rows[0]!);
}

/** Too many bytes: the stream was stopped at the limit (the rest of the body is not read into the folder). */
export class MediaTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the upload is larger than ${limit} bytes`);
  }
}

/**
 * The admin service's media folder (MEDIA_DIR, its own volume): names are made here only (a temporary
 * `.tmp-<uuid>`, then `welcome-video-<sha256>.<ext>`), so nothing from a request becomes a path.
 */
export interface TMediaStorage {
  dir: string;
  /** Streams into a temporary file, counting and hashing; rejects with MediaTooLargeError past `limit` bytes. */
  writeTemp(source: Readable, limit: number, headBytes: number): Promise<{ tempName: string; size: number; sha256: string; head: Buffer }>;
  commit(tempName: string, finalName: string): Promise<void>;
  remove(name: string): Promise<void>;
  pathOf(name: string): string;
}

const SAFE_NAME = /^(\.tmp-[0-9a-f-]{36}|welcome-video-[0-9a-f]{64}\.(mp4|webm))$/;

export async function createMediaStorage(dir: string): Promise<TMediaStorage> {
  const root = resolve(dir);
  await mkdir(root, { recursive: true });
  const pathOf = (name: string) => {
    if (!SAFE_NAME.test(name)) throw new Error(`refusing a media file name not made by the service: ${JSON.stringify(name)}`);
    return join(root, name);
  };
  return {
    dir: root,
    pathOf,
    async writeTemp(source, limit, headBytes) {
      const tempName = `.tmp-${randomUUID()}`;
      const path = pathOf(tempName);
      const hash = createHash('sha256');
      let size = 0;
      const head: Buffer[] = [];
      let headLength = 0;
      const tap = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > limit) {
            callback(new MediaTooLargeError(limit));
            return;
          }
          if (headLength < headBytes) {
            const part = chunk.subarray(0, headBytes - headLength);
            head.push(Buffer.from(part));
            headLength += part.length;
          }
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      try {
        await pipeline(source, tap, createWriteStream(path, { flags: 'wx', mode: 0o640 }));
      } catch (error) {
        await rm(path, { force: true });
        throw error;
      }
      return { tempName, size, sha256: hash.digest('hex'), head: Buffer.concat(head) };
    },
    async commit(tempName, finalName) {
      await rename(pathOf(tempName), pathOf(finalName));
    },
    async remove(name) {
      await rm(pathOf(name), { force: true });
    },
  };
}
