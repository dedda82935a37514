import {
  DASHBOARD_RECENT_ENTRIES,
  DASHBOARD_SERIES_DAYS,
  EVENT_SCHEMAS,
  type TAdminStats,
  type TEventEnvelope,
  type TStatsRebuildResult,
} from '@platform/contracts';
import { ServiceUnavailableError, withTransaction, type Pool, type PoolClient } from '@platform/service-kit';
import { readSettingValue } from '../data-access/settings.repository.js';
import { SETTING_DEFAULTS } from './settings.js';
import type { TInternalApis } from '../data-access/internal-apis.client.js';
import {
  cancelStatsSubmission,
  deleteStatsTask,
  insertStatsReturn,
  upsertStatsAppeal,
  markStatsUserDeleted,
  readRecentTasks,
  readRecentUsers,
  readStatsCounts,
  readStatsSeries,
  replaceStatistics,
  upsertStatsSubmission,
  upsertStatsTask,
  upsertStatsUser,
  upsertStatsVerification,
  upsertStatsWithdrawal,
} from '../data-access/statistics.repository.js';
import type { TAdminDeps } from './deps.js';
import { computeTrustFigures } from './public-figures.use-case.js';
import { ADMIN_ERRORS } from './admin.errors.js';

/** What the statistics use cases need: the admin deps and where the owners' internal APIs are. */
export interface TStatsDeps extends TAdminDeps {
  internalApis: TInternalApis;
}

/** The events the statistics read model is built from (the admin.read-model queue). */
export const STATS_EVENT_TYPES = [
  'user.registered',
  'user.updated',
  'user.deleted',
  'task.saved',
  'task.deleted',
  'submission.submitted',
  'submission.approved',
  'submission.rejected',
  'assignment.cancelled',
  'withdrawal.requested',
  'withdrawal.decided',
  'verification.submitted',
  'verification.decided',
  'submission.appealed',
  'appeal.decided',
  'assignment.returned',
] as const;
export type TStatsEventType = (typeof STATS_EVENT_TYPES)[number];

function dataOf<K extends TStatsEventType>(event: TEventEnvelope, type: K) {
  return EVENT_SCHEMAS[type].parse(event.data) as ReturnType<(typeof EVENT_SCHEMAS)[K]['parse']>;
}

/** appeal_decision_days as the admin service stores it (its own setting), else the default. */
async function currentAppealDecisionDays(db: Pool): Promise<number> {
  const stored = await readSettingValue(db, 'appeal_decision_days');
  const days = Number(stored ?? SETTING_DEFAULTS.appeal_decision_days);
  return Number.isInteger(days) && days >= 1 ? days : Number(SETTING_DEFAULTS.appeal_decision_days);
}

/** Applies one event to the read model, in the consumer's transaction (with its inbox row: each event once). */
export async function applyStatisticsEvent(client: PoolClient, event: TEventEnvelope): Promise<void> {
  const at = event.occurredAt;
  switch (event.type as TStatsEventType) {
    case 'user.registered': {
      const d = dataOf(event, 'user.registered');
      await upsertStatsUser(client, { userId: d.userId, email: d.email, firstName: d.firstName, lastName: d.lastName, role: d.role, isActive: true, registeredAt: d.registeredAt }, at);
      return;
    }
    case 'user.updated': {
      const d = dataOf(event, 'user.updated');
      await upsertStatsUser(client, { userId: d.userId, email: d.email, firstName: d.firstName, lastName: d.lastName, role: d.role, isActive: d.isActive, registeredAt: null }, at);
      return;
    }
    case 'user.deleted': {
      const d = dataOf(event, 'user.deleted');
      await markStatsUserDeleted(client, d.userId, d.deletedAt);
      return;
    }
    case 'task.saved': {
      const d = dataOf(event, 'task.saved');
      await upsertStatsTask(client, { taskId: d.taskId, title: d.title, reward: d.reward, status: d.status, createdAt: d.createdAt }, at);
      return;
    }
    case 'task.deleted': {
      const d = dataOf(event, 'task.deleted');
      await deleteStatsTask(client, d.taskId, d.deletedAt);
      return;
    }
    case 'submission.submitted': {
      const d = dataOf(event, 'submission.submitted');
      await upsertStatsSubmission(client, { assignmentId: d.assignmentId, userId: d.userId, taskId: d.taskId, status: 'submitted', submittedAt: d.submittedAt, approvedAt: null }, at);
      return;
    }
    case 'submission.approved': {
      const d = dataOf(event, 'submission.approved');
      await upsertStatsSubmission(client, { assignmentId: d.assignmentId, userId: d.userId, taskId: d.taskId, status: 'approved', submittedAt: null, approvedAt: d.approvedAt }, at);
      return;
    }
    case 'submission.rejected': {
      const d = dataOf(event, 'submission.rejected');
      await upsertStatsSubmission(client, { assignmentId: d.assignmentId, userId: d.userId, taskId: d.taskId, status: 'rejected', submittedAt: null, approvedAt: null }, at);
      return;
    }
    case 'assignment.cancelled': {
      const d = dataOf(event, 'assignment.cancelled');
      await cancelStatsSubmission(client, d.assignmentId, at);
      return;
    }
    case 'withdrawal.requested': {
      const d = dataOf(event, 'withdrawal.requested');
      await upsertStatsWithdrawal(client, { withdrawalId: d.withdrawalId, userId: d.userId, amount: d.amount, status: 'pending', requestedAt: d.requestedAt, decidedAt: null }, at);
      return;
    }
    case 'withdrawal.decided': {
      const d = dataOf(event, 'withdrawal.decided');
      await upsertStatsWithdrawal(client, { withdrawalId: d.withdrawalId, userId: d.userId, amount: d.amount, status: d.status, requestedAt: null, decidedAt: d.decidedAt }, at);
      return;
    }
    case 'verification.submitted': {
      const d = dataOf(event, 'verification.submitted');
      await upsertStatsVerification(client, { verificationId: d.verificationId, userId: d.userId, status: 'pending', submittedAt: d.submittedAt }, at);
      return;
    }
    case 'verification.decided': {
      const d = dataOf(event, 'verification.decided');
      await upsertStatsVerification(client, { verificationId: d.verificationId, userId: d.userId, status: d.status, submittedAt: null }, at);
      return;
    }
    case 'submission.appealed': {
      const d = dataOf(event, 'submission.appealed');
      await upsertStatsAppeal(client, { appealId: d.appealId, userId: d.userId, status: 'pending', appealedAt: d.appealedAt, decidedAt: null }, at);
      return;
    }
    case 'appeal.decided': {
      const d = dataOf(event, 'appeal.decided');
      await upsertStatsAppeal(client, { appealId: d.appealId, userId: d.userId, status: d.decision, appealedAt: d.appealedAt, decidedAt: d.decidedAt }, at);
      return;
    }
    case 'assignment.returned': {
      const d = dataOf(event, 'assignment.returned');
      await insertStatsReturn(client, { assignmentId: d.assignmentId, taskId: d.taskId, returnedAt: d.returnedAt });
      return;
    }
    default:
      throw new Error(`The statistics do not take events of type "${event.type}"`);
  }
}

/**
 * GET /api/admin/stats. Counts, series and recent lists come from the read model; the balances (Total Balance and
 * the recent users' balances) are read from payouts with the admin's token, since the balance lives only in the
 * ledger (architecture: "anything that shows a balance asks payouts"). When payouts does not answer they are null,
 * never an invented 0.00, and the rest of the dashboard still answers.
 */
export async function getAdminStats(deps: TStatsDeps, adminToken: string): Promise<TAdminStats> {
  const [counts, series, users, tasks, trustFigures] = await Promise.all([
    readStatsCounts(deps.pool, await currentAppealDecisionDays(deps.pool)),
    readStatsSeries(deps.pool, DASHBOARD_SERIES_DAYS),
    readRecentUsers(deps.pool, DASHBOARD_RECENT_ENTRIES),
    readRecentTasks(deps.pool, DASHBOARD_RECENT_ENTRIES),
    // The trust page's figures (issue 31), computed as GET /api/public/trust computes them (not cached here).
    computeTrustFigures(deps.pool),
  ]);
  const [total, balances, overdue] = await Promise.all([
    deps.internalApis.readBalanceTotal(adminToken).catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'could not read the total balance from payouts; answering null');
      return null;
    }),
    deps.internalApis
      .readBalances(
        users.map((u) => u.id),
        adminToken,
      )
      .catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'could not read the recent users balances from payouts; answering null');
        return null;
      }),
    deps.internalApis.readOverdueWithdrawals(adminToken).catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'could not read the overdue withdrawals from payouts; answering null');
      return null;
    }),
  ]);
  const oldest = counts.oldestPendingWithdrawalAt;
  return {
    totalUsers: counts.totalUsers,
    activeUsers: counts.activeUsers,
    pendingTasks: counts.pendingTasks,
    totalTasks: counts.totalTasks,
    pendingWithdrawals: counts.pendingWithdrawals,
    totalBalance: total?.available ?? null,
    submissionsWaiting: counts.submissionsWaiting,
    verificationsWaiting: counts.verificationsWaiting,
    appealsWaiting: counts.appealsWaiting,
    appealsOverdue: counts.appealsOverdue,
    returnsLast30Days: counts.returnsLast30Days,
    oldestPendingWithdrawalAt: oldest,
    oldestPendingWithdrawalAgeSeconds: oldest ? Math.max(0, Math.floor((Date.parse(counts.now) - Date.parse(oldest)) / 1000)) : null,
    overdueWithdrawals: overdue?.overdue ?? null,
    series,
    recentUsers: users.map((u) => ({ ...u, balance: balances ? (balances[u.id]?.available ?? '0.00') : null })),
    recentTasks: tasks,
    updatedAt: counts.updatedAt,
    rebuiltAt: counts.rebuiltAt,
    generatedAt: counts.now,
    trustFigures,
  };
}

/**
 * POST /api/admin/stats/rebuild (`npm run stats:rebuild`): reads every snapshot from the owners' /internal/stats
 * APIs with the admin's token, then replaces the read model in one transaction. If a service does not answer,
 * nothing changes (502). Verifications are taken when auth answers for them, and left as they are otherwise.
 */
export async function rebuildStatistics(deps: TStatsDeps, adminToken: string): Promise<TStatsRebuildResult> {
  const takenAt = new Date().toISOString();
  const apis = deps.internalApis;
  let snapshot;
  try {
    const [users, tasks, submissions, appeals, returns, withdrawals, verifications] = await Promise.all([
      apis.readUserSnapshot(adminToken),
      apis.readTaskSnapshot(adminToken),
      apis.readSubmissionSnapshot(adminToken),
      apis.readAppealSnapshot(adminToken),
      apis.readReturnSnapshot(adminToken),
      apis.readWithdrawalSnapshot(adminToken),
      apis.readVerificationSnapshot(adminToken).catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'auth did not answer for verifications; the verification statistics are left as they are');
        return null;
      }),
    ]);
    snapshot = { takenAt, users, tasks, submissions, appeals, returns, withdrawals, verifications };
  } catch (error) {
    if (error instanceof ServiceUnavailableError) {
      deps.logger.warn({ err: error }, 'statistics rebuild: a service did not answer');
      throw ADMIN_ERRORS.statsSourceUnavailable(error.service);
    }
    throw error;
  }
  await withTransaction(deps.pool, (client) => replaceStatistics(client, snapshot));
  const rebuiltAt = new Date().toISOString();
  deps.logger.info({ users: snapshot.users.length, tasks: snapshot.tasks.length, submissions: snapshot.submissions.length, withdrawals: snapshot.withdrawals.length }, 'statistics rebuilt');
  return { users: snapshot.users.length, tasks: snapshot.tasks.length, submissions: snapshot.submissions.length, withdrawals: snapshot.withdrawals.length, rebuiltAt };
}
