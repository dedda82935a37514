import { archiveBatch } from '../data-access/messages.repository.js';
import { CHAT_ARCHIVE_DAYS_KEY, findSetting } from '../data-access/settings.repository.js';
import type { TChatDeps } from './deps.js';

/** chat_archive_days from the settings copy (settings.changed), else the configured default. */
export async function archiveDays(deps: TChatDeps): Promise<number> {
  const value = Number(await findSetting(deps.pool, CHAT_ARCHIVE_DAYS_KEY));
  return Number.isInteger(value) && value >= 1 ? value : deps.archiveDaysDefault;
}

/**
 * Moves general-room messages older than chat_archive_days to the archive, `batchSize` at a time (short
 * statements, no long lock on the live table) until none is left or `maxBatches` ran. Safe on several instances
 * at once: each batch skips rows another is moving.
 */
export async function archiveOldMessages(deps: TChatDeps, options: { batchSize: number; maxBatches?: number }): Promise<{ moved: number; days: number }> {
  const days = await archiveDays(deps);
  let moved = 0;
  for (let batch = 0; batch < (options.maxBatches ?? 1_000); batch++) {
    const count = await archiveBatch(deps.pool, days, options.batchSize);
    moved += count;
    if (count < options.batchSize) break;
  }
  if (moved > 0) deps.logger.info({ moved, days }, 'chat: old messages archived');
  return { moved, days };
}
