import type { TPublicFigures, TSubmissionApprovedData, TWithdrawalDecidedData, TWithdrawalRequestedData } from '@platform/contracts';
import type { Pool, Queryable } from '@platform/service-kit';
import { readFigures, recordApprovedTask, recordWithdrawalPaid, recordWithdrawalRequested } from '../data-access/public-figures.repository.js';

/** The window of every public figure (00-product.md: "in the last 30 days"). */
export const PUBLIC_FIGURES_DAYS = 30;

/* ---- From events (in the consumer's transaction) ---- */

export async function onTaskApproved(client: Queryable, data: TSubmissionApprovedData): Promise<void> {
  await recordApprovedTask(client, { assignmentId: data.assignmentId, userId: data.userId, reward: data.reward, approvedAt: data.approvedAt });
}

export async function onWithdrawalRequested(client: Queryable, data: TWithdrawalRequestedData): Promise<void> {
  await recordWithdrawalRequested(client, { withdrawalId: data.withdrawalId, userId: data.userId, requestedAt: data.requestedAt });
}

/** Only an approval is a payout; a rejection pays nobody. */
export async function onWithdrawalDecided(client: Queryable, data: TWithdrawalDecidedData): Promise<void> {
  if (data.status !== 'approved') return;
  await recordWithdrawalPaid(client, { withdrawalId: data.withdrawalId, userId: data.userId, paidAt: data.decidedAt });
}

/* ---- The figures, computed at most once per cacheMs per instance ---- */

export interface TPublicFiguresReader {
  read(): Promise<TPublicFigures>;
}

export function createPublicFiguresReader(deps: { pool: Pool }, options: { cacheMs: number; now?: () => number }): TPublicFiguresReader {
  const now = options.now ?? Date.now;
  let cached: { at: number; value: Promise<TPublicFigures> } | undefined;
  const compute = async (): Promise<TPublicFigures> => {
    const row = await readFigures(deps.pool, PUBLIC_FIGURES_DAYS);
    return {
      tasksCompletedLast30Days: row.tasksCompleted,
      workersPaidLast30Days: row.workersPaid,
      medianReward: row.medianReward,
      medianPayoutSeconds: row.medianPayoutSeconds,
      asOf: row.asOf.toISOString(),
    };
  };
  return {
    read() {
      if (cached && now() - cached.at < options.cacheMs) return cached.value;
      // One computation serves every request in the window (a failed one is not kept).
      const value = compute();
      cached = { at: now(), value };
      value.catch(() => {
        if (cached?.value === value) cached = undefined;
      });
      return value;
    },
  };
}
