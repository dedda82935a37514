import {
  TRUST_FIGURES_DAYS,
  ZAppealDecidedDataSchema,
  ZSubmissionApprovedDataSchema,
  ZSubmissionRejectedDataSchema,
  ZSubmissionSubmittedDataSchema,
  ZSupportFirstResponseDataSchema,
  ZWithdrawalDecidedDataSchema,
  ZWithdrawalRequestedDataSchema,
  type TAppealDecidedData,
  type TEventEnvelope,
  type TOperatorIdentity,
  type TPublicFigures,
  type TPublicTrust,
  type TSubmissionApprovedData,
  type TSubmissionRejectedData,
  type TSubmissionSubmittedData,
  type TSupportFirstResponseData,
  type TSystemSettingKey,
  type TTrustFigures,
  type TWithdrawalDecidedData,
  type TWithdrawalRequestedData,
} from '@platform/contracts';
import type { Pool, Queryable } from '@platform/service-kit';
import {
  readFigures,
  readTrustFigures,
  recordAppealDecided,
  recordApprovedTask,
  recordReview,
  recordSubmission,
  recordSupportFirstResponse,
  recordWithdrawalDecided,
  recordWithdrawalRequested,
} from '../data-access/public-figures.repository.js';
import { readSettingValue } from '../data-access/settings.repository.js';
import { SETTING_DEFAULTS } from './settings.js';

/** The window of every public figure (00-product.md: "in the last 30 days"). */
export const PUBLIC_FIGURES_DAYS = 30;

/* ---- From events (in the consumer's transaction) ---- */

/** The events the public figures' read model (the landing figures and the trust page) is built from. */
export const PUBLIC_FIGURES_EVENT_TYPES = [
  'submission.approved',
  'withdrawal.requested',
  'withdrawal.decided',
  // the trust page (issue 31)
  'submission.submitted',
  'submission.rejected',
  'appeal.decided',
  'support.first_response',
] as const;

/** Applies one event to the public figures' read model, in the consumer's transaction. */
export async function applyPublicFiguresEvent(client: Queryable, event: TEventEnvelope): Promise<void> {
  switch (event.type as (typeof PUBLIC_FIGURES_EVENT_TYPES)[number]) {
    case 'submission.approved':
      return onTaskApproved(client, ZSubmissionApprovedDataSchema.parse(event.data));
    case 'withdrawal.requested':
      return onWithdrawalRequested(client, ZWithdrawalRequestedDataSchema.parse(event.data));
    case 'withdrawal.decided':
      return onWithdrawalDecided(client, ZWithdrawalDecidedDataSchema.parse(event.data));
    case 'submission.submitted':
      return onSubmissionSubmitted(client, ZSubmissionSubmittedDataSchema.parse(event.data));
    case 'submission.rejected':
      return onSubmissionRejected(client, ZSubmissionRejectedDataSchema.parse(event.data));
    case 'appeal.decided':
      return onAppealDecided(client, ZAppealDecidedDataSchema.parse(event.data));
    case 'support.first_response':
      return onSupportFirstResponse(client, ZSupportFirstResponseDataSchema.parse(event.data));
    default:
      throw new Error(`The public figures do not take events of type "${event.type}"`);
  }
}

export async function onTaskApproved(client: Queryable, data: TSubmissionApprovedData): Promise<void> {
  await recordApprovedTask(client, { assignmentId: data.assignmentId, userId: data.userId, reward: data.reward, approvedAt: data.approvedAt });
  await recordReview(client, { assignmentId: data.assignmentId, reviewedAt: data.approvedAt, outcome: 'approved' });
}

export async function onSubmissionSubmitted(client: Queryable, data: TSubmissionSubmittedData): Promise<void> {
  await recordSubmission(client, { assignmentId: data.assignmentId, submittedAt: data.submittedAt });
}

export async function onSubmissionRejected(client: Queryable, data: TSubmissionRejectedData): Promise<void> {
  await recordReview(client, { assignmentId: data.assignmentId, reviewedAt: data.rejectedAt, outcome: 'rejected' });
}

export async function onAppealDecided(client: Queryable, data: TAppealDecidedData): Promise<void> {
  await recordAppealDecided(client, { appealId: data.appealId, assignmentId: data.assignmentId, decidedAt: data.decidedAt, decision: data.decision });
}

export async function onSupportFirstResponse(client: Queryable, data: TSupportFirstResponseData): Promise<void> {
  await recordSupportFirstResponse(client, { conversationId: data.conversationId, openedAt: data.openedAt, respondedAt: data.respondedAt });
}

export async function onWithdrawalRequested(client: Queryable, data: TWithdrawalRequestedData): Promise<void> {
  await recordWithdrawalRequested(client, { withdrawalId: data.withdrawalId, userId: data.userId, requestedAt: data.requestedAt, decideBy: data.decideBy ?? null });
}

/** Every decision is one (the decision time); only an approval is a payout: a rejection pays nobody. */
export async function onWithdrawalDecided(client: Queryable, data: TWithdrawalDecidedData): Promise<void> {
  await recordWithdrawalDecided(client, { withdrawalId: data.withdrawalId, userId: data.userId, decision: data.status, decidedAt: data.decidedAt });
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

/* ---- The trust page (issue 31): the same computation for GET /api/public/trust and the admin dashboard ---- */

const share = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);

/** The trust figures computed now from the read model (no cache): what the dashboard shows. */
export async function computeTrustFigures(db: Queryable): Promise<TTrustFigures> {
  const row = await readTrustFigures(db, TRUST_FIGURES_DAYS);
  return {
    days: TRUST_FIGURES_DAYS,
    withdrawalsDecided: row.withdrawalsDecided,
    medianDecisionSeconds: row.medianDecisionSeconds,
    p95DecisionSeconds: row.p95DecisionSeconds,
    withdrawalsPaid: row.withdrawalsPaid,
    medianPayoutSeconds: row.medianPayoutSeconds,
    p95PayoutSeconds: row.p95PayoutSeconds,
    promisesDue: row.promisesDue,
    promisesKept: row.promisesKept,
    decidedInTimeShare: share(row.promisesKept, row.promisesDue),
    reviews: row.reviews,
    medianReviewSeconds: row.medianReviewSeconds,
    rejections: row.rejections,
    rejectionRate: share(row.rejections, row.reviews),
    appealsDecided: row.appealsDecided,
    appealsOverturned: row.appealsOverturned,
    supportResponses: row.supportResponses,
    medianFirstResponseSeconds: row.medianFirstResponseSeconds,
    workersPaid: row.workersPaid,
    asOf: row.asOf.toISOString(),
  };
}

async function settingOf(db: Queryable, key: TSystemSettingKey): Promise<string> {
  return (await readSettingValue(db, key)) ?? SETTING_DEFAULTS[key];
}

async function wholeSettingOf(db: Queryable, key: TSystemSettingKey): Promise<number> {
  const value = Number(await settingOf(db, key));
  return Number.isInteger(value) && value >= 0 ? value : Number(SETTING_DEFAULTS[key]);
}

/** Who operates the platform, from System Settings: an empty value is missing (null), and named in `missing`. */
export async function readOperatorIdentity(db: Queryable): Promise<TOperatorIdentity> {
  const [legalName, address, contact] = await Promise.all(
    (['operator_legal_name', 'operator_address', 'operator_contact'] as const).map(async (key) => (await settingOf(db, key)).trim() || null),
  );
  const identity = { legalName: legalName ?? null, address: address ?? null, contact: contact ?? null };
  return { ...identity, missing: (['legalName', 'address', 'contact'] as const).filter((field) => identity[field] === null) };
}

/** The whole trust answer, computed now. */
export async function computePublicTrust(db: Pool): Promise<TPublicTrust> {
  const [operator, withdrawalDecisionHours, appealWindowDays, appealDecisionDays, autoApprovalDays, figures] = await Promise.all([
    readOperatorIdentity(db),
    wholeSettingOf(db, 'withdrawal_decision_hours'),
    wholeSettingOf(db, 'appeal_window_days'),
    wholeSettingOf(db, 'appeal_decision_days'),
    wholeSettingOf(db, 'auto_approval_days'),
    computeTrustFigures(db),
  ]);
  return { operator, rules: { withdrawalDecisionHours, appealWindowDays, appealDecisionDays, autoApprovalDays }, figures };
}

export interface TPublicTrustReader {
  read(): Promise<TPublicTrust>;
}

/** GET /api/public/trust: one computation serves every request for cacheMs per instance (a failed one is not kept). */
export function createPublicTrustReader(deps: { pool: Pool }, options: { cacheMs: number; now?: () => number }): TPublicTrustReader {
  const now = options.now ?? Date.now;
  let cached: { at: number; value: Promise<TPublicTrust> } | undefined;
  return {
    read() {
      if (cached && now() - cached.at < options.cacheMs) return cached.value;
      const value = computePublicTrust(deps.pool);
      cached = { at: now(), value };
      value.catch(() => {
        if (cached?.value === value) cached = undefined;
      });
      return value;
    },
  };
}
