import { withTransaction, writeEvent } from '@platform/service-kit';
import { lockExpiredAssignments, lockOverdueSubmissions, markCancelled } from '../data-access/assignments.repository.js';
import { AUTO_APPROVAL_DAYS_KEY, SETTINGS_COPY } from '../data-access/settings.repository.js';
import type { TWorkDeps } from './deps.js';
import { approveInTransaction } from './review.use-case.js';
import { settleTaskStatus } from './task-slots.js';
import { parseAutoApprovalDays } from './task-rules.js';

export const TIME_LIMIT_EXPIRED_REASON = 'Time limit expired';
const BATCH_SIZE = 100;

/** The auto-approval threshold in days: the local copy of the setting, else the configured default. */
export async function currentAutoApprovalDays(deps: Pick<TWorkDeps, 'pool' | 'autoApprovalDaysDefault'>): Promise<number> {
  return parseAutoApprovalDays((await SETTINGS_COPY.find(deps.pool, AUTO_APPROVAL_DAYS_KEY))?.value, deps.autoApprovalDaysDefault);
}

/**
 * Approves every submission left unreviewed for auto_approval_days, each with its own submission.approved event
 * (approvedBy null). Safe on several instances at once: rows are claimed with FOR UPDATE SKIP LOCKED in batches,
 * and the approval itself is the same conditional update an admin's approval uses, so each is approved once.
 */
export async function autoApproveOverdueSubmissions(deps: Pick<TWorkDeps, 'pool' | 'autoApprovalDaysDefault' | 'logger'>): Promise<number> {
  const days = await currentAutoApprovalDays(deps);
  let approved = 0;
  for (;;) {
    const count = await withTransaction(deps.pool, async (client) => {
      const ids = await lockOverdueSubmissions(client, days, BATCH_SIZE);
      let done = 0;
      for (const id of ids) if (await approveInTransaction(client, id, null)) done += 1;
      return { claimed: ids.length, done };
    });
    approved += count.done;
    if (count.claimed < BATCH_SIZE) break;
  }
  if (approved > 0) deps.logger.info({ approved, days }, 'auto-approved overdue submissions');
  return approved;
}

/**
 * Releases assignments whose time limit passed without a submission: cancelled with the reason 'Time limit expired',
 * its slot free again, one assignment.released event each. Safe on several instances at once (SKIP LOCKED,
 * conditional update).
 */
export async function releaseExpiredAssignments(deps: Pick<TWorkDeps, 'pool' | 'logger'>): Promise<number> {
  let released = 0;
  for (;;) {
    const count = await withTransaction(deps.pool, async (client) => {
      const ids = await lockExpiredAssignments(client, BATCH_SIZE);
      let done = 0;
      for (const id of ids) {
        const expired = await markCancelled(client, id, { cancelledBy: null, reason: TIME_LIMIT_EXPIRED_REASON, onlyFrom: ['assigned', 'in_progress'] });
        if (!expired) continue;
        await settleTaskStatus(client, expired.taskId);
        await writeEvent(client, 'assignment.released', {
          userId: expired.userId,
          assignmentId: expired.id,
          taskId: expired.taskId,
          reason: TIME_LIMIT_EXPIRED_REASON,
          releasedAt: expired.cancelledAt as string,
        });
        done += 1;
      }
      return { claimed: ids.length, done };
    });
    released += count.done;
    if (count.claimed < BATCH_SIZE) break;
  }
  if (released > 0) deps.logger.info({ released }, 'released assignments past their time limit');
  return released;
}
