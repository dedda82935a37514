import { centsToAmount, hourlyRateCents, MEDIAN_APPROVALS_NEEDED } from '@platform/contracts';
import { writeEvent, type PoolClient, type Queryable } from '@platform/service-kit';
import { MINIMUM_HOURLY_RATE_KEY, SETTINGS_COPY, TOP_UP_UNDERPAID_KEY } from '../data-access/settings.repository.js';
import { insertTopUps, recordApprovedTimes } from '../data-access/fair-pay.repository.js';
import { WORK_ERRORS } from './work.errors.js';
import { parseAmountCents, topUpCents } from './task-rules.js';

/**
 * Fair pay (issue 29 items 1 and 2, principle 7). A task's pay per hour is its reward over the admin's estimate until
 * MEDIAN_APPROVALS_NEEDED submissions are approved, then over the median real time (taken to submitted) of the
 * approved assignments. No task is created or edited below `minimum_hourly_rate` (by its estimate); when the median
 * shows a task pays under it and `top_up_underpaid` is on, each approved submission is topped up to the floor once
 * (task_top_ups, one row per assignment, and its task.topped_up event for payouts).
 */
export const MINIMUM_HOURLY_RATE_DEFAULT = '8.00';
export const TOP_UP_UNDERPAID_DEFAULT = true;

export interface TFairPaySettings {
  minimumHourlyRate: string;
  minimumCents: number;
  topUpUnderpaid: boolean;
}

/** The local copies of minimum_hourly_rate and top_up_underpaid (settings.changed), else the defaults. */
export async function currentFairPaySettings(db: Queryable): Promise<TFairPaySettings> {
  const [floor, topUp] = await Promise.all([SETTINGS_COPY.find(db, MINIMUM_HOURLY_RATE_KEY), SETTINGS_COPY.find(db, TOP_UP_UNDERPAID_KEY)]);
  const minimumCents = parseAmountCents(floor?.value) ?? (parseAmountCents(MINIMUM_HOURLY_RATE_DEFAULT) as number);
  const topUpText = topUp?.value.trim();
  return {
    minimumHourlyRate: centsToAmount(minimumCents),
    minimumCents,
    topUpUnderpaid: topUpText === '1' ? true : topUpText === '0' ? false : TOP_UP_UNDERPAID_DEFAULT,
  };
}

/** Refuses a task whose reward per estimated hour is below the floor (creating it, or editing it to that). */
export async function assertAboveHourlyFloor(db: Queryable, reward: string, estimatedMinutes: number): Promise<void> {
  const settings = await currentFairPaySettings(db);
  const rate = hourlyRateCents(reward, estimatedMinutes);
  if (rate === null || rate >= settings.minimumCents) return;
  throw WORK_ERRORS.belowHourlyFloor({ hourlyRate: centsToAmount(rate), minimumHourlyRate: settings.minimumHourlyRate, reward, estimatedMinutes });
}

/**
 * After an approval of one of the task's submissions, in its transaction (the task row already locked by the caller,
 * so approvals of one task run one after another): recompute the median real time over the approved assignments and,
 * when it shows the task pays under the floor and top-ups are on, top up every approved submission not yet topped up
 * (the earlier ones and this one), each with its task.topped_up event. Returns how many were topped up.
 */
export async function recordApprovalPay(client: PoolClient, taskId: string): Promise<number> {
  const figure = await recordApprovedTimes(client, taskId, MEDIAN_APPROVALS_NEEDED);
  if (!figure || figure.medianSeconds === null) return 0;
  const settings = await currentFairPaySettings(client);
  if (!settings.topUpUnderpaid) return 0;
  const rewardCents = parseAmountCents(figure.reward) ?? 0;
  const amount = topUpCents(rewardCents, figure.medianSeconds, settings.minimumCents);
  if (amount <= 0) return 0;
  const created = await insertTopUps(client, { taskId, amount: centsToAmount(amount), medianSeconds: figure.medianSeconds, minimumHourlyRate: settings.minimumHourlyRate });
  for (const topUp of created) {
    await writeEvent(client, 'task.topped_up', {
      userId: topUp.userId,
      assignmentId: topUp.assignmentId,
      taskId,
      taskTitle: figure.title,
      amount: topUp.amount,
      reward: figure.reward,
      medianSeconds: figure.medianSeconds,
      workers: figure.workers,
      hourlyRate: figure.hourlyRate,
      minimumHourlyRate: settings.minimumHourlyRate,
      toppedUpAt: topUp.createdAt,
    });
  }
  return created.length;
}
