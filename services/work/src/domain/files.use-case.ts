import type { Readable } from 'node:stream';
import type { TAuthUser } from '@platform/service-kit';
import { findFileByName } from '../data-access/assignments.repository.js';
import { isStoredFileName } from '../data-access/file-storage.js';
import type { TWorkDeps } from './deps.js';
import { isAllowedMediaType } from './task-rules.js';
import { WORK_ERRORS } from './work.errors.js';

export interface TServedFile {
  stream: Readable;
  size: number;
  contentType: string;
  originalName: string;
}

/**
 * GET /api/files/{fileName}: a submission file, for its owner and for admins only. Anyone else, a name the server
 * never made (path traversal included) and a missing file all get the same 404, so names are never confirmed.
 */
export async function openSubmissionFile(deps: TWorkDeps, user: TAuthUser, fileName: string): Promise<TServedFile> {
  if (!isStoredFileName(fileName)) throw WORK_ERRORS.fileNotFound();
  const record = await findFileByName(deps.pool, fileName);
  if (!record || (user.role !== 'admin' && record.ownerId !== user.userId)) throw WORK_ERRORS.fileNotFound();
  const opened = await deps.storage.open(record.fileName);
  if (!opened) throw WORK_ERRORS.fileNotFound();
  return {
    stream: opened.stream,
    size: opened.size,
    // Only images and videos are ever stored; anything else would be served as an opaque download.
    contentType: isAllowedMediaType(record.fileType) ? record.fileType : 'application/octet-stream',
    originalName: record.originalName,
  };
}
