import { z } from 'zod';
import { ZRoleSchema } from './common.js';
import { ZTrustFiguresSchema } from './trust.js';
import { ZTaskStatusSchema } from './work.js';

/* ---- Admin Dashboard (spec 03 "Admin Dashboard", AMENDED): GET /api/admin/stats. ---- */

/** Recent Users and Recent Tasks show this many entries (spec 03 constants). */
export const DASHBOARD_RECENT_ENTRIES = 5;
/** The chart covers this many days, today included (UTC days). */
export const DASHBOARD_SERIES_DAYS = 30;

export const ZDashboardDaySchema = z.object({
  /** YYYY-MM-DD (UTC). */
  day: z.string(),
  registrations: z.number().int(),
  approvedSubmissions: z.number().int(),
  paidWithdrawals: z.number().int(),
});
export type TDashboardDay = z.infer<typeof ZDashboardDaySchema>;

export const ZDashboardRecentUserSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** Available balance read from payouts when the page is asked for; null when payouts did not answer. */
  balance: z.string().nullable(),
  isActive: z.boolean(),
});
export type TDashboardRecentUser = z.infer<typeof ZDashboardRecentUserSchema>;

export const ZDashboardRecentTaskSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  reward: z.string(),
  status: ZTaskStatusSchema,
  createdAt: z.string(),
});
export type TDashboardRecentTask = z.infer<typeof ZDashboardRecentTaskSchema>;

export const ZAdminStatsSchema = z.object({
  /** The six stat cards. */
  totalUsers: z.number().int(),
  activeUsers: z.number().int(),
  /** Tasks waiting for an admin's decision on a worker's request to take them (status pending). */
  pendingTasks: z.number().int(),
  totalTasks: z.number().int(),
  pendingWithdrawals: z.number().int(),
  /** Sum of every user's available balance, read from the payouts ledger; null when payouts did not answer. */
  totalBalance: z.string().nullable(),
  /** AMENDED additions. */
  submissionsWaiting: z.number().int(),
  /** Identity verification applications waiting for review (verification.submitted / verification.decided). */
  verificationsWaiting: z.number().int(),
  /** Appeals of rejections waiting for a second admin (issue 29), and those past appeal_decision_days (escalated). */
  appealsWaiting: z.number().int(),
  appealsOverdue: z.number().int(),
  /** Tasks workers handed back in the last 30 days (assignment.returned). */
  returnsLast30Days: z.number().int(),
  oldestPendingWithdrawalAt: z.string().nullable(),
  /** Seconds since the oldest pending withdrawal was requested; null when none is pending. */
  oldestPendingWithdrawalAgeSeconds: z.number().int().nullable(),
  /** Pending withdrawals past their decideBy (read from payouts, issue 31); null when payouts did not answer. */
  overdueWithdrawals: z.number().int().nullable(),
  /** DASHBOARD_SERIES_DAYS entries, oldest first, today last. */
  series: z.array(ZDashboardDaySchema),
  recentUsers: z.array(ZDashboardRecentUserSchema),
  recentTasks: z.array(ZDashboardRecentTaskSchema),
  /** When the read model last changed (an event applied, or a rebuild); null when it never did. */
  updatedAt: z.string().nullable(),
  /** When the read model was last rebuilt from the services' internal APIs; null when never. */
  rebuiltAt: z.string().nullable(),
  /** When this answer was computed. */
  generatedAt: z.string(),
  /** The public trust page's live figures (issue 31), the same computation as GET /api/public/trust, not cached here. */
  trustFigures: ZTrustFiguresSchema,
});
export type TAdminStats = z.infer<typeof ZAdminStatsSchema>;

/** POST /api/admin/stats/rebuild: what was read from each service. */
export const ZStatsRebuildResultSchema = z.object({
  users: z.number().int(),
  tasks: z.number().int(),
  submissions: z.number().int(),
  withdrawals: z.number().int(),
  rebuiltAt: z.string(),
});
export type TStatsRebuildResult = z.infer<typeof ZStatsRebuildResultSchema>;

/* ---- Internal snapshot APIs the rebuild reads (not routed by the gateway; admin token forwarded). ---- */

/** ?after=<last id of the previous page>&limit=N; pages come in id order. */
export const ZStatsPageQuerySchema = z.strictObject({
  after: z.uuid('after must be an id').optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
});
export type TStatsPageQuery = z.infer<typeof ZStatsPageQuerySchema>;

/** GET /internal/stats/users (auth). */
export const ZStatsUserSnapshotSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: ZRoleSchema,
  isActive: z.boolean(),
  registeredAt: z.string(),
});
export type TStatsUserSnapshot = z.infer<typeof ZStatsUserSnapshotSchema>;

/** GET /internal/stats/tasks (work). */
export const ZStatsTaskSnapshotSchema = z.object({
  taskId: z.uuid(),
  title: z.string(),
  reward: z.string(),
  status: ZTaskStatusSchema,
  createdAt: z.string(),
});
export type TStatsTaskSnapshot = z.infer<typeof ZStatsTaskSnapshotSchema>;

/** GET /internal/stats/submissions (work): every assignment that was ever submitted. */
export const ZStatsSubmissionSnapshotSchema = z.object({
  assignmentId: z.uuid(),
  userId: z.uuid(),
  taskId: z.uuid(),
  /** submitted: waiting for review; approved (completed); rejected; cancelled. */
  status: z.enum(['submitted', 'approved', 'rejected', 'cancelled']),
  submittedAt: z.string(),
  approvedAt: z.string().nullable(),
});
export type TStatsSubmissionSnapshot = z.infer<typeof ZStatsSubmissionSnapshotSchema>;

/** GET /internal/stats/appeals (work): every appeal of a rejection (issue 29), pending or decided. */
export const ZStatsAppealSnapshotSchema = z.object({
  appealId: z.uuid(),
  userId: z.uuid(),
  status: z.enum(['pending', 'upheld', 'overturned']),
  appealedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type TStatsAppealSnapshot = z.infer<typeof ZStatsAppealSnapshotSchema>;

/** GET /internal/stats/returns (work): every task handed back (issue 29). */
export const ZStatsReturnSnapshotSchema = z.object({
  assignmentId: z.uuid(),
  taskId: z.uuid(),
  returnedAt: z.string(),
});
export type TStatsReturnSnapshot = z.infer<typeof ZStatsReturnSnapshotSchema>;

/** GET /internal/stats/withdrawals (payouts). */
export const ZStatsWithdrawalSnapshotSchema = z.object({
  withdrawalId: z.uuid(),
  userId: z.uuid(),
  amount: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type TStatsWithdrawalSnapshot = z.infer<typeof ZStatsWithdrawalSnapshotSchema>;

/** GET /internal/stats/balance-total (payouts): the sums over every ledger account. */
export const ZStatsBalanceTotalSchema = z.object({ available: z.string(), held: z.string(), accounts: z.number().int() });
export type TStatsBalanceTotal = z.infer<typeof ZStatsBalanceTotalSchema>;

/** GET /internal/stats/withdrawals-overdue (payouts): withdrawals still pending past their decideBy (issue 31). */
export const ZStatsOverdueWithdrawalsSchema = z.object({ overdue: z.number().int(), oldestDecideBy: z.string().nullable() });
export type TStatsOverdueWithdrawals = z.infer<typeof ZStatsOverdueWithdrawalsSchema>;

/** One page of a snapshot; `next` is the `after` of the next page, null on the last. */
export function ZStatsPageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next: z.uuid().nullable() });
}
