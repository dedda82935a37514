import { z } from 'zod';
import { ZLanguageSchema, ZRoleSchema } from './common.js';
import { ZDocumentChangedDataSchema } from './content.js';
import { ZReviewTemplateChangedDataSchema } from './review-templates.js';
import { ZUserChangedByAdminDataSchema } from './users-admin.js';
import { ZTaskStatusSchema } from './work.js';

/**
 * Every integration event travels in this envelope. The routing key on the exchange is `type`.
 * correlationId is the request id that caused it; causationId the id of the event that caused it, if any.
 */
export const ZEventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime({ offset: true }),
  correlationId: z.string().nullable().optional(),
  causationId: z.string().nullable().optional(),
  data: z.unknown(),
});
export type TEventEnvelope<T = unknown> = Omit<z.infer<typeof ZEventEnvelopeSchema>, 'data'> & { data: T };

export const ZUserRegisteredDataSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: ZRoleSchema,
  referralSource: z.string().nullable(),
  registeredAt: z.iso.datetime({ offset: true }),
  /** The language of the user's e-mails (issue 28); absent in events written before it: English. */
  language: ZLanguageSchema.optional(),
});
export type TUserRegisteredData = z.infer<typeof ZUserRegisteredDataSchema>;

export const ZPasswordResetRequestedDataSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The raw single-use token; only its hash is stored. Travels only to the mailer. */
  token: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
  /** The link the e-mail carries: the app's /reset-password page with the token in the query string. */
  resetUrl: z.url().optional(),
  /** The language of the mail (the user's language when asked); absent in older events: English. */
  language: ZLanguageSchema.optional(),
});
export type TPasswordResetRequestedData = z.infer<typeof ZPasswordResetRequestedDataSchema>;

export const ZPasswordResetCompletedDataSchema = z.object({
  userId: z.uuid(),
  completedAt: z.iso.datetime({ offset: true }),
});
export type TPasswordResetCompletedData = z.infer<typeof ZPasswordResetCompletedDataSchema>;

/** A user's account record changed (role, activity, verification, names); carries the new state. */
export const ZUserUpdatedDataSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: ZRoleSchema,
  isActive: z.boolean(),
  isVerified: z.boolean(),
  updatedAt: z.iso.datetime({ offset: true }),
  /** The worker keeps out of the public leaderboards; absent when the event does not say (no change). */
  leaderboardOptOut: z.boolean().optional(),
  /** The language of the user's e-mails; absent in events written before issue 28 (no change). */
  language: ZLanguageSchema.optional(),
});
export type TUserUpdatedData = z.infer<typeof ZUserUpdatedDataSchema>;

/* ---- Work service (tasks, assignments, submissions). ---- */

/**
 * The claim recorded on a submission when an admin decided it or took it over (issue 30, for the audit log): the admin
 * who had opened it, until when, and whether that time had passed (a lapsed claim no longer binds anyone).
 */
export const ZRecordedClaimSchema = z.object({
  adminId: z.uuid(),
  expiresAt: z.iso.datetime({ offset: true }),
  lapsed: z.boolean(),
});
export type TRecordedClaim = z.infer<typeof ZRecordedClaimSchema>;

/**
 * A submission was approved (by an admin, or automatically after auto_approval_days): the worker earns the reward.
 * Published once per assignment. payouts credits `reward` keyed by assignmentId.
 */
export const ZSubmissionApprovedDataSchema = z.object({
  userId: z.uuid(),
  assignmentId: z.uuid(),
  taskId: z.uuid(),
  /** Decimal string, 2 decimals (numeric(10,2)). */
  reward: z.string().regex(/^\d{1,8}(\.\d{1,2})?$/),
  approvedAt: z.iso.datetime({ offset: true }),
  /** The admin who approved, or null when approved automatically. */
  approvedBy: z.uuid().nullable(),
  /** The task's title when approved (the worker's statement names the task); optional: older events lack it. */
  taskTitle: z.string().optional(),
  /** The claim on the submission when it was decided (the decider's own, or another admin's lapsed one); absent: none. */
  claim: ZRecordedClaimSchema.optional(),
});
export type TSubmissionApprovedData = z.infer<typeof ZSubmissionApprovedDataSchema>;

/** An admin rejected a submission with a reason (the worker sees Needs Revision and may resubmit). */
export const ZSubmissionRejectedDataSchema = z.object({
  userId: z.uuid(),
  assignmentId: z.uuid(),
  taskId: z.uuid(),
  reason: z.string(),
  rejectedAt: z.iso.datetime({ offset: true }),
  rejectedBy: z.uuid(),
  /** The acceptance criteria (numbers) the rejection cited (issue 29); absent in older events. */
  criteria: z.array(z.number().int()).optional(),
  /** The claim on the submission when it was decided (the decider's own, or another admin's lapsed one); absent: none. */
  claim: ZRecordedClaimSchema.optional(),
});
export type TSubmissionRejectedData = z.infer<typeof ZSubmissionRejectedDataSchema>;

/**
 * An admin opened a submission whose claim by another admin had lapsed, and took the claim over (issue 30: who is
 * reviewing what). Audited (admin service); claiming a free submission, renewing or releasing one's own is not.
 */
export const ZSubmissionClaimTakenOverDataSchema = z.object({
  assignmentId: z.uuid(),
  userId: z.uuid(),
  taskId: z.uuid(),
  takenBy: z.uuid(),
  takenAt: z.iso.datetime({ offset: true }),
  /** Until when the new claim holds. */
  expiresAt: z.iso.datetime({ offset: true }),
  /** The lapsed claim taken over. */
  previous: ZRecordedClaimSchema,
});
export type TSubmissionClaimTakenOverData = z.infer<typeof ZSubmissionClaimTakenOverDataSchema>;

/** A worker submitted (or resubmitted after a rejection) their work for review. */
export const ZSubmissionSubmittedDataSchema = z.object({
  userId: z.uuid(),
  assignmentId: z.uuid(),
  taskId: z.uuid(),
  submittedAt: z.iso.datetime({ offset: true }),
  fileCount: z.number().int().min(0),
  resubmission: z.boolean(),
});
export type TSubmissionSubmittedData = z.infer<typeof ZSubmissionSubmittedDataSchema>;

/** A worker got a task (took it, or an admin approved their task request). */
export const ZAssignmentCreatedDataSchema = z.object({
  userId: z.uuid(),
  assignmentId: z.uuid(),
  taskId: z.uuid(),
  assignedAt: z.iso.datetime({ offset: true }),
});
export type TAssignmentCreatedData = z.infer<typeof ZAssignmentCreatedDataSchema>;

/** The task's time limit passed without a submission: the assignment was cancelled and the task is available again. */
export const ZAssignmentReleasedDataSchema = z.object({
  userId: z.uuid(),
  assignmentId: z.uuid(),
  taskId: z.uuid(),
  reason: z.string(),
  releasedAt: z.iso.datetime({ offset: true }),
});
export type TAssignmentReleasedData = z.infer<typeof ZAssignmentReleasedDataSchema>;

/** The worker handed a task back before submitting (optional reason); the task is available again, no penalty. */
export const ZAssignmentReturnedDataSchema = z.object({
  userId: z.uuid(),
  assignmentId: z.uuid(),
  taskId: z.uuid(),
  reason: z.string().nullable(),
  returnedAt: z.iso.datetime({ offset: true }),
});
export type TAssignmentReturnedData = z.infer<typeof ZAssignmentReturnedDataSchema>;

/** The worker appealed a rejection with a statement (issue 29): the submission is Under appeal until an admin decides. */
export const ZSubmissionAppealedDataSchema = z.object({
  appealId: z.uuid(),
  userId: z.uuid(),
  assignmentId: z.uuid(),
  taskId: z.uuid(),
  taskTitle: z.string(),
  statement: z.string(),
  rejectedBy: z.uuid(),
  appealedAt: z.iso.datetime({ offset: true }),
});
export type TSubmissionAppealedData = z.infer<typeof ZSubmissionAppealedDataSchema>;

/**
 * An admin other than the one who rejected decided an appeal: upheld (the rejection stands, with this admin's reason)
 * or overturned (the submission is approved: a submission.approved is written in the same transaction).
 */
export const ZAppealDecidedDataSchema = z.object({
  appealId: z.uuid(),
  userId: z.uuid(),
  assignmentId: z.uuid(),
  taskId: z.uuid(),
  taskTitle: z.string(),
  decision: z.enum(['upheld', 'overturned']),
  reason: z.string().nullable(),
  appealedAt: z.iso.datetime({ offset: true }),
  decidedAt: z.iso.datetime({ offset: true }),
  decidedBy: z.uuid(),
  /** The claim on the submission when the appeal was decided (issue 30); absent: none. */
  claim: ZRecordedClaimSchema.optional(),
});
export type TAppealDecidedData = z.infer<typeof ZAppealDecidedDataSchema>;

/** An admin cancelled an assignment with a reason; the task is available again. */
export const ZAssignmentCancelledDataSchema = z.object({
  userId: z.uuid(),
  assignmentId: z.uuid(),
  taskId: z.uuid(),
  reason: z.string(),
  cancelledAt: z.iso.datetime({ offset: true }),
  cancelledBy: z.uuid(),
});
export type TAssignmentCancelledData = z.infer<typeof ZAssignmentCancelledDataSchema>;

/** An admin decided a worker's request to take a task that requires approval. */
export const ZTaskRequestDecidedDataSchema = z.object({
  requestId: z.uuid(),
  userId: z.uuid(),
  taskId: z.uuid(),
  status: z.enum(['approved', 'rejected']),
  reason: z.string().nullable(),
  decidedAt: z.iso.datetime({ offset: true }),
  decidedBy: z.uuid(),
  /** The assignment created on approval. */
  assignmentId: z.uuid().nullable(),
});
export type TTaskRequestDecidedData = z.infer<typeof ZTaskRequestDecidedDataSchema>;

/**
 * A task was created, edited or changed status (work service); carries the task's new state for read models (the
 * admin dashboard). Consumers keep the state with the newest savedAt.
 */
export const ZTaskSavedDataSchema = z.object({
  taskId: z.uuid(),
  title: z.string(),
  reward: z.string().regex(/^\d{1,8}(\.\d{1,2})?$/),
  status: ZTaskStatusSchema,
  createdAt: z.iso.datetime({ offset: true }),
  savedAt: z.iso.datetime({ offset: true }),
});
export type TTaskSavedData = z.infer<typeof ZTaskSavedDataSchema>;

/**
 * An approved submission of a task whose median real time shows it pays under the minimum_hourly_rate setting was
 * topped up to the floor (issue 29, principle 7): written once per assignment by the work service, in the transaction
 * of the approval that showed it (for every submission of the task approved before) or of a later approval. payouts
 * credits `amount` as a task_top_up entry referencing the assignment (once, whatever the deliveries).
 */
export const ZTaskToppedUpDataSchema = z.object({
  userId: z.uuid(),
  assignmentId: z.uuid(),
  taskId: z.uuid(),
  /** The task's title (the statement line names it). */
  taskTitle: z.string(),
  /** The top-up, USD, above 0: minimumHourlyRate x medianMinutes / 60 (rounded up to the cent) less the reward. */
  amount: z.string().regex(/^\d{1,8}\.\d{2}$/),
  /** The task's reward, already credited by submission.approved. */
  reward: z.string().regex(/^\d{1,8}\.\d{2}$/),
  /** The median real time (taken to submitted) the shortfall was computed from, in seconds, and over how many approved submissions. */
  medianSeconds: z.number().int().positive(),
  workers: z.number().int().positive(),
  /** The pay per hour of the reward at the median time, and the floor it was topped up to (USD per hour). */
  hourlyRate: z.string(),
  minimumHourlyRate: z.string(),
  toppedUpAt: z.iso.datetime({ offset: true }),
});
export type TTaskToppedUpData = z.infer<typeof ZTaskToppedUpDataSchema>;

/** An admin deleted a task (its assignments, requests and files went with it). */
export const ZTaskDeletedDataSchema = z.object({
  taskId: z.uuid(),
  deletedAt: z.iso.datetime({ offset: true }),
});
export type TTaskDeletedData = z.infer<typeof ZTaskDeletedDataSchema>;

/**
 * A system setting changed (admin service); value is the stored text. Keys: starting_balance, minimum_withdrawal,
 * auto_approval_days, wallet_cooldown_hours. previousValue is null for the first publication of a value;
 * changedBy is the admin, null when the admin service published the current value itself (at start, for
 * consumers that never got it); changedAt is when the value was set. Consumers keep the value with the newest
 * changedAt. The three added fields are optional only so that events written before they existed still parse;
 * the admin service always sends them.
 */
export const ZSettingsChangedDataSchema = z.object({
  key: z.string().min(1),
  value: z.string(),
  previousValue: z.string().nullable().optional(),
  changedBy: z.uuid().nullable().optional(),
  changedAt: z.iso.datetime({ offset: true }).optional(),
});
export type TSettingsChangedData = z.infer<typeof ZSettingsChangedDataSchema>;

/* ---- Payouts service (ledger, withdrawals). Amounts are decimal strings with 2 decimals. ---- */

const ZEventMoneySchema = z.string().regex(/^-?\d{1,10}\.\d{2}$/);

/** A worker asked for a payout; the amount is held (moved from available to held) in the same transaction. */
export const ZWithdrawalRequestedDataSchema = z.object({
  withdrawalId: z.uuid(),
  userId: z.uuid(),
  amount: ZEventMoneySchema,
  currency: z.string(),
  /** In the currency's units, copied from the catalogue. */
  networkFee: z.string(),
  walletAddress: z.string(),
  requestedAt: z.iso.datetime({ offset: true }),
  /** The time by which it will be decided (issue 31); absent in events written before it. */
  decideBy: z.iso.datetime({ offset: true }).optional(),
});
export type TWithdrawalRequestedData = z.infer<typeof ZWithdrawalRequestedDataSchema>;

/**
 * An admin approved (the hold is paid out; txReference set) or rejected (the hold is released; adminComment set)
 * a withdrawal. email and firstName come from payouts' copy of users (null when it does not know the user yet),
 * for the notification e-mail.
 */
export const ZWithdrawalDecidedDataSchema = z.object({
  withdrawalId: z.uuid(),
  userId: z.uuid(),
  amount: ZEventMoneySchema,
  currency: z.string(),
  status: z.enum(['approved', 'rejected']),
  adminComment: z.string().nullable(),
  txReference: z.string().nullable(),
  decidedBy: z.uuid(),
  decidedAt: z.iso.datetime({ offset: true }),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
});
export type TWithdrawalDecidedData = z.infer<typeof ZWithdrawalDecidedDataSchema>;

/** An admin set a user's available balance: an admin_adjustment ledger entry of `amount` (after - before) with the reason. */
export const ZBalanceAdjustedDataSchema = z.object({
  userId: z.uuid(),
  before: ZEventMoneySchema,
  after: ZEventMoneySchema,
  amount: ZEventMoneySchema,
  reason: z.string(),
  adjustedBy: z.uuid(),
  at: z.iso.datetime({ offset: true }),
});
export type TBalanceAdjustedData = z.infer<typeof ZBalanceAdjustedDataSchema>;

/**
 * The worker closing their account gave up their available balance (issue 28 item 4): a balance_given_up ledger
 * entry of -amount. Audited (the actor is the worker).
 */
export const ZBalanceGivenUpDataSchema = z.object({
  userId: z.uuid(),
  amount: ZEventMoneySchema,
  entryId: z.uuid(),
  at: z.iso.datetime({ offset: true }),
});
export type TBalanceGivenUpData = z.infer<typeof ZBalanceGivenUpDataSchema>;

/**
 * The worker started closing their account (issue 28 item 4): auth recorded the intent (once; the time it was first
 * stated). Payouts keeps it, and only a worker closing the account may withdraw the whole balance below the minimum
 * (POST /api/withdrawals/closing) or give it up (POST /api/ledger/give-up).
 */
export const ZAccountClosingStartedDataSchema = z.object({
  userId: z.uuid(),
  startedAt: z.iso.datetime({ offset: true }),
});
export type TAccountClosingStartedData = z.infer<typeof ZAccountClosingStartedDataSchema>;

/**
 * A user's account was deleted (by the user from the profile, or by an admin): every service erases the personal
 * data it holds about `userId` (names, e-mail, texts, files) and keeps only what financial and audit records need,
 * keyed by the user id. Published by auth after it has erased its own row and ended every session.
 */
export const ZUserDeletedDataSchema = z.object({
  userId: z.uuid(),
  /** 'self': the worker deleted their account; 'admin': an admin did (deletedBy is the admin's id). */
  requestedBy: z.enum(['self', 'admin']),
  deletedBy: z.uuid(),
  deletedAt: z.iso.datetime({ offset: true }),
});
export type TUserDeletedData = z.infer<typeof ZUserDeletedDataSchema>;

/* ---- Identity verification (auth service). ---- */

/** A worker applied for identity verification; the application is pending review. No personal fields travel. */
export const ZVerificationSubmittedDataSchema = z.object({
  verificationId: z.uuid(),
  userId: z.uuid(),
  documentType: z.enum(['passport', 'drivers_license', 'national_id']),
  submittedAt: z.iso.datetime({ offset: true }),
});
export type TVerificationSubmittedData = z.infer<typeof ZVerificationSubmittedDataSchema>;

/**
 * An admin approved (the user is now verified) or rejected (with a reason; the user may apply again) an
 * application. email and firstName are the applicant's account e-mail and first name, for the notification.
 */
export const ZVerificationDecidedDataSchema = z.object({
  verificationId: z.uuid(),
  userId: z.uuid(),
  status: z.enum(['approved', 'rejected']),
  reason: z.string().nullable(),
  decidedBy: z.uuid(),
  decidedAt: z.iso.datetime({ offset: true }),
  email: z.string(),
  firstName: z.string(),
});
export type TVerificationDecidedData = z.infer<typeof ZVerificationDecidedDataSchema>;

/** An admin opened one image of an application (selfie or document); every view is an audit row. */
export const ZVerificationFileViewedDataSchema = z.object({
  verificationId: z.uuid(),
  userId: z.uuid(),
  file: z.enum(['selfie', 'document']),
  viewedBy: z.uuid(),
  viewedAt: z.iso.datetime({ offset: true }),
});
export type TVerificationFileViewedData = z.infer<typeof ZVerificationFileViewedDataSchema>;

/* ---- Chat service: the support desk (issue 12). ---- */

/**
 * An admin replied to a worker who was not connected to the chat (on any instance), and no such e-mail went out for
 * this conversation within the last hour: the admin service sends the `support-reply` template. email and firstName
 * come from chat's copy of users (null when unknown: the admin service looks in its own copy).
 */
export const ZSupportReplyEmailRequestedDataSchema = z.object({
  userId: z.uuid(),
  conversationId: z.uuid(),
  messageId: z.number().int().positive(),
  /** The reply cut to 80 characters and an ellipsis. */
  preview: z.string(),
  repliedBy: z.uuid(),
  repliedAt: z.iso.datetime({ offset: true }),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
});
export type TSupportReplyEmailRequestedData = z.infer<typeof ZSupportReplyEmailRequestedDataSchema>;

/** An admin changed a support conversation's status or assignment (one event per kind of change): the audit log. */
export const ZSupportConversationChangedDataSchema = z.object({
  conversationId: z.uuid(),
  userId: z.uuid(),
  change: z.enum(['status', 'assignment']),
  before: z.object({ status: z.string(), assignedAdminId: z.uuid().nullable() }),
  after: z.object({ status: z.string(), assignedAdminId: z.uuid().nullable() }),
  /** What made the change: the PATCH of the desk, or an admin's reply (which sets pending). */
  via: z.enum(['desk', 'reply']),
  changedBy: z.uuid(),
  changedAt: z.iso.datetime({ offset: true }),
});
export type TSupportConversationChangedData = z.infer<typeof ZSupportConversationChangedDataSchema>;

/**
 * The desk answered a round of a worker's support conversation for the first time (chat service, issue 31): when
 * the round was opened (the worker's message that started it) and when the first reply came. The admin service's
 * public figures take the support first-response time from it.
 */
export const ZSupportFirstResponseDataSchema = z.object({
  conversationId: z.uuid(),
  userId: z.uuid(),
  openedAt: z.iso.datetime({ offset: true }),
  respondedAt: z.iso.datetime({ offset: true }),
  respondedBy: z.uuid(),
});
export type TSupportFirstResponseData = z.infer<typeof ZSupportFirstResponseDataSchema>;

/**
 * An admin saved the chat assistants' settings (chat service, issue 13): which fields changed, with their values
 * before and after, and what happened to the provider API key (never the key itself). Audited.
 */
export const ZChatSettingsChangedDataSchema = z.object({
  changedBy: z.uuid(),
  changedAt: z.iso.datetime({ offset: true }),
  changedFields: z.array(z.string()),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  providerApiKey: z.enum(['unchanged', 'set', 'removed']),
});
export type TChatSettingsChangedData = z.infer<typeof ZChatSettingsChangedDataSchema>;

/**
 * A company news item was created, changed or deleted (admin service). Carries what other services may show of it
 * (the chat assistants mention published titles); the text stays with the admin service.
 */
export const ZNewsChangedDataSchema = z.object({
  newsId: z.uuid(),
  title: z.string(),
  isPublished: z.boolean(),
  deleted: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  changedAt: z.iso.datetime({ offset: true }),
});
export type TNewsChangedData = z.infer<typeof ZNewsChangedDataSchema>;

/** Every event type the platform publishes, with the schema of its data. */
export const EVENT_SCHEMAS = {
  'document.changed': ZDocumentChangedDataSchema,
  'user.registered': ZUserRegisteredDataSchema,
  'user.updated': ZUserUpdatedDataSchema,
  'user.deleted': ZUserDeletedDataSchema,
  'account.closing_started': ZAccountClosingStartedDataSchema,
  'news.changed': ZNewsChangedDataSchema,
  'user.changed_by_admin': ZUserChangedByAdminDataSchema,
  'password_reset.requested': ZPasswordResetRequestedDataSchema,
  'password_reset.completed': ZPasswordResetCompletedDataSchema,
  'submission.approved': ZSubmissionApprovedDataSchema,
  'submission.rejected': ZSubmissionRejectedDataSchema,
  'submission.submitted': ZSubmissionSubmittedDataSchema,
  'submission.claim_taken_over': ZSubmissionClaimTakenOverDataSchema,
  'assignment.created': ZAssignmentCreatedDataSchema,
  'assignment.released': ZAssignmentReleasedDataSchema,
  'assignment.returned': ZAssignmentReturnedDataSchema,
  'submission.appealed': ZSubmissionAppealedDataSchema,
  'appeal.decided': ZAppealDecidedDataSchema,
  'assignment.cancelled': ZAssignmentCancelledDataSchema,
  'task_request.decided': ZTaskRequestDecidedDataSchema,
  'task.saved': ZTaskSavedDataSchema,
  'task.deleted': ZTaskDeletedDataSchema,
  'task.topped_up': ZTaskToppedUpDataSchema,
  'settings.changed': ZSettingsChangedDataSchema,
  'withdrawal.requested': ZWithdrawalRequestedDataSchema,
  'withdrawal.decided': ZWithdrawalDecidedDataSchema,
  'balance.adjusted': ZBalanceAdjustedDataSchema,
  'balance.given_up': ZBalanceGivenUpDataSchema,
  'verification.submitted': ZVerificationSubmittedDataSchema,
  'verification.decided': ZVerificationDecidedDataSchema,
  'verification.file_viewed': ZVerificationFileViewedDataSchema,
  'chat_settings.changed': ZChatSettingsChangedDataSchema,
  'support.reply_email_requested': ZSupportReplyEmailRequestedDataSchema,
  'support_conversation.changed': ZSupportConversationChangedDataSchema,
  'support.first_response': ZSupportFirstResponseDataSchema,
  'review_template.changed': ZReviewTemplateChangedDataSchema,
} as const;
export type TEventType = keyof typeof EVENT_SCHEMAS;
export type TEventData<K extends TEventType> = z.infer<(typeof EVENT_SCHEMAS)[K]>;

/**
 * The version writeEvent stamps on each type's events (types not listed: 1). Raise it only with a breaking change of
 * the data (CONTRIBUTING.md "Changing a contract"), keeping the previous version's schema in PREVIOUS_EVENT_SCHEMAS
 * and every consumer reading both until no event of the previous version can arrive. `npm run lint` compares both
 * with the released contracts (packages/contracts/released/events.json).
 */
export const EVENT_VERSIONS: Partial<Record<TEventType, number>> = {};

/** The data schema of each earlier version still readable, by type and version (none today: every type is at 1). */
export const PREVIOUS_EVENT_SCHEMAS: Partial<Record<TEventType, Readonly<Record<number, z.ZodType>>>> = {};

/** The version events of `type` are written at now. */
export function eventVersionOf(type: TEventType): number {
  return EVENT_VERSIONS[type] ?? 1;
}

/**
 * The data schema of `type` at `version`: the current one for the current version (and for a newer one, which may
 * only have added optional fields), the kept one for an earlier version, undefined for an earlier version no longer kept.
 */
export function eventDataSchemaOf(type: string, version: number): z.ZodType | undefined {
  if (!Object.hasOwn(EVENT_SCHEMAS, type)) return undefined;
  const current = (EVENT_SCHEMAS as Record<string, z.ZodType>)[type]!;
  if (version >= eventVersionOf(type as TEventType)) return current;
  return PREVIOUS_EVENT_SCHEMAS[type as TEventType]?.[version];
}

/**
 * Parses an envelope and, for a known type, its data with the schema of the envelope's version; throws a ZodError on
 * a malformed event or an error on a version no longer readable.
 */
export function parseEvent(raw: unknown): TEventEnvelope {
  const envelope = ZEventEnvelopeSchema.parse(raw);
  if (!Object.hasOwn(EVENT_SCHEMAS, envelope.type)) return envelope;
  const schema = eventDataSchemaOf(envelope.type, envelope.version);
  if (!schema) throw new Error(`${envelope.type} version ${envelope.version} is no longer readable (now ${eventVersionOf(envelope.type as TEventType)})`);
  return { ...envelope, data: schema.parse(envelope.data) };
}
