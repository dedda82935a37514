import { z } from 'zod';
import { ZRoleSchema, ZTextSchema } from './common.js';

/*
 * User management (spec 03 All Users: Edit, Ban/Unban, Delete) and the worker's own account deletion (spec 02
 * Profile, Delete account AMENDED). The auth service owns the users; payouts and work tell whether an account still
 * holds money or has something pending (their /internal/ APIs below).
 */

const ZEmailSchema = ZTextSchema('Email').trim().toLowerCase().pipe(z.email('Please enter a valid email address').max(254, 'Email is too long'));
const ZNameSchema = (label: string) =>
  ZTextSchema(label, { error: `${label} is required` }).trim().min(1, `${label} is required`).max(100, `${label} is too long`);

export const BALANCE_REASON_REQUIRED = 'Reason is required for a balance change';

/**
 * PATCH /api/admin/users/{id}: every field optional; only those sent change. A balance (the new AVAILABLE balance)
 * is never written as such: it becomes a ledger adjustment of the difference (payouts), with balanceReason.
 */
export const ZAdminUserUpdateSchema = z
  .strictObject({
    firstName: ZNameSchema('First name').optional(),
    lastName: ZNameSchema('Last name').optional(),
    email: ZEmailSchema.optional(),
    isVerified: z.boolean('isVerified must be true or false').optional(),
    isActive: z.boolean('isActive must be true or false').optional(),
    role: ZRoleSchema.optional(),
    /** Text or number with at most 2 decimals; an empty value is 0.00 (spec 03 section 5). */
    balance: z.union([ZTextSchema('Balance'), z.number()]).optional(),
    balanceReason: ZTextSchema('Reason').trim().max(1_000, 'Reason is too long').optional().nullable(),
  })
  .transform((body, ctx) => {
    if (body.balance === undefined) return { ...body, balance: undefined };
    const text = typeof body.balance === 'number' ? String(body.balance) : body.balance.trim() === '' ? '0' : body.balance.trim();
    if (!/^\d{1,10}(\.\d{1,2})?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'Balance must be a number of at least 0 with at most 2 decimals', path: ['balance'] });
      return z.NEVER;
    }
    const [whole, cents = ''] = text.split('.');
    return { ...body, balance: `${BigInt(whole!).toString()}.${cents.padEnd(2, '0')}` };
  });
export type TAdminUserUpdate = z.output<typeof ZAdminUserUpdateSchema>;

/** DELETE /api/user/account: the worker confirms with their password. */
export const ZDeleteAccountRequestSchema = z.strictObject({
  password: ZTextSchema('Password', { error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
});
export type TDeleteAccountRequest = z.infer<typeof ZDeleteAccountRequestSchema>;

/**
 * Why an account cannot be deleted now: the English sentence and the parameters it is said from in the reader's
 * language (`amount` for a balance, `count` for pending records; errors.ts DELETION.<CODE>).
 */
export const ZDeletionBlockerSchema = z.object({
  code: z.enum(['available_balance', 'held_balance', 'pending_withdrawal', 'active_assignment', 'submission_under_review', 'pending_task_request', 'admin']),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type TDeletionBlocker = z.infer<typeof ZDeletionBlockerSchema>;

/** GET /api/user/account/deletion (own) and GET /api/admin/users/{id}/deletion: can the account be deleted now? */
export const ZDeletionEligibilitySchema = z.object({
  allowed: z.boolean(),
  reasons: z.array(ZDeletionBlockerSchema),
  /** When the worker started closing the account (POST /api/user/account/closing), or null; absent for an admin's view. */
  closingStartedAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type TDeletionEligibility = z.infer<typeof ZDeletionEligibilitySchema>;

/**
 * POST /api/user/account/closing: the worker states they are closing the account (issue 28 item 4). Recorded once (a
 * second call answers the first time); only then does payouts accept a closing withdrawal or a give-up.
 */
export const ZAccountClosingSchema = z.object({
  closingStartedAt: z.iso.datetime({ offset: true }),
});
export type TAccountClosing = z.infer<typeof ZAccountClosingSchema>;

/** payouts GET /internal/users/{id}/holdings: what the account holds (token forwarded: the user or an admin). */
export const ZUserHoldingsSchema = z.object({
  available: z.string(),
  held: z.string(),
  pendingWithdrawals: z.number().int().min(0),
});
export type TUserHoldings = z.infer<typeof ZUserHoldingsSchema>;

/** work GET /internal/users/{id}/pending-work: what is still open for the user. */
export const ZUserPendingWorkSchema = z.object({
  activeAssignments: z.number().int().min(0),
  submissionsUnderReview: z.number().int().min(0),
  pendingTaskRequests: z.number().int().min(0),
});
export type TUserPendingWork = z.infer<typeof ZUserPendingWorkSchema>;

/** What an admin's change did to a user record (the audit log's before and after; no password, no balance). */
export const ZUserAuditStateSchema = z.object({
  email: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  role: ZRoleSchema.optional(),
  isActive: z.boolean().optional(),
  isVerified: z.boolean().optional(),
});

/**
 * An admin edited, banned or unbanned a user (auth). before and after hold only the fields that changed. The admin
 * service turns it into an audit row; a later user.deleted erases the names and e-mail in those rows.
 */
export const ZUserChangedByAdminDataSchema = z.object({
  userId: z.uuid(),
  action: z.enum(['user.edited', 'user.banned', 'user.unbanned']),
  changedBy: z.uuid(),
  before: ZUserAuditStateSchema,
  after: ZUserAuditStateSchema,
  at: z.iso.datetime({ offset: true }),
});
export type TUserChangedByAdminData = z.infer<typeof ZUserChangedByAdminDataSchema>;
