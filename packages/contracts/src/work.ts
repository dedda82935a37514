import { z } from 'zod';
import { ZTextSchema } from './common.js';
import { fieldIssueCode } from './errors.js';
import { checkRanges, PAGE_QUERY_SHAPE, sortsOf, ZDateBoundSchema, ZPageSchema, ZSortSchema, ZUserSearchSchema } from './paging.js';

/**
 * The work service's API (spec 02 "Tasks", spec 03 "Task Requests", "Task Submissions", "Task Management",
 * "Task Packages"). Amounts are decimal strings with 2 decimals; dates are ISO strings; a due date is a
 * calendar date `YYYY-MM-DD` (UTC).
 */

export const TASK_STATUSES = ['available', 'pending', 'assigned', 'in_progress', 'submitted', 'completed', 'cancelled'] as const;
export const ZTaskStatusSchema = z.enum(TASK_STATUSES);
export type TTaskStatus = z.infer<typeof ZTaskStatusSchema>;

/** assigned -> (in_progress) -> submitted -> completed | rejected (Needs Revision, may resubmit); cancelled by an admin or the time limit. */
/** `returned`: the worker handed the task back before submitting (issue 29): no penalty, the task is on the board again. */
export const ASSIGNMENT_STATUSES = ['assigned', 'in_progress', 'submitted', 'completed', 'rejected', 'cancelled', 'returned'] as const;
export const ZAssignmentStatusSchema = z.enum(ASSIGNMENT_STATUSES);
export type TAssignmentStatus = z.infer<typeof ZAssignmentStatusSchema>;

export const TASK_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ZTaskRequestStatusSchema = z.enum(TASK_REQUEST_STATUSES);
export type TTaskRequestStatus = z.infer<typeof ZTaskRequestStatusSchema>;

export const REQUIRED_TASK_FIELDS_MESSAGE = 'Please fill in all required fields';
import {
  CONTROL_MATCH_MODES,
  ESTIMATED_MINUTES_MAX,
  MAX_ACCEPTANCE_CRITERIA,
  MAX_CONTROL_ANSWER_LENGTH,
  MAX_APPEAL_DECISION_REASON_LENGTH,
  MAX_APPEAL_STATEMENT_LENGTH,
  MAX_CRITERION_LENGTH,
  MAX_REJECTION_REASON_LENGTH,
  MAX_RETURN_REASON_LENGTH,
  normaliseControlAnswer,
  TASK_SLOTS_MAX,
} from './constants.js';
export {
  ADMIN_TASK_ASSIGNMENTS_SHOWN,
  centsToAmount,
  CONTROL_MATCH_MODES,
  controlAnswerMatches,
  MAX_CONTROL_ANSWER_LENGTH,
  normaliseControlAnswer,
  type TControlMatch,
  ESTIMATED_MINUTES_MAX,
  hourlyRateCents,
  MAX_ACCEPTANCE_CRITERIA,
  MAX_APPEAL_DECISION_REASON_LENGTH,
  MAX_APPEAL_STATEMENT_LENGTH,
  MAX_CRITERION_LENGTH,
  MAX_REJECTION_REASON_LENGTH,
  MAX_RETURN_REASON_LENGTH,
  MAX_SUBMISSION_FILES,
  MAX_SUBMISSION_FILE_BYTES,
  MAX_UPLOAD_IMAGE_PIXELS,
  MEDIAN_APPROVALS_NEEDED,
  SUBMISSION_ACCEPT,
  TASK_SLOTS_MAX,
} from './constants.js';
export const SUBMISSION_TEXT_MAX_LENGTH = 20_000;

const requiredText = (label: string, max: number, tooLong: string) =>
  ZTextSchema(label, { error: REQUIRED_TASK_FIELDS_MESSAGE }).trim().min(1, REQUIRED_TASK_FIELDS_MESSAGE).max(max, tooLong);

/** A reward as text: at least 0, at most 2 decimals, fits numeric(10,2). */
export const ZRewardSchema = ZTextSchema('Reward', { error: REQUIRED_TASK_FIELDS_MESSAGE })
  .trim()
  .min(1, REQUIRED_TASK_FIELDS_MESSAGE)
  .regex(/^\d{1,8}(\.\d{1,2})?$/, 'Reward must be a number of at least 0 with at most 2 decimals');

/** A due date: `YYYY-MM-DD` or an ISO date-time (the client sends midnight UTC); kept as the UTC calendar date. */
export const ZDueDateSchema = ZTextSchema('Due date', { error: 'Due date must be a date' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/, 'Due date must be a date')
  .transform((value, ctx) => {
    const day = value.slice(0, 10);
    const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
    // 2030-02-31 would silently become 3 March: the calendar day must exist.
    if (Number.isNaN(date.getTime()) || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) {
      ctx.addIssue({ code: 'custom', message: 'Due date must be a date' });
      return z.NEVER;
    }
    return date.toISOString().slice(0, 10);
  });

const ZSortOrderSchema = z.number({ error: 'Sort order must be a whole number of at least 0' }).int('Sort order must be a whole number of at least 0').min(0, 'Sort order must be a whole number of at least 0').max(1_000_000);
const ZTimeLimitSchema = z
  .number({ error: 'Time limit must be a whole number of minutes above 0' })
  .int('Time limit must be a whole number of minutes above 0')
  .positive('Time limit must be a whole number of minutes above 0')
  .max(525_600, 'Time limit cannot exceed one year');

/** The minutes a task is estimated to take (issue 29): required on creation; the pay per hour follows from it. */
export const ESTIMATED_MINUTES_MESSAGE = `Estimated time must be a whole number of minutes from 1 to ${ESTIMATED_MINUTES_MAX}`;
const ZEstimatedMinutesSchema = z
  .number({ error: (issue) => (issue.input === undefined ? REQUIRED_TASK_FIELDS_MESSAGE : ESTIMATED_MINUTES_MESSAGE) })
  .int(ESTIMATED_MINUTES_MESSAGE)
  .min(1, ESTIMATED_MINUTES_MESSAGE)
  .max(ESTIMATED_MINUTES_MAX, ESTIMATED_MINUTES_MESSAGE);

/** How many workers the task takes (1 when not sent): a whole number from 1 to TASK_SLOTS_MAX, never text. */
export const TASK_SLOTS_MESSAGE = `Slots must be a whole number from 1 to ${TASK_SLOTS_MAX}`;
const ZTaskSlotsSchema = z.number({ error: TASK_SLOTS_MESSAGE }).int(TASK_SLOTS_MESSAGE).min(1, TASK_SLOTS_MESSAGE).max(TASK_SLOTS_MAX, TASK_SLOTS_MESSAGE);

/**
 * A task's acceptance criteria (issue 29): a short numbered list (criterion 1 is the first item) that a rejection
 * cites by number. Each item one non-blank text; blank items are refused rather than dropped, so numbers never shift.
 */
export const ZAcceptanceCriteriaSchema = z
  .array(
    ZTextSchema('Acceptance criterion', { error: 'Each acceptance criterion must be text' })
      .trim()
      .min(1, 'An acceptance criterion cannot be blank')
      .max(MAX_CRITERION_LENGTH, `Each acceptance criterion must be at most ${MAX_CRITERION_LENGTH} characters`),
    { error: 'Acceptance criteria must be a list of texts' },
  )
  .max(MAX_ACCEPTANCE_CRITERIA, `A task has at most ${MAX_ACCEPTANCE_CRITERIA} acceptance criteria`);

/**
 * A control task's known answer (issue 30 item 5), admin-only: each submission's text is checked against it when
 * submitted (see CONTROL_MATCH_MODES; `normalised` unless said). Never in a worker's answer, an export or an event.
 */
export const CONTROL_ANSWER_REQUIRED_MESSAGE = 'Enter the expected answer of the control task';
export const ZControlMatchSchema = z.enum(CONTROL_MATCH_MODES, { error: 'Match must be exact or normalised' });
export const ZTaskControlRequestSchema = z.strictObject(
  {
    expectedAnswer: ZTextSchema('Expected answer', { error: CONTROL_ANSWER_REQUIRED_MESSAGE })
      .trim()
      .min(1, CONTROL_ANSWER_REQUIRED_MESSAGE)
      .max(MAX_CONTROL_ANSWER_LENGTH, `The expected answer must be at most ${MAX_CONTROL_ANSWER_LENGTH} characters`)
      // Only invisible characters (zero-width spaces, direction marks) would never match anything once normalised.
      .refine((value) => value.length > MAX_CONTROL_ANSWER_LENGTH || normaliseControlAnswer(value) !== '', {
        message: 'The expected answer must contain visible characters',
        params: fieldIssueCode('FIELD.INVALID'),
      }),
    match: ZControlMatchSchema.default('normalised'),
  },
  // Not an object at all (text, a list, true): said plainly; an unknown key keeps its own "Unknown field(s)" answer.
  { error: (issue) => (issue.code === 'invalid_type' ? 'Control must be an object with the expected answer' : undefined) },
);
export type TTaskControlRequest = z.input<typeof ZTaskControlRequestSchema>;

export const ZCreateTaskRequestSchema = z.strictObject({
  title: requiredText('Title', 200, 'Title is too long'),
  description: requiredText('Description', 10_000, 'Description is too long'),
  reward: ZRewardSchema,
  submissionInstructions: requiredText('Submission instructions', 10_000, 'Submission instructions are too long'),
  dueDate: ZDueDateSchema.nullable().optional(),
  sortOrder: ZSortOrderSchema.optional(),
  timeLimitMinutes: ZTimeLimitSchema.nullable().optional(),
  requiresApproval: z.boolean({ error: 'requiresApproval must be true or false' }).optional(),
  estimatedMinutes: ZEstimatedMinutesSchema,
  /** How many workers may do the task, each once (1 when not sent); on edit not below those holding or having completed a slot. */
  slots: ZTaskSlotsSchema.optional(),
  acceptanceCriteria: ZAcceptanceCriteriaSchema.optional(),
  /** Makes the task a control task with this expected answer; null (on edit) makes it an ordinary task again. */
  control: ZTaskControlRequestSchema.nullable().optional(),
});
export type TCreateTaskRequest = z.infer<typeof ZCreateTaskRequestSchema>;

/** Edit: any subset of the create fields; a field that is sent must be valid (required ones non-blank). */
export const ZUpdateTaskRequestSchema = ZCreateTaskRequestSchema.partial();
export type TUpdateTaskRequest = z.infer<typeof ZUpdateTaskRequestSchema>;

export const ZSubmissionFileSchema = z.object({
  id: z.uuid(),
  /** The server-generated stored name; open it with GET /api/files/{fileName}. */
  fileName: z.string(),
  /** The name the file had on the worker's device (display only). */
  originalName: z.string(),
  fileType: z.string(),
  fileSize: z.number().int(),
  /**
   * True for a video stored as sent, whose metadata (location, device, time) could not be removed; images are
   * always stored re-encoded without metadata (false). The admin's review shows a note.
   */
  metadataKept: z.boolean().optional(),
  url: z.string(),
  createdAt: z.string(),
});
export type TSubmissionFile = z.infer<typeof ZSubmissionFileSchema>;

/** A user as the work service knows them (its copy from user events); unknown users have empty names. */
export const ZWorkUserSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type TWorkUser = z.infer<typeof ZWorkUserSchema>;

/** An assignment as its worker (or an admin) reads it. */
export const ZAssignmentSchema = z.object({
  id: z.uuid(),
  taskId: z.uuid(),
  userId: z.uuid(),
  status: ZAssignmentStatusSchema,
  submission: z.string().nullable(),
  assignedAt: z.string(),
  /** assignedAt + the task's time limit, when it has one. */
  expiresAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** true when approved by the auto-approval job. */
  autoApproved: z.boolean(),
  cancellationReason: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** When the worker handed the task back, and the reason they gave (optional). */
  returnedAt: z.string().nullable(),
  returnReason: z.string().nullable(),
  /** True while the worker's appeal of its rejection waits for an admin (shown as Under appeal). */
  underAppeal: z.boolean(),
  files: z.array(ZSubmissionFileSchema),
});
export type TAssignment = z.infer<typeof ZAssignmentSchema>;

/** POST /api/tasks/{id}/return: no body, an empty object, or an optional reason. */
export const ZReturnTaskRequestSchema = z
  .strictObject({
    reason: ZTextSchema('Reason').trim().max(MAX_RETURN_REASON_LENGTH, `Reason must be at most ${MAX_RETURN_REASON_LENGTH} characters`).optional(),
  })
  .optional()
  .nullable();
export type TReturnTaskRequest = z.infer<typeof ZReturnTaskRequestSchema>;

export const ZReturnTaskResponseSchema = z.object({ message: z.string(), assignment: ZAssignmentSchema });
export type TReturnTaskResponse = z.infer<typeof ZReturnTaskResponseSchema>;

/**
 * What a task pays per hour (issue 29): before MEDIAN_APPROVALS_NEEDED approved submissions, from the admin's estimate
 * (`basis: 'estimate'`, "estimated by the platform"); from then on from the median real time, taken to submitted, of
 * the approved assignments (`basis: 'median'`, "about N min, $X/h (from M workers)").
 */
export const ZTaskPaySchema = z.object({
  basis: z.enum(['estimate', 'median']),
  /** The minutes the figure is computed from: the estimate, or the median real time rounded to whole minutes (at least 1). */
  minutes: z.number().int(),
  /** The reward per hour, USD, 2 decimals (rounded down). */
  hourlyRate: z.string(),
  /** How many approved submissions the median is taken over (0 while the basis is the estimate). */
  workers: z.number().int().nonnegative(),
});
export type TTaskPay = z.infer<typeof ZTaskPaySchema>;

const taskCoreShape = {
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  submissionInstructions: z.string().nullable(),
  reward: z.string(),
  status: ZTaskStatusSchema,
  sortOrder: z.number().int(),
  dueDate: z.string().nullable(),
  timeLimitMinutes: z.number().int().nullable(),
  requiresApproval: z.boolean(),
  /** The admin's estimate of the minutes the task takes. */
  estimatedMinutes: z.number().int(),
  /** How many workers the task takes, each at most once (1 to TASK_SLOTS_MAX). */
  slots: z.number().int(),
  pay: ZTaskPaySchema,
  /** The numbered acceptance criteria (criterion n is item n-1); a rejection cites them by number. */
  acceptanceCriteria: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** A control task's expected answer as the admin reads it (never sent to a worker). */
export const ZTaskControlSchema = z.object({
  expectedAnswer: z.string(),
  match: ZControlMatchSchema,
  /** When and by which admin the expected answer was last set. */
  setAt: z.string(),
  setBy: z.string().nullable(),
});
export type TTaskControl = z.infer<typeof ZTaskControlSchema>;

/** An assignment of a task as the admin's task list shows it. */
export const ZAdminTaskAssignmentSchema = z.object({ id: z.uuid(), status: ZAssignmentStatusSchema, assignedAt: z.string(), submittedAt: z.string().nullable() });

/** GET /api/admin/tasks items. */
export const ZAdminTaskSchema = z.object({
  ...taskCoreShape,
  createdBy: z.string().nullable(),
  /** Set on a control task (issue 30 item 5): its expected answer; null on an ordinary task. */
  control: ZTaskControlSchema.nullable(),
  /** The worker of the latest assignment holding (or having completed) a slot of the task (the first of `assignments`). */
  assignedUser: ZWorkUserSchema.nullable(),
  assignment: ZAdminTaskAssignmentSchema.nullable(),
  /** How many assignments hold a slot or completed one (shown as filled/slots); returned and cancelled ones free theirs. */
  filledSlots: z.number().int().nonnegative(),
  /** The latest ADMIN_TASK_ASSIGNMENTS_SHOWN of those assignments, newest first, each with its worker (filledSlots counts them all). */
  assignments: z.array(ZAdminTaskAssignmentSchema.extend({ user: ZWorkUserSchema.nullable() })),
  /** How many times workers handed this task back (a task many return is unclear). */
  returns: z.number().int().nonnegative(),
  /** true for a task created before estimates existed: its estimatedMinutes is the migration's default, not a real estimate. */
  estimateMissing: z.boolean(),
  /** true when the median real time shows the task pays under the minimum_hourly_rate setting (approved submissions are topped up). */
  underpaid: z.boolean(),
});
export type TAdminTask = z.infer<typeof ZAdminTaskSchema>;

/** ?search: part of a title, case-insensitive, at least 3 characters (a trigram index serves it). */
const ZTitleSearchSchema = ZTextSchema('search')
  .trim()
  .min(3, 'search must be at least 3 characters')
  .max(200, 'search is too long (at most 200 characters)')
  .optional();

/** The sorts of the admin's task list: the admin's order (sortOrder, then oldest first), reward, creation time. */
export const ADMIN_TASK_SORTS = sortsOf(['sortOrder', 'reward', 'createdAt', 'hourlyRate'] as const);
export type TAdminTaskSort = (typeof ADMIN_TASK_SORTS)[number];

/**
 * GET /api/admin/tasks?status&search&sort&pageSize&cursor (the paging convention of paging.ts): by default in the
 * admin's order, sortOrder (0 on top), then oldest first (keyset on sortOrder, createdAt, id); search is part of the
 * title.
 */
export const ZAdminTasksQuerySchema = z.strictObject({
  status: z.enum(TASK_STATUSES, { error: `status must be one of ${TASK_STATUSES.join(', ')}` }).optional(),
  search: ZTitleSearchSchema,
  sort: ZSortSchema(ADMIN_TASK_SORTS),
  /** true: only the tasks whose median real time pays under the minimum_hourly_rate setting (the dashboard's flag). */
  underpaid: z.enum(['true', 'false'], { error: 'underpaid must be true or false' }).optional(),
  ...PAGE_QUERY_SHAPE,
});
export type TAdminTasksQuery = z.output<typeof ZAdminTasksQuerySchema>;
export const ZAdminTaskPageSchema = ZPageSchema(ZAdminTaskSchema);
export type TAdminTaskPage = z.infer<typeof ZAdminTaskPageSchema>;

export const ZUserTaskRequestSchema = z.object({
  id: z.uuid(),
  status: ZTaskRequestStatusSchema,
  requestedAt: z.string(),
  reason: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type TUserTaskRequest = z.infer<typeof ZUserTaskRequestSchema>;

export const APPEAL_STATUSES = ['pending', 'upheld', 'overturned'] as const;
export const ZAppealStatusSchema = z.enum(APPEAL_STATUSES);
export type TAppealStatus = z.infer<typeof ZAppealStatusSchema>;

/** An appeal as its worker reads it. */
export const ZAppealSchema = z.object({
  id: z.uuid(),
  status: ZAppealStatusSchema,
  statement: z.string(),
  appealedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The deciding admin's reason (required when upheld). */
  decisionReason: z.string().nullable(),
});
export type TAppeal = z.infer<typeof ZAppealSchema>;

/** GET /api/tasks items: the task with the calling worker's own fields merged in (never another worker's). */
export const ZWorkerTaskSchema = z.object({
  ...taskCoreShape,
  /** The status of the worker's latest assignment on this task ('pending' while their task request waits); null if none. */
  userStatus: z.union([ZAssignmentStatusSchema, z.literal('pending')]).nullable(),
  /** The worker's submission text (same as `submission`). */
  userSubmission: z.string().nullable(),
  submission: z.string().nullable(),
  submittedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  assignedAt: z.string().nullable(),
  userAssignment: ZAssignmentSchema.nullable(),
  userRequest: ZUserTaskRequestSchema.nullable(),
  /**
   * While the worker's submission waits for review: when the auto-approval job approves it if no admin has
   * (submittedAt + the auto_approval_days setting, from the server's clock and setting); otherwise null.
   */
  autoApproveAt: z.string().nullable(),
  /** The criteria (numbers) the latest rejection of the worker's submission named; [] otherwise. */
  rejectedCriteria: z.array(z.number().int()),
  /** While the rejection may be appealed (no appeal yet): the end of the appeal window; otherwise null. */
  appealableUntil: z.string().nullable(),
  /** The worker's appeal of the latest rejection ('pending' is shown as Under appeal), or null. */
  appeal: ZAppealSchema.nullable(),
});
export type TWorkerTask = z.infer<typeof ZWorkerTaskSchema>;
export const ZWorkerTaskListSchema = z.array(ZWorkerTaskSchema);

/** The sorts of the worker's task list: pay per hour (the platform's figure, `pay.hourlyRate`) either way. */
export const WORKER_TASK_SORTS = sortsOf(['hourlyRate'] as const);
export type TWorkerTaskSort = (typeof WORKER_TASK_SORTS)[number];
/** GET /api/tasks?sort: absent is the board's order (sortOrder, then oldest first). */
export const ZWorkerTasksQuerySchema = z.strictObject({ sort: ZSortSchema(WORKER_TASK_SORTS) });
export type TWorkerTasksQuery = z.output<typeof ZWorkerTasksQuerySchema>;

/**
 * GET /api/tasks holds the worker's completed tasks up to this many, the latest first (a worker's history grows without
 * end; every reward stays in the ledger statement). The number of all of them is in the header below.
 */
export const WORKER_DONE_TASKS_SHOWN = 50;
export const COMPLETED_TOTAL_HEADER = 'x-completed-total';

/** GET /api/tasks/completed items: one of the calling worker's completed assignments with its task. */
export const ZCompletedTaskSchema = z.object({
  /** The assignment's id. */
  id: z.uuid(),
  taskId: z.uuid(),
  title: z.string(),
  reward: z.string(),
  submittedAt: z.string().nullable(),
  completedAt: z.string(),
  /** true when approved by the auto-approval job. */
  autoApproved: z.boolean(),
});
export type TCompletedTask = z.infer<typeof ZCompletedTaskSchema>;

/**
 * GET /api/tasks/completed?pageSize&cursor (the paging convention of paging.ts): every task the calling worker
 * completed, newest first (keyset on completedAt, id); only the caller's own.
 */
export const ZCompletedTasksQuerySchema = z.strictObject({ ...PAGE_QUERY_SHAPE });
export type TCompletedTasksQuery = z.output<typeof ZCompletedTasksQuerySchema>;
export const ZCompletedTaskPageSchema = ZPageSchema(ZCompletedTaskSchema);
export type TCompletedTaskPage = z.infer<typeof ZCompletedTaskPageSchema>;

/** POST /api/tasks/{id}/take: an assignment (201), or for a task that requires approval a pending request (202). */
export const ZTakeTaskResponseSchema = z.object({
  message: z.string(),
  status: z.enum(['assigned', 'pending']),
  assignment: ZAssignmentSchema.nullable(),
  request: ZUserTaskRequestSchema.nullable(),
});
export type TTakeTaskResponse = z.infer<typeof ZTakeTaskResponseSchema>;

export const ZSubmitTaskResponseSchema = z.object({ message: z.string(), assignment: ZAssignmentSchema });
export type TSubmitTaskResponse = z.infer<typeof ZSubmitTaskResponseSchema>;

/**
 * The automatic check of a control task's submission (issue 30 item 5), made when it was submitted: the reviewer sees
 * it beside the work and decides as for any submission. `counted`: the assignment's first checked answer, the one that
 * counts toward the worker's control accuracy (a resubmission after a rejection is checked, not counted again).
 */
export const ZControlCheckSchema = z.object({
  matched: z.boolean(),
  match: ZControlMatchSchema,
  /** The expected answer it was compared with (as set when the submission came in). */
  expectedAnswer: z.string(),
  checkedAt: z.string(),
  counted: z.boolean(),
});
export type TControlCheck = z.infer<typeof ZControlCheckSchema>;

/* ---- Who is reviewing what (issue 30) ---- */

/** How long a claim lasts without a renewal (the service's SUBMISSION_CLAIM_SECONDS, default 300). */
export const SUBMISSION_CLAIM_SECONDS_DEFAULT = 300;

/**
 * A live claim on a submission: the admin reviewing it until expiresAt (renewed while the review is open). adminName
 * is the admin's full name from the users copy (their e-mail, or '' when the copy does not know them yet).
 */
export const ZSubmissionClaimSchema = z.object({ adminId: z.uuid(), adminName: z.string(), expiresAt: z.string() });
export type TSubmissionClaim = z.infer<typeof ZSubmissionClaimSchema>;

/** GET /api/admin/submissions items and GET /api/admin/submissions/{id}; id is the assignment id. */
export const ZAdminSubmissionSchema = z.object({
  id: z.uuid(),
  taskId: z.uuid(),
  taskTitle: z.string(),
  taskDescription: z.string(),
  taskReward: z.string(),
  userId: z.uuid(),
  userFirstName: z.string(),
  userLastName: z.string(),
  userEmail: z.string(),
  status: ZAssignmentStatusSchema,
  submission: z.string().nullable(),
  submittedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  autoApproved: z.boolean(),
  files: z.array(ZSubmissionFileSchema),
  /** The task's submission instructions (what the worker was asked to hand in; the review cockpit shows them). */
  taskSubmissionInstructions: z.string().nullable(),
  /** The task's numbered acceptance criteria (what a rejection may cite), and those the rejection cited. */
  taskAcceptanceCriteria: z.array(z.string()),
  rejectedCriteria: z.array(z.number().int()),
  /** The control check of the latest (re)submission, when the task was a control task then; otherwise null. */
  controlCheck: ZControlCheckSchema.nullable(),
  /** Who is reviewing it now (issue 30): the admin holding a live claim, else null. */
  claim: ZSubmissionClaimSchema.nullable(),
});
export type TAdminSubmission = z.infer<typeof ZAdminSubmissionSchema>;
export const ZAdminSubmissionListSchema = z.array(ZAdminSubmissionSchema);

/** The sorts of the submissions awaiting review: their submission time (oldest first by default, or newest first). */
export const ADMIN_SUBMISSION_SORTS = sortsOf(['submittedAt'] as const);
export type TAdminSubmissionSort = (typeof ADMIN_SUBMISSION_SORTS)[number];

/**
 * GET /api/admin/submissions?user&taskId&from&to&sort&pageSize&cursor (the paging convention of paging.ts):
 * submissions awaiting review, oldest first unless sort=submittedAt.desc (keyset on submittedAt, id); from/to bound
 * the submission time; user is part of the worker's e-mail or full name.
 */
export const ZAdminSubmissionsQuerySchema = z
  .strictObject({
    user: ZUserSearchSchema('user'),
    taskId: z.uuid({ error: 'taskId must be a task id' }).optional(),
    from: ZDateBoundSchema('from'),
    to: ZDateBoundSchema('to'),
    sort: ZSortSchema(ADMIN_SUBMISSION_SORTS),
    ...PAGE_QUERY_SHAPE,
  })
  .superRefine(checkRanges);
export type TAdminSubmissionsQuery = z.output<typeof ZAdminSubmissionsQuerySchema>;
export const ZAdminSubmissionPageSchema = ZPageSchema(ZAdminSubmissionSchema);
export type TAdminSubmissionPage = z.infer<typeof ZAdminSubmissionPageSchema>;

export const ZReviewResponseSchema = z.object({ message: z.string(), submission: ZAdminSubmissionSchema });

export const ZRejectSubmissionRequestSchema = z.strictObject({
  reason: ZTextSchema('Rejection reason', { error: 'Rejection reason is required' }).trim().min(1, 'Rejection reason is required').max(MAX_REJECTION_REASON_LENGTH, 'Rejection reason is too long'),
  /** The reason template the reason was made from (issue 30), as picked; it counts one use of it. The text may be edited. */
  templateId: z.uuid({ error: 'templateId must be a template id' }).optional(),
  /** The numbers of the acceptance criteria not met (1 = the first); required when the task has criteria. */
  criteria: z
    .array(z.number({ error: 'Criteria must be numbers' }).int('Criteria must be whole numbers').min(1, 'Criteria are numbered from 1').max(MAX_ACCEPTANCE_CRITERIA, 'Unknown criterion'), {
      error: 'Criteria must be a list of numbers',
    })
    .max(MAX_ACCEPTANCE_CRITERIA, 'Too many criteria')
    .refine((list) => new Set(list).size === list.length, { message: 'Each criterion may be named once', params: fieldIssueCode('FIELD.INVALID') })
    .optional(),
});
export type TRejectSubmissionRequest = z.infer<typeof ZRejectSubmissionRequestSchema>;

export const ZCancelAssignmentRequestSchema = z.strictObject({
  reason: ZTextSchema('Cancellation reason', { error: 'Cancellation reason is required' }).trim().min(1, 'Cancellation reason is required').max(2_000, 'Cancellation reason is too long'),
});
export type TCancelAssignmentRequest = z.infer<typeof ZCancelAssignmentRequestSchema>;
export const ZCancelAssignmentResponseSchema = z.object({ message: z.string(), assignment: ZAssignmentSchema });

/** GET /api/admin/task-requests items (spec 03 "Task request"). balance is owned by payouts: null here. */
export const ZTaskRequestSchema = z.object({
  id: z.uuid(),
  taskId: z.uuid(),
  userId: z.uuid(),
  status: ZTaskRequestStatusSchema,
  requestedAt: z.string(),
  submission: z.string().nullable(),
  reason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), balance: z.string().nullable() }),
  task: z.object({ title: z.string(), reward: z.string(), description: z.string(), dueDate: z.string().nullable() }),
});
export type TTaskRequest = z.infer<typeof ZTaskRequestSchema>;

/**
 * GET /api/admin/task-requests?status&user&from&to&pageSize&cursor (the paging convention of paging.ts): newest
 * first (keyset on requestedAt, id); from/to bound the request time; user is part of the worker's e-mail or name.
 */
export const ZTaskRequestsQuerySchema = z
  .strictObject({
    status: z.enum(TASK_REQUEST_STATUSES, { error: `status must be one of ${TASK_REQUEST_STATUSES.join(', ')}` }).optional(),
    user: ZUserSearchSchema('user'),
    from: ZDateBoundSchema('from'),
    to: ZDateBoundSchema('to'),
    ...PAGE_QUERY_SHAPE,
  })
  .superRefine(checkRanges);
export type TTaskRequestsQuery = z.output<typeof ZTaskRequestsQuerySchema>;
export const ZTaskRequestPageSchema = ZPageSchema(ZTaskRequestSchema);
export type TTaskRequestPage = z.infer<typeof ZTaskRequestPageSchema>;

/**
 * GET /api/admin/task-requests/stats: the Task Requests screen's cards (spec 03), over all requests, not a page.
 * approved is counted up to TOTAL_COUNT_CAP (approvedExact false beyond it); pending requests are one per task at most.
 */
export const ZTaskRequestStatsSchema = z.object({
  pending: z.number().int(),
  approved: z.number().int(),
  approvedExact: z.boolean(),
  /** The sum of the pending requests' task rewards, 2 decimals. */
  pendingRewards: z.string(),
});
export type TTaskRequestStats = z.infer<typeof ZTaskRequestStatsSchema>;

export const ZDecideTaskRequestRequestSchema = z.strictObject({
  status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected' }),
  reason: ZTextSchema('Reason').trim().max(2_000, 'Reason is too long').nullable().optional(),
});
export type TDecideTaskRequestRequest = z.infer<typeof ZDecideTaskRequestRequestSchema>;
export const ZDecideTaskRequestResponseSchema = z.object({ message: z.string(), request: ZTaskRequestSchema });

/** Task packages (spec 03). */
export const ZTaskPackageRequestSchema = z.strictObject({
  name: ZTextSchema('Package name', { error: 'Package name is required' }).trim().min(1, 'Package name is required').max(200, 'Package name is too long'),
  description: ZTextSchema('Description').trim().max(5_000, 'Description is too long').nullable().optional(),
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
});
export type TTaskPackageRequest = z.infer<typeof ZTaskPackageRequestSchema>;

export const ZAddPackageTaskRequestSchema = z.strictObject({
  taskId: ZTextSchema('Task', { error: 'Please select a task' }).trim().min(1, 'Please select a task').max(100),
  sortOrder: ZSortOrderSchema.optional(),
});
export type TAddPackageTaskRequest = z.infer<typeof ZAddPackageTaskRequestSchema>;

export const ZPackageTaskSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  reward: z.string(),
  dueDate: z.string().nullable(),
  status: ZTaskStatusSchema,
  /** Position in the package (0 on top). */
  sortOrder: z.number().int(),
});
export type TPackageTask = z.infer<typeof ZPackageTaskSchema>;

export const ZTaskPackageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  taskCount: z.number().int(),
});
export type TTaskPackage = z.infer<typeof ZTaskPackageSchema>;

/**
 * GET /api/admin/task-packages?active&search&pageSize&cursor (the paging convention of paging.ts): oldest first
 * (keyset on createdAt, id); active 'true' or 'false'; search is part of the name.
 */
export const ZTaskPackagesQuerySchema = z.strictObject({
  active: z.enum(['true', 'false'], { error: 'active must be true or false' }).optional(),
  search: ZTitleSearchSchema,
  ...PAGE_QUERY_SHAPE,
});
export type TTaskPackagesQuery = z.output<typeof ZTaskPackagesQuerySchema>;
export const ZTaskPackagePageSchema = ZPageSchema(ZTaskPackageSchema);
export type TTaskPackagePage = z.infer<typeof ZTaskPackagePageSchema>;
export const ZTaskPackageDetailSchema = ZTaskPackageSchema.extend({ tasks: z.array(ZPackageTaskSchema) });
export type TTaskPackageDetail = z.infer<typeof ZTaskPackageDetailSchema>;
/**
 * GET /api/admin/task-packages/{id}/available-tasks?search&pageSize&cursor (the paging convention of paging.ts): the
 * tasks not in the package, in the admin's order (sortOrder, then oldest first; keyset on sortOrder, createdAt, id);
 * search is part of the title. Each item's sortOrder is the task's own.
 */
export const ZPackageAvailableTasksQuerySchema = z.strictObject({
  search: ZTitleSearchSchema,
  ...PAGE_QUERY_SHAPE,
});
export type TPackageAvailableTasksQuery = z.output<typeof ZPackageAvailableTasksQuerySchema>;
export const ZPackageTaskPageSchema = ZPageSchema(ZPackageTaskSchema);
export type TPackageTaskPage = z.infer<typeof ZPackageTaskPageSchema>;

export const ZWorkMessageSchema = z.object({ message: z.string() });

/* ---- Appeals (issue 29 item 4): a worker appeals a rejection, a different admin decides it ---- */

/** POST /api/tasks/{id}/appeal: the worker's statement. */
export const ZAppealRequestSchema = z.strictObject({
  statement: ZTextSchema('Statement', { error: 'Please explain why the rejection is wrong' })
    .trim()
    .min(1, 'Please explain why the rejection is wrong')
    .max(MAX_APPEAL_STATEMENT_LENGTH, `The statement must be at most ${MAX_APPEAL_STATEMENT_LENGTH} characters`),
});
export type TAppealRequest = z.infer<typeof ZAppealRequestSchema>;
export const ZAppealResponseSchema = z.object({ message: z.string(), appeal: ZAppealSchema });
export type TAppealResponse = z.infer<typeof ZAppealResponseSchema>;

/** GET /api/admin/appeals items. */
export const ZAdminAppealSchema = z.object({
  id: z.uuid(),
  assignmentId: z.uuid(),
  taskId: z.uuid(),
  taskTitle: z.string(),
  taskReward: z.string(),
  taskAcceptanceCriteria: z.array(z.string()),
  userId: z.uuid(),
  userFirstName: z.string(),
  userLastName: z.string(),
  userEmail: z.string(),
  submission: z.string().nullable(),
  rejectionReason: z.string(),
  rejectedCriteria: z.array(z.number().int()),
  rejectedBy: z.uuid(),
  rejectedAt: z.string(),
  statement: z.string(),
  status: ZAppealStatusSchema,
  appealedAt: z.string(),
  /** appealedAt + appeal_decision_days: after it an undecided appeal is overdue (escalated on the dashboard). */
  decideBy: z.string(),
  overdue: z.boolean(),
  decidedBy: z.uuid().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
});
export type TAdminAppeal = z.infer<typeof ZAdminAppealSchema>;

/** GET /api/admin/appeals?status&pageSize&cursor: pending ones oldest first (the queue); decided ones newest first. */
export const ZAdminAppealsQuerySchema = z.strictObject({
  status: ZAppealStatusSchema.default('pending'),
  ...PAGE_QUERY_SHAPE,
});
export type TAdminAppealsQuery = z.output<typeof ZAdminAppealsQuerySchema>;
export const ZAdminAppealPageSchema = ZPageSchema(ZAdminAppealSchema);
export type TAdminAppealPage = z.infer<typeof ZAdminAppealPageSchema>;

/** POST /api/admin/appeals/{id}/decide. */
export const ZDecideAppealRequestSchema = z
  .strictObject({
    decision: z.enum(['upheld', 'overturned'], { error: 'Decision must be upheld or overturned' }),
    reason: ZTextSchema('Reason')
      .trim()
      .max(MAX_APPEAL_DECISION_REASON_LENGTH, `Reason must be at most ${MAX_APPEAL_DECISION_REASON_LENGTH} characters`)
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.decision === 'upheld' && !body.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'A reason is required to uphold a rejection' });
  });
export type TDecideAppealRequest = z.infer<typeof ZDecideAppealRequestSchema>;
export const ZDecideAppealResponseSchema = z.object({ message: z.string(), appeal: ZAdminAppealSchema });
export type TDecideAppealResponse = z.infer<typeof ZDecideAppealResponseSchema>;

/* ---- The worker's own quality record (issue 29 item 5) ---- */

export const ZQualityReasonSchema = z.object({
  rejectionId: z.uuid(),
  taskId: z.uuid(),
  taskTitle: z.string(),
  reason: z.string(),
  /** The acceptance criteria the rejection cited: their numbers and texts. */
  criteria: z.array(z.object({ number: z.number().int(), text: z.string() })),
  rejectedAt: z.string(),
  appealStatus: ZAppealStatusSchema.nullable(),
});

/**
 * GET /api/tasks/quality: the calling worker's own record. `rejected` counts rejections that stand (never appealed,
 * or upheld); one under appeal is in `underAppeal` and not counted; an overturned one is never counted again.
 * approvalRate = approved / (approved + rejected), null before any decision. `reasons`: the latest rejections.
 */
export const ZQualityRecordSchema = z.object({
  approved: z.number().int(),
  rejected: z.number().int(),
  underAppeal: z.number().int(),
  returned: z.number().int(),
  appealsWon: z.number().int(),
  approvalRate: z.number().nullable(),
  reasons: z.array(ZQualityReasonSchema),
});
export type TQualityRecord = z.infer<typeof ZQualityRecordSchema>;
export const QUALITY_REASONS_SHOWN = 20;

/* ---- Control tasks (issue 30 item 5): the worker's control accuracy, for admins only ---- */

/**
 * A worker's answers to control tasks: `checked` control submissions (each assignment's first answer), `matched` of
 * them; accuracy = matched / checked, null before any. Admin-only: a count a worker could watch would tell them which
 * task was a control.
 */
export const ZControlAccuracySchema = z.object({
  checked: z.number().int().nonnegative(),
  matched: z.number().int().nonnegative(),
  accuracy: z.number().nullable(),
});
export type TControlAccuracy = z.infer<typeof ZControlAccuracySchema>;

/** GET /api/admin/workers/{id}/quality: the worker's quality record as they see it, and their control accuracy. */
export const ZAdminWorkerQualitySchema = ZQualityRecordSchema.extend({
  userId: z.uuid(),
  control: ZControlAccuracySchema,
});
export type TAdminWorkerQuality = z.infer<typeof ZAdminWorkerQualitySchema>;

/* ---- The review cockpit (issue 30): who is reviewing what, bulk approval as a job ---- */

/** POST/DELETE /api/admin/submissions/{id}/claim: the submission's claim after the call (null when released). */
export const ZSubmissionClaimResponseSchema = z.object({ submissionId: z.uuid(), claim: ZSubmissionClaimSchema.nullable() });
export type TSubmissionClaimResponse = z.infer<typeof ZSubmissionClaimResponseSchema>;

/** GET /api/admin/submissions/claims: every live claim (a few: one per open review), for the console's short poll. */
export const ZSubmissionClaimListSchema = z.object({ items: z.array(ZSubmissionClaimSchema.extend({ submissionId: z.uuid() })) });
export type TSubmissionClaimList = z.infer<typeof ZSubmissionClaimListSchema>;

/** The most submissions one bulk approval takes (ids given, or the matches of a filter). */
export const REVIEW_JOB_MAX_ITEMS = 10_000;

/**
 * POST /api/admin/review-jobs: approve many submissions as a job. Either `ids` (the rows selected, in the list's
 * order) or `filter` (every submission awaiting review that matches it now, oldest first: the list's filters).
 */
export const ZCreateReviewJobRequestSchema = z
  .strictObject({
    ids: z
      .array(z.uuid({ error: 'Each id must be a submission id' }), { error: 'ids must be a list of submission ids' })
      .min(1, 'Select at least one submission')
      .max(REVIEW_JOB_MAX_ITEMS, `At most ${REVIEW_JOB_MAX_ITEMS} submissions at once`)
      .refine((list) => new Set(list).size === list.length, { message: 'Each submission may be named once', params: fieldIssueCode('FIELD.INVALID') })
      .optional(),
    filter: z
      .strictObject({
        user: ZUserSearchSchema('user'),
        taskId: z.uuid({ error: 'taskId must be a task id' }).optional(),
        from: ZDateBoundSchema('from'),
        to: ZDateBoundSchema('to'),
      })
      .superRefine(checkRanges)
      .optional(),
  })
  .refine((body) => (body.ids === undefined) !== (body.filter === undefined), { message: 'Give either ids or filter', params: fieldIssueCode('FIELD.INVALID') });
export type TCreateReviewJobRequest = z.output<typeof ZCreateReviewJobRequestSchema>;

/**
 * What became of one item of a review job: pending (not processed yet), approved (by the job, the same approval as a
 * single one), already_decided (someone decided it first), spot_check (every N-th item of the selection, by the
 * bulk_spot_check_every setting: not approved, it needs an individual look), claimed (another admin is reviewing it:
 * not decided), failed (an error; `code` says which).
 */
export const REVIEW_JOB_ITEM_OUTCOMES = ['pending', 'approved', 'already_decided', 'spot_check', 'claimed', 'failed'] as const;
export type TReviewJobItemOutcome = (typeof REVIEW_JOB_ITEM_OUTCOMES)[number];

export const ZReviewJobSchema = z.object({
  id: z.uuid(),
  status: z.enum(['running', 'done']),
  createdBy: z.uuid(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The bulk_spot_check_every in force when the job was created (0: no spot checks). */
  spotCheckEvery: z.number().int(),
  total: z.number().int(),
  counts: z.object({
    approved: z.number().int(),
    alreadyDecided: z.number().int(),
    spotCheck: z.number().int(),
    claimed: z.number().int(),
    failed: z.number().int(),
    remaining: z.number().int(),
  }),
});
export type TReviewJob = z.infer<typeof ZReviewJobSchema>;

export const ZReviewJobItemSchema = z.object({
  /** 1 = the first of the selection. */
  seq: z.number().int(),
  submissionId: z.uuid(),
  outcome: z.enum(REVIEW_JOB_ITEM_OUTCOMES),
  /** failed: the error's code; claimed: null (the claimer is in claimedBy). */
  code: z.string().nullable(),
  claimedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  taskTitle: z.string(),
  userName: z.string(),
});
export type TReviewJobItem = z.infer<typeof ZReviewJobItemSchema>;

/** GET /api/admin/review-jobs/{id}/items?outcome&pageSize&cursor (paging convention): in the selection's order. */
export const ZReviewJobItemsQuerySchema = z.strictObject({
  outcome: z.enum(REVIEW_JOB_ITEM_OUTCOMES, { error: `outcome must be one of ${REVIEW_JOB_ITEM_OUTCOMES.join(', ')}` }).optional(),
  ...PAGE_QUERY_SHAPE,
});
export type TReviewJobItemsQuery = z.output<typeof ZReviewJobItemsQuerySchema>;
export const ZReviewJobItemPageSchema = ZPageSchema(ZReviewJobItemSchema);
export type TReviewJobItemPage = z.infer<typeof ZReviewJobItemPageSchema>;
