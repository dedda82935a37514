import { z } from 'zod';
import { findTextProblem, normaliseLineBreaks, ZTextSchema } from './common.js';
import { issueCode, fieldIssueCode } from './errors.js';
import { checkRanges, PAGE_QUERY_SHAPE, sortsOf, ZAmountBoundSchema, ZDateBoundSchema, ZPageSchema, ZSortSchema, ZUserSearchSchema } from './paging.js';

/**
 * The payouts service's API (spec 02 "Withdrawals", "Home", section 5; spec 03 "Withdrawals", ledger, payout
 * wallets). Amounts are decimal strings with 2 decimals (numeric(12,2) in the database), never floats; a network
 * fee is a decimal string in the currency's own units; dates are ISO strings.
 */

export const LEDGER_ENTRY_KINDS = [
  'task_reward',
  'signup_bonus',
  'admin_adjustment',
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal_payout',
  // The worker closing the account gave up their available balance, confirming the amount (issue 28 item 4).
  'balance_given_up',
  // A task whose median real time showed it pays under the hourly floor: the approved submission topped up to it
  // (issue 29, principle 7), a separate entry beside the task_reward, referencing the same assignment.
  'task_top_up',
] as const;
export const ZLedgerEntryKindSchema = z.enum(LEDGER_ENTRY_KINDS);
export type TLedgerEntryKind = z.infer<typeof ZLedgerEntryKindSchema>;

export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ZWithdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);
export type TWithdrawalStatus = z.infer<typeof ZWithdrawalStatusSchema>;

/** The texts of spec 02 section 5 and spec 03 section 5 the server answers with. */
export const PAYOUTS_MESSAGES = {
  fillAllFields: 'Please fill in all fields',
  invalidAmount: 'Please enter a valid amount',
  idempotencyKeyRequired: 'Idempotency-Key header is required',
  idempotencyKeyReused: 'Idempotency-Key was already used with a different request',
  txReferenceRequired: 'Transaction reference is required',
  commentRequiredToReject: 'Comment is required to reject',
  alreadyProcessed: 'This withdrawal has already been processed',
  reasonRequired: 'Reason is required for a balance change',
  invalidBalance: 'Please enter a valid balance',
  negativeBalance: 'Balance cannot be negative',
  balanceUnchanged: 'The balance is unchanged',
  insufficientFunds: 'Amount exceeds your balance',
  giveUpAmountRequired: 'Please confirm the amount you give up',
} as const;

/** Largest amount numeric(12,2) holds: 10 digits before the point. */
const AMOUNT_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  // A JSON number is accepted as its shortest decimal text (12.5 -> "12.5"); it is never used for arithmetic.
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Text of a field these hand-written parses read, checked like ZTextSchema; adds the issue and answers false if refused. */
function acceptText(ctx: z.RefinementCtx, path: string, label: string, value: string): boolean {
  const problem = findTextProblem(value, label);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [path] });
  return problem === undefined;
}

/** "12.5" -> "12.50"; the text must already match AMOUNT_PATTERN. */
function twoDecimals(text: string): string {
  const [whole = '0', fraction = ''] = text.split('.');
  return `${BigInt(whole).toString()}.${fraction.padEnd(2, '0')}`;
}

/**
 * POST /api/withdrawals. The checks run in the order of spec 02 section 5 and the first failure is the answer:
 * all fields present ('Please fill in all fields'), then the amount a number above 0 with at most 2 decimals
 * ('Please enter a valid amount'). The currency, address format, minimum and balance are checked by the service.
 * Output: amount normalised to 2 decimals, currency upper-cased, address trimmed.
 */
export const ZCreateWithdrawalRequestSchema = z
  .strictObject({
    amount: z.unknown().optional(),
    currency: z.unknown().optional(),
    walletAddress: z.unknown().optional(),
  })
  .transform((body, ctx) => {
    const amount = textOf(body.amount);
    const currency = typeof body.currency === 'string' ? body.currency.trim() : '';
    const walletAddress = typeof body.walletAddress === 'string' ? body.walletAddress.trim() : '';
    if (!currency || !walletAddress || amount === undefined || amount === '') {
      ctx.addIssue({ code: 'custom', message: PAYOUTS_MESSAGES.fillAllFields, params: issueCode('PAYOUTS.FIELDS_REQUIRED') });
      return z.NEVER;
    }
    if (!AMOUNT_PATTERN.test(amount) || /^0*(\.0*)?$/.test(amount)) {
      ctx.addIssue({ code: 'custom', message: PAYOUTS_MESSAGES.invalidAmount, path: ['amount'], params: issueCode('PAYOUTS.INVALID_AMOUNT') });
      return z.NEVER;
    }
    if (!acceptText(ctx, 'currency', 'Currency', currency) || !acceptText(ctx, 'walletAddress', 'Wallet address', walletAddress)) return z.NEVER;
    if (currency.length > 10 || walletAddress.length > 200) {
      ctx.addIssue({ code: 'custom', message: PAYOUTS_MESSAGES.fillAllFields, params: issueCode('PAYOUTS.FIELDS_REQUIRED') });
      return z.NEVER;
    }
    return { amount: twoDecimals(amount), currency: currency.toUpperCase(), walletAddress };
  });
export type TCreateWithdrawalRequest = z.output<typeof ZCreateWithdrawalRequestSchema>;

/**
 * POST /api/withdrawals/closing (Idempotency-Key): the worker closing the account withdraws the WHOLE available
 * balance, whatever the minimum (issue 28 item 4). The amount is the server's (the balance at that moment), so the
 * body names only where it goes; missing fields are 'Please fill in all fields' as for a withdrawal.
 */
export const ZCreateClosingWithdrawalRequestSchema = z
  .strictObject({
    currency: z.unknown().optional(),
    walletAddress: z.unknown().optional(),
  })
  .transform((body, ctx) => {
    const currency = typeof body.currency === 'string' ? body.currency.trim() : '';
    const walletAddress = typeof body.walletAddress === 'string' ? body.walletAddress.trim() : '';
    if (!currency || !walletAddress) {
      ctx.addIssue({ code: 'custom', message: PAYOUTS_MESSAGES.fillAllFields, path: [currency ? 'walletAddress' : 'currency'] });
      return z.NEVER;
    }
    if (!acceptText(ctx, 'currency', 'Currency', currency) || !acceptText(ctx, 'walletAddress', 'Wallet address', walletAddress)) return z.NEVER;
    if (currency.length > 10 || walletAddress.length > 200) {
      ctx.addIssue({ code: 'custom', message: PAYOUTS_MESSAGES.fillAllFields, path: [currency.length > 10 ? 'currency' : 'walletAddress'] });
      return z.NEVER;
    }
    return { currency: currency.toUpperCase(), walletAddress };
  });
export type TCreateClosingWithdrawalRequest = z.output<typeof ZCreateClosingWithdrawalRequestSchema>;

/**
 * POST /api/ledger/give-up (Idempotency-Key): the worker closing the account gives up the available balance. The
 * amount is the one the screen showed them, stated back: it must be the available balance at that moment (otherwise
 * 409, so money that arrived meanwhile is never given up unseen).
 */
export const ZGiveUpBalanceRequestSchema = z
  .strictObject({ amount: z.unknown().optional() })
  .transform((body, ctx) => {
    const amount = textOf(body.amount);
    if (amount === undefined || amount === '') {
      ctx.addIssue({ code: 'custom', message: PAYOUTS_MESSAGES.giveUpAmountRequired, path: ['amount'] });
      return z.NEVER;
    }
    if (!AMOUNT_PATTERN.test(amount) || /^0*(\.0*)?$/.test(amount)) {
      ctx.addIssue({ code: 'custom', message: PAYOUTS_MESSAGES.invalidAmount, path: ['amount'] });
      return z.NEVER;
    }
    return { amount: twoDecimals(amount) };
  });
export type TGiveUpBalanceRequest = z.output<typeof ZGiveUpBalanceRequestSchema>;

/** The answer to a give-up: the ledger entry written and the balances after it. */
export const ZGiveUpBalanceResponseSchema = z.object({
  entryId: z.uuid(),
  amount: z.string(),
  available: z.string(),
  held: z.string(),
  createdAt: z.string(),
});
export type TGiveUpBalanceResponse = z.infer<typeof ZGiveUpBalanceResponseSchema>;

/** A withdrawal as its owner sees it (spec 02 section 3). networkFee is in the currency's units. */
export const ZWithdrawalSchema = z.object({
  id: z.uuid(),
  amount: z.string(),
  currency: z.string(),
  networkFee: z.string(),
  walletAddress: z.string(),
  status: ZWithdrawalStatusSchema,
  createdAt: z.string(),
  adminComment: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  txReference: z.string().nullable(),
  /**
   * The time by which it will be decided (issue 31 item 3): withdrawal_decision_hours after the request, the setting
   * in force then.
   */
  decideBy: z.string(),
  /** Still pending past decideBy (computed when read). */
  overdue: z.boolean(),
});
export type TWithdrawal = z.infer<typeof ZWithdrawalSchema>;

/**
 * GET /api/withdrawals?status&pageSize&cursor: the caller's own withdrawals, newest request first (keyset on
 * (created_at, id); the paging convention of paging.ts). status narrows to pending, approved or rejected.
 */
export const ZMyWithdrawalsQuerySchema = z.strictObject({
  status: z.enum(WITHDRAWAL_STATUSES, { error: 'status must be pending, approved or rejected' }).optional(),
  ...PAGE_QUERY_SHAPE,
});
export type TMyWithdrawalsQuery = z.output<typeof ZMyWithdrawalsQuerySchema>;
export const ZWithdrawalPageSchema = ZPageSchema(ZWithdrawalSchema);
export type TWithdrawalPage = z.infer<typeof ZWithdrawalPageSchema>;

/** The admin view adds the owner (from the service's copy of users; empty names when not known yet). */
export const ZAdminWithdrawalSchema = ZWithdrawalSchema.extend({
  userId: z.uuid(),
  reviewedBy: z.uuid().nullable(),
  /** A closing withdrawal: the whole balance of a worker closing the account, the minimum waived (issue 28 item 4). */
  closing: z.boolean(),
  user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
});
export type TAdminWithdrawal = z.infer<typeof ZAdminWithdrawalSchema>;
export const ZAdminWithdrawalListSchema = z.array(ZAdminWithdrawalSchema);

/**
 * The lists GET /api/admin/withdrawals answers (?status): `pending` (the review queue, oldest request first, the
 * default), `decided` (the history: approved and rejected, newest decision first), or only `approved` or
 * `rejected` (newest decision first).
 */
export const ADMIN_WITHDRAWAL_LISTS = ['pending', 'decided', 'approved', 'rejected'] as const;
export type TAdminWithdrawalList = (typeof ADMIN_WITHDRAWAL_LISTS)[number];

/** The sorts of the admin withdrawal lists; reviewedAt is for the decided lists only. */
export const ADMIN_WITHDRAWAL_SORTS = sortsOf(['createdAt', 'amount', 'reviewedAt'] as const);
export type TAdminWithdrawalSort = (typeof ADMIN_WITHDRAWAL_SORTS)[number];

/**
 * GET /api/admin/withdrawals?status&currency&user&from&to&minAmount&maxAmount&sort&pageSize&cursor (the paging
 * convention of paging.ts). from/to bound the list's own time: the request's for pending, the decision's for the
 * others. Without sort, pending is oldest request first and the others newest decision first.
 */
export const ZAdminWithdrawalsQuerySchema = z
  .strictObject({
    status: z.enum(ADMIN_WITHDRAWAL_LISTS, { error: 'status must be pending, decided, approved or rejected' }).default('pending'),
    currency: ZTextSchema('currency')
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_]{2,20}$/, 'currency must be a currency code such as USDT')
      .optional(),
    user: ZUserSearchSchema('user'),
    from: ZDateBoundSchema('from'),
    to: ZDateBoundSchema('to'),
    minAmount: ZAmountBoundSchema('minAmount'),
    maxAmount: ZAmountBoundSchema('maxAmount'),
    sort: ZSortSchema(ADMIN_WITHDRAWAL_SORTS),
    ...PAGE_QUERY_SHAPE,
  })
  .superRefine(checkRanges)
  .superRefine((q, ctx) => {
    if (q.status === 'pending' && q.sort?.startsWith('reviewedAt.')) {
      ctx.addIssue({ code: 'custom', message: 'sort reviewedAt is for decided requests: pending ones have no decision', path: ['sort'] });
    }
  });
export type TAdminWithdrawalsQuery = z.output<typeof ZAdminWithdrawalsQuerySchema>;
export const ZAdminWithdrawalPageSchema = ZPageSchema(ZAdminWithdrawalSchema);
export type TAdminWithdrawalPage = z.infer<typeof ZAdminWithdrawalPageSchema>;

const optionalText = (label: string, max: number, tooLong: string) => ZTextSchema(label).trim().max(max, tooLong).nullable().optional();

/** PATCH /api/admin/withdrawals/{id}: approve needs txReference; reject needs adminComment. */
export const ZDecideWithdrawalRequestSchema = z
  .strictObject({
    status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected' }),
    adminComment: optionalText('Comment', 1_000, 'Comment is too long'),
    txReference: optionalText('Transaction reference', 200, 'Transaction reference is too long'),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'approved' && !body.txReference) {
      ctx.addIssue({ code: 'custom', message: PAYOUTS_MESSAGES.txReferenceRequired, path: ['txReference'] });
    }
    if (body.status === 'rejected' && !body.adminComment) {
      ctx.addIssue({ code: 'custom', message: PAYOUTS_MESSAGES.commentRequiredToReject, path: ['adminComment'] });
    }
  });
export type TDecideWithdrawalRequest = z.infer<typeof ZDecideWithdrawalRequestSchema>;

export const ZBalanceSchema = z.object({ available: z.string(), held: z.string() });
export type TBalance = z.infer<typeof ZBalanceSchema>;

/** PATCH /api/admin/users/{id}/balance: the new available balance and the reason shown to the user. */
export const ZAdjustBalanceRequestSchema = z
  .strictObject({
    balance: z.unknown().optional(),
    reason: z.unknown().optional(),
  })
  .transform((body, ctx) => {
    const balance = textOf(body.balance);
    const negative = balance !== undefined && balance.startsWith('-');
    const digits = negative ? balance.slice(1) : balance;
    if (digits === undefined || !AMOUNT_PATTERN.test(digits)) {
      ctx.addIssue({ code: 'custom', message: PAYOUTS_MESSAGES.invalidBalance, path: ['balance'] });
      return z.NEVER;
    }
    if (negative && !/^0*(\.0*)?$/.test(digits)) {
      ctx.addIssue({ code: 'custom', message: PAYOUTS_MESSAGES.negativeBalance, path: ['balance'] });
      return z.NEVER;
    }
    const reason = typeof body.reason === 'string' ? normaliseLineBreaks(body.reason).trim() : '';
    if (!reason) {
      ctx.addIssue({ code: 'custom', message: PAYOUTS_MESSAGES.reasonRequired, path: ['reason'] });
      return z.NEVER;
    }
    if (!acceptText(ctx, 'reason', 'Reason', reason)) return z.NEVER;
    if (reason.length > 1_000) {
      ctx.addIssue({ code: 'custom', message: 'Reason is too long', path: ['reason'] });
      return z.NEVER;
    }
    return { balance: twoDecimals(digits), reason };
  });
export type TAdjustBalanceRequest = z.output<typeof ZAdjustBalanceRequestSchema>;

export const ZAdjustBalanceResponseSchema = z.object({
  userId: z.uuid(),
  before: z.string(),
  after: z.string(),
  amount: z.string(),
  held: z.string(),
  entryId: z.uuid(),
});
export type TAdjustBalanceResponse = z.infer<typeof ZAdjustBalanceResponseSchema>;

/** One ledger entry. amount is signed (see the payouts README for what each kind moves). */
export const ZLedgerEntrySchema = z.object({
  id: z.uuid(),
  seq: z.number().int().positive(),
  kind: ZLedgerEntryKindSchema,
  amount: z.string(),
  availableAfter: z.string(),
  heldAfter: z.string(),
  referenceType: z.string().nullable(),
  referenceId: z.string().nullable(),
  reason: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  prevHash: z.string(),
  hash: z.string(),
  /**
   * What the entry is about, in words, when known: a task reward names the task ("Label 50 street photos"). Not part
   * of the hash: it is kept beside the ledger (payouts learns it from the event that caused the entry).
   */
  description: z.string().nullable(),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntrySchema>;

/** A whole statement (what format=csv downloads): entries oldest first, the balances before the first and after the last one. */
export const ZStatementSchema = z.object({
  userId: z.uuid(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  opening: ZBalanceSchema,
  closing: ZBalanceSchema,
  entries: z.array(ZLedgerEntrySchema),
});
export type TStatement = z.infer<typeof ZStatementSchema>;

const ZDateQuerySchema = ZTextSchema('Dates')
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/, 'Dates must be YYYY-MM-DD or ISO date-times')
  .refine((v) => !Number.isNaN(new Date(v.length === 10 ? `${v}T00:00:00Z` : v).getTime()), { message: 'Dates must be YYYY-MM-DD or ISO date-times', params: fieldIssueCode('FIELD.INVALID') });

/**
 * GET /api/ledger/statement?from&to&pageSize&cursor&format (the caller's statement) and GET
 * /api/admin/users/{id}/ledger (the same for any user, admins): a page of entries newest first (keyset on the
 * ledger's own order, seq; the paging convention of paging.ts). from and to are inclusive; a bare date `to` covers
 * that whole day (UTC). format=csv is the whole range as one download (oldest first, ZStatementSchema's entries), so a
 * cursor is refused with it.
 */
export const ZStatementPageQuerySchema = z
  .strictObject({
    from: ZDateQuerySchema.optional(),
    to: ZDateQuerySchema.optional(),
    format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).optional(),
    ...PAGE_QUERY_SHAPE,
  })
  .superRefine((q, ctx) => {
    if (q.format === 'csv' && q.cursor !== undefined) {
      ctx.addIssue({ code: 'custom', message: 'cursor does not apply to format=csv: the CSV is the whole statement', path: ['cursor'] });
    }
  });
export type TStatementPageQuery = z.output<typeof ZStatementPageQuerySchema>;

/**
 * GET /api/ledger/statement (JSON): a page of the caller's entries, newest first, each with the balances after it
 * (the running balance), and the balances before the range (opening) and at its end (closing), read with the page.
 * Consecutive entries chain across pages: an entry's prevHash is the hash of the entry after it in this order.
 */
export const ZStatementPageSchema = ZPageSchema(ZLedgerEntrySchema).extend({
  userId: z.uuid(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  opening: ZBalanceSchema,
  closing: ZBalanceSchema,
});
export type TStatementPage = z.infer<typeof ZStatementPageSchema>;

export const ZLedgerVerificationSchema = z.object({
  valid: z.boolean(),
  entries: z.number().int().min(0),
  /** seq of the first entry that does not check out. */
  brokenAt: z.number().int().positive().optional(),
  problem: z.string().optional(),
});
export type TLedgerVerification = z.infer<typeof ZLedgerVerificationSchema>;

/**
 * GET /api/public/ledger-check (no sign-in; issue 31 item 4): the last run of the scheduled job that verifies every
 * account's chain. Counts only, never an account's data; every field null/0 until the first run.
 */
export const ZPlatformLedgerCheckSchema = z.object({
  /** When the last run finished; null before the first. */
  lastRunAt: z.string().nullable(),
  /** Every account's chain checked out in that run; null before the first. */
  valid: z.boolean().nullable(),
  accounts: z.number().int().min(0),
  entries: z.number().int().min(0),
  brokenAccounts: z.number().int().min(0),
});
export type TPlatformLedgerCheck = z.infer<typeof ZPlatformLedgerCheckSchema>;

export const ZCurrencyOptionSchema = z.object({ value: z.string(), label: z.string(), networkFee: z.string() });
export type TCurrencyOption = z.infer<typeof ZCurrencyOptionSchema>;

/** GET /api/settings/public (every signed-in user). */
export const ZPublicSettingsSchema = z.object({
  minimumWithdrawal: z.string(),
  walletCooldownHours: z.string(),
  currencies: z.array(ZCurrencyOptionSchema),
});
export type TPublicSettings = z.infer<typeof ZPublicSettingsSchema>;

/** POST /api/user/payout-wallets. */
export const ZCreatePayoutWalletRequestSchema = z.strictObject({
  currency: ZTextSchema('Currency', { error: 'Currency is required' }).trim().min(1, 'Currency is required').max(10, 'Please choose a supported currency'),
  address: ZTextSchema('Wallet address', { error: 'Wallet address is required' }).trim().min(1, 'Wallet address is required').max(200, 'Wallet address is too long'),
  label: ZTextSchema('Label').trim().max(50, 'Label must be at most 50 characters').nullable().optional(),
});
export type TCreatePayoutWalletRequest = z.infer<typeof ZCreatePayoutWalletRequestSchema>;

export const ZPayoutWalletSchema = z.object({
  id: z.uuid(),
  currency: z.string(),
  address: z.string(),
  label: z.string().nullable(),
  createdAt: z.string(),
  /** When the wallet may first receive a payout (createdAt + wallet_cooldown_hours). */
  usableFrom: z.string(),
});
export type TPayoutWallet = z.infer<typeof ZPayoutWalletSchema>;
export const ZPayoutWalletListSchema = z.array(ZPayoutWalletSchema);

/** GET /internal/balances?userIds=a,b,c (not routed by the gateway). */
export const ZInternalBalancesQuerySchema = z.strictObject({
  userIds: ZTextSchema('userIds', { error: 'userIds is required' })
    .transform((v) => [...new Set(v.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean))])
    .pipe(z.array(z.uuid({ error: 'userIds must be user ids' })).max(1_000, 'At most 1000 user ids at once')),
});
export const ZInternalBalancesSchema = z.record(z.string(), ZBalanceSchema);
export type TInternalBalances = z.infer<typeof ZInternalBalancesSchema>;
