import { z } from 'zod';

/**
 * The public trust page (issue 31 items 2 and 4; principles 4, 7 and 8). Every figure is computed from events by the
 * admin service's public figures read model (never typed in), over the TRUST_FIGURES_DAYS before `asOf`; a median,
 * percentile or share is null when there is nothing to take it from. Durations are whole seconds. The admin dashboard
 * shows the same object (GET /api/admin/stats `trustFigures`).
 */
export const TRUST_FIGURES_DAYS = 30;

export const ZTrustFiguresSchema = z.object({
  /** The window, in days before asOf. */
  days: z.number().int(),
  /** Withdrawals decided (approved or rejected) in the window whose request is known. */
  withdrawalsDecided: z.number().int(),
  /** From a withdrawal's request to its decision (approved or rejected). */
  medianDecisionSeconds: z.number().int().nullable(),
  p95DecisionSeconds: z.number().int().nullable(),
  /** Withdrawals paid (approved) in the window whose request is known. */
  withdrawalsPaid: z.number().int(),
  /** From a withdrawal's request to its payout (approval). */
  medianPayoutSeconds: z.number().int().nullable(),
  p95PayoutSeconds: z.number().int().nullable(),
  /** Withdrawals whose promised decision time (decideBy) fell in the window: how many, and how many were decided by it. */
  promisesDue: z.number().int(),
  promisesKept: z.number().int(),
  /** promisesKept / promisesDue (0 to 1), null when none was due. */
  decidedInTimeShare: z.number().nullable(),
  /** Reviews of submitted work (approvals, automatic ones too, and rejections) in the window. */
  reviews: z.number().int(),
  /** From a submission to its review. */
  medianReviewSeconds: z.number().int().nullable(),
  rejections: z.number().int(),
  /** rejections / reviews (0 to 1), null without reviews. */
  rejectionRate: z.number().nullable(),
  /** Appeals of rejections decided in the window, and how many of them overturned the rejection. */
  appealsDecided: z.number().int(),
  appealsOverturned: z.number().int(),
  /** Support rounds first answered in the window, and the median time from the worker's message to that answer. */
  supportResponses: z.number().int(),
  medianFirstResponseSeconds: z.number().int().nullable(),
  /** Distinct workers with a payout in the window. */
  workersPaid: z.number().int(),
  /** When these were computed. */
  asOf: z.string(),
});
export type TTrustFigures = z.infer<typeof ZTrustFiguresSchema>;

/** GET /api/public/trust and GET /api/public/payout-terms take no parameters: any is refused (400 naming it). */
export const ZNoPublicQuerySchema = z.strictObject({});

/** Who operates the platform (System Settings operator_*): null where an admin has not filled it in yet. */
export const ZOperatorIdentitySchema = z.object({
  legalName: z.string().nullable(),
  address: z.string().nullable(),
  contact: z.string().nullable(),
  /** The fields still empty, in this order, so the page can say what is missing. */
  missing: z.array(z.enum(['legalName', 'address', 'contact'])),
});
export type TOperatorIdentity = z.infer<typeof ZOperatorIdentitySchema>;

/**
 * GET /api/public/trust (no token): the operator, the review, appeal and payout rules in force (System Settings), and
 * the live figures. Cached at most PUBLIC_FIGURES_CACHE_MS (a minute). The fee table and the minimum withdrawal come
 * from payouts (GET /api/public/payout-terms, as the withdraw dialog gets them), the ledger check from
 * GET /api/public/ledger-check.
 */
export const ZPublicTrustSchema = z.object({
  operator: ZOperatorIdentitySchema,
  rules: z.object({
    /** Hours after a request by which a withdrawal is promised a decision. */
    withdrawalDecisionHours: z.number().int(),
    /** Days after a rejection within which the worker may appeal. */
    appealWindowDays: z.number().int(),
    /** Days an admin other than the reviewer has to decide an appeal. */
    appealDecisionDays: z.number().int(),
    /** Days after which a submission left unreviewed is approved automatically. */
    autoApprovalDays: z.number().int(),
  }),
  figures: ZTrustFiguresSchema,
});
export type TPublicTrust = z.infer<typeof ZPublicTrustSchema>;
