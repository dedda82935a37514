import type { Readable } from 'node:stream';
import type { TWelcomeVideo } from '@platform/contracts';
import { withTransaction, writeEvent } from '@platform/service-kit';
import { findWelcomeVideo, MediaTooLargeError, saveWelcomeVideo, type TMediaStorage, type TVideoType } from '../data-access/welcome-video.repository.js';
import { ADMIN_ERRORS } from './admin.errors.js';
import type { TAdminDeps } from './deps.js';

/** Where the app plays it (the gateway sends this path to this service). */
export const WELCOME_VIDEO_URL = '/assets/welcome-video';
/** The key its replacements are published (and audited) under, with settings.changed. */
export const WELCOME_VIDEO_SETTING_KEY = 'welcome_video';

export interface TWelcomeVideoDeps extends TAdminDeps {
  media: TMediaStorage;
  maxBytes: number;
  /** The clip the project ships, served until an admin uploads one. */
  defaultFile: string;
}

/** Bytes read to recognise the container. */
const HEAD_BYTES = 64;

/**
 * The container, judged by the file's own first bytes (never the client's Content-Type or name): MP4 (ISO base
 * media: a box whose type at offset 4 is `ftyp`) or WebM (an EBML header, 1A 45 DF A3, whose DocType is `webm`).
 */
export function detectVideoType(head: Buffer): TVideoType | undefined {
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') return 'video/mp4';
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3 && head.includes(Buffer.from('webm', 'latin1'))) {
    return 'video/webm';
  }
  return undefined;
}

const describe = (video: { fileName: string; sizeBytes: number; contentType: string } | undefined) =>
  video ? `${video.fileName} (${video.contentType}, ${video.sizeBytes} bytes)` : 'default';

export async function getWelcomeVideo(deps: TWelcomeVideoDeps): Promise<TWelcomeVideo> {
  const current = await findWelcomeVideo(deps.pool);
  return {
    url: WELCOME_VIDEO_URL,
    maxBytes: deps.maxBytes,
    current: current
      ? { contentType: current.contentType, sizeBytes: current.sizeBytes, sha256: current.sha256, uploadedBy: current.uploadedBy, uploadedAt: current.uploadedAt.toISOString() }
      : null,
  };
}

/**
 * POST /api/admin/settings/welcome-video: the file is streamed into the media folder (413 the moment it passes
 * maxBytes), recognised by its bytes (415 unless MP4 or WebM), named by its SHA-256 and made current with its
 * settings.changed event in one transaction (so the audit log records who replaced it, from what, to what). The
 * previous file is removed after the commit; the next request for /assets/welcome-video serves the new one.
 */
export async function replaceWelcomeVideo(deps: TWelcomeVideoDeps, adminId: string, file: Readable): Promise<TWelcomeVideo> {
  let written: Awaited<ReturnType<TMediaStorage['writeTemp']>>;
  try {
    written = await deps.media.writeTemp(file, deps.maxBytes, HEAD_BYTES);
  } catch (error) {
    if (error instanceof MediaTooLargeError) throw ADMIN_ERRORS.welcomeVideoTooLarge(deps.maxBytes);
    throw error;
  }
  const contentType = detectVideoType(written.head);
  if (!contentType || written.size === 0) {
    await deps.media.remove(written.tempName);
    throw ADMIN_ERRORS.welcomeVideoNotVideo();
  }
  const fileName = `welcome-video-${written.sha256}.${contentType === 'video/mp4' ? 'mp4' : 'webm'}`;
  await deps.media.commit(written.tempName, fileName);
  const previous = await withTransaction(deps.pool, async (client) => {
    const before = await findWelcomeVideo(client, { forUpdate: true });
    const saved = await saveWelcomeVideo(client, { fileName, contentType, sizeBytes: written.size, sha256: written.sha256, uploadedBy: adminId });
    await writeEvent(client, 'settings.changed', {
      key: WELCOME_VIDEO_SETTING_KEY,
      value: describe(saved),
      previousValue: describe(before),
      changedBy: adminId,
      changedAt: saved.uploadedAt.toISOString(),
    });
    return before;
  });
  if (previous && previous.fileName !== fileName) await deps.media.remove(previous.fileName).catch(() => undefined);
  deps.logger.info({ fileName, size: written.size, contentType, adminId }, 'the welcome video was replaced');
  return getWelcomeVideo(deps);
}

/** What /assets/welcome-video sends now: the uploaded file, or the shipped clip. */
export async function findServedWelcomeVideo(deps: TWelcomeVideoDeps): Promise<{ path: string; contentType: TVideoType }> {
  const current = await findWelcomeVideo(deps.pool);
  if (current) return { path: deps.media.pathOf(current.fileName), contentType: current.contentType };
  return { path: deps.defaultFile, contentType: deps.defaultFile.endsWith('.mp4') ? 'video/mp4' : 'video/webm' };
}
