import type { TAssignment } from '@platform/contracts';
import { API_PREFIX } from '../../app/baseQuery';

export interface TUploadResult {
  message: string;
  assignment: TAssignment;
}

/**
 * A failed upload: the HTTP status (0 when the request never got an answer), the server's message and the field it
 * names (`submission`, `files`), if any.
 */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    readonly field?: string,
    /** The error body (its code and parameters, so errorMessageOf says it in the interface language). */
    readonly data?: unknown,
  ) {
    super(serverMessage ?? `HTTP ${status}`);
    this.name = 'UploadError';
  }
}

export interface TUploadOptions {
  taskId: string;
  submission: string;
  files: readonly File[];
  token: string | null;
  /** 0..100, called as the body goes out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function bodyText(text: string, name: 'message' | 'field'): string | undefined {
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data === 'object' && data !== null) {
      const value = (data as Record<string, unknown>)[name];
      if (typeof value === 'string' && value !== '') return value;
    }
  } catch {
    // not JSON
  }
  return undefined;
}

/**
 * POST /api/tasks/{id}/submit as multipart (field `submission`, then repeated `files`). Sent with XMLHttpRequest
 * because fetch reports no upload progress; the bearer token is the session's.
 */
export function uploadSubmission({ taskId, submission, files, token, onProgress, signal }: TUploadOptions): Promise<TUploadResult> {
  const form = new FormData();
  form.append('submission', submission);
  for (const file of files) form.append('files', file, file.name);

  return new Promise<TUploadResult>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_PREFIX}/tasks/${encodeURIComponent(taskId)}/submit`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.upload.onload = () => onProgress?.(100);
    xhr.onload = () => {
      const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        try {
          resolve(JSON.parse(text) as TUploadResult);
        } catch {
          reject(new UploadError(xhr.status, undefined));
        }
        return;
      }
      reject(new UploadError(xhr.status, bodyText(text, 'message'), bodyText(text, 'field'), parseBody(text)));
    };
    xhr.onerror = () => reject(new UploadError(0, undefined));
    xhr.onabort = () => reject(new UploadError(0, undefined));
    if (signal) {
      if (signal.aborted) {
        reject(new UploadError(0, undefined));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
