import { z } from 'zod';
import { fieldIssueCode } from './errors.js';
import { ZUserSchema } from './auth.js';
import { ROLES, ZTextSchema } from './common.js';
import { VERIFICATION_STATUSES } from './verification.js';
import { checkRanges, PAGE_QUERY_SHAPE, sortsOf, TOTAL_COUNT_CAP, ZDateBoundSchema, ZPageSchema, ZSortSchema } from './paging.js';

/* ---- System settings (admin service; spec 03 sections 3, 5, 7 and 9). ---- */

export { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, OPERATOR_SETTING_KEYS, PLATFORM_NAME_MAX_LENGTH, SYSTEM_SETTING_KEYS, TEXT_SETTING_MAX_LENGTH, type TOperatorSettingKey, type TAuditAction, type TAuditTargetType, type TSystemSettingKey } from './constants.js';

/** A stored setting as GET /api/admin/settings lists it. settingValue is text ("50.00", "3"). */
export const ZSystemSettingSchema = z.object({
  id: z.uuid(),
  settingKey: z.string(),
  settingValue: z.string(),
  description: z.string().nullable(),
  /** The admin who last changed it; null while it has its seeded default. */
  updatedBy: z.uuid().nullable(),
  updatedAt: z.string(),
});
export type TSystemSetting = z.infer<typeof ZSystemSettingSchema>;
export const ZSystemSettingListSchema = z.array(ZSystemSettingSchema);

/**
 * POST /api/admin/settings, one call per key. settingValue may be text or a number (the form's input); the key
 * and the value are checked by the service so that each gets its own message ('Unknown setting',
 * 'Value is required', 'Minimum withdrawal must be ...').
 */
export const ZUpdateSystemSettingRequestSchema = z.strictObject({
  settingKey: ZTextSchema('Setting key', { error: 'Setting key is required' }).trim().min(1, 'Setting key is required').max(100, 'Unknown setting'),
  settingValue: z.union([ZTextSchema('Value'), z.number(), z.null()], { error: 'Value must be a number' }).optional(),
  description: ZTextSchema('Description', { error: 'Description must be text' }).trim().max(500, 'Description is too long (at most 500 characters)').nullish(),
});
export type TUpdateSystemSettingRequest = z.infer<typeof ZUpdateSystemSettingRequestSchema>;

/* ---- The welcome video (admin service; spec 01 s.7 "an admin can replace it", issue 28). ---- */

/**
 * GET /api/admin/settings/welcome-video, and the answer of POST (multipart, one file part `video`): what
 * /assets/welcome-video serves. `current` is null while the clip the project ships is served. The upload is checked
 * by its bytes (an MP4 or WebM signature, whatever type the client claims) and refused past maxBytes with 413.
 */
export const ZWelcomeVideoSchema = z.object({
  url: z.string(),
  maxBytes: z.number().int(),
  current: z
    .object({
      contentType: z.enum(['video/mp4', 'video/webm']),
      sizeBytes: z.number().int(),
      sha256: z.string(),
      uploadedBy: z.uuid(),
      uploadedAt: z.string(),
    })
    .nullable(),
});
export type TWelcomeVideo = z.infer<typeof ZWelcomeVideoSchema>;

/* ---- Audit log (admin service). ---- */

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A real calendar day or an ISO 8601 date-time with an offset; anything else is refused. */
const ZDateBoundarySchema = (label: string) =>
  ZTextSchema(label)
    .trim()
    .refine((value) => {
      if (DATE_ONLY.test(value)) {
        const date = new Date(`${value}T00:00:00.000Z`);
        return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
      }
      return DATE_TIME.test(value) && !Number.isNaN(new Date(value).getTime());
    }, { message: `${label} must be a date (YYYY-MM-DD) or an ISO date-time`, params: fieldIssueCode('FIELD.INVALID') });

const ZPositiveIntSchema = (label: string, max: number) =>
  ZTextSchema(label)
    .trim()
    .regex(/^\d{1,6}$/, `${label} must be a whole number from 1 to ${max}`)
    .transform(Number)
    .pipe(z.number().int().min(1, `${label} must be a whole number from 1 to ${max}`).max(max, `${label} must be a whole number from 1 to ${max}`));

/**
 * GET /api/admin/audit-log?actor&targetType&targetId&action&from&to&pageSize&cursor (the paging convention of
 * paging.ts; keyset on (createdAt, id), newest first) or &page (numbered pages, kept for the console: only within
 * the first TOTAL_COUNT_CAP rows, beyond them 400 "use cursor"). from and to are inclusive; a date alone means the
 * whole day (UTC). pageSize 1 to 100 (default 20).
 */
/** The sorts of the audit log: its time either way. */
export const AUDIT_LOG_SORTS = sortsOf(['createdAt'] as const);
export type TAuditLogSort = (typeof AUDIT_LOG_SORTS)[number];

export const ZAuditLogQuerySchema = z
  .strictObject({
    actor: z.uuid({ error: 'actor must be a user id' }).optional(),
    targetType: ZTextSchema('targetType').trim().min(1).max(50).optional(),
    targetId: ZTextSchema('targetId').trim().min(1).max(200).optional(),
    action: ZTextSchema('action').trim().min(1).max(100).optional(),
    from: ZDateBoundarySchema('from').optional(),
    to: ZDateBoundarySchema('to').optional(),
    page: ZPositiveIntSchema('page', 100_000).optional(),
    /** Time, newest first (the default) or oldest first. */
    sort: ZSortSchema(AUDIT_LOG_SORTS),
    ...PAGE_QUERY_SHAPE,
  })
  .superRefine((q, ctx) => {
    if (q.cursor !== undefined && q.page !== undefined) ctx.addIssue({ code: 'custom', message: 'Use cursor or page, not both', path: ['page'] });
    if (q.page !== undefined && (q.page - 1) * q.pageSize >= TOTAL_COUNT_CAP) {
      ctx.addIssue({ code: 'custom', message: `page is too deep (past the first ${TOTAL_COUNT_CAP} rows): page on with cursor`, path: ['page'] });
    }
  })
  .transform(({ page, ...q }) => ({ ...q, page: page ?? 1 }));
export type TAuditLogQuery = z.infer<typeof ZAuditLogQuerySchema>;

export const ZAuditLogEntrySchema = z.object({
  id: z.uuid(),
  actorId: z.uuid(),
  /** From the admin service's copy of users; null when the actor is not known there (yet). */
  actor: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type TAuditLogEntry = z.infer<typeof ZAuditLogEntrySchema>;

/** The paging convention's page plus the numbered page it is (1 when asked by cursor) and its size. */
export const ZAuditLogPageSchema = ZPageSchema(ZAuditLogEntrySchema).extend({
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TAuditLogPage = z.infer<typeof ZAuditLogPageSchema>;

/* ---- All Users (auth service; spec 03 "users", "All Users"). ---- */

/** A user as the admin reads it: every stored field but the password, plus the balances from payouts. */
/** A user as an admin reads it: with the verification status the user is told (issue 28 item 7), as the list filters it. */
export const ZAdminUserSchema = ZUserSchema.extend({
  referralSource: z.string().nullable(),
  updatedAt: z.string(),
});
export type TAdminUser = z.infer<typeof ZAdminUserSchema>;

/**
 * GET /api/admin/users?search&role&status&verification&from&to&pageSize&cursor (the paging convention of paging.ts): newest
 * first, keyset on (createdAt, id). from/to bound the registration time.
 */
/** The sorts of All Users: joined time, e-mail. */
export const ADMIN_USER_SORTS = sortsOf(['createdAt', 'email'] as const);
export type TAdminUserSort = (typeof ADMIN_USER_SORTS)[number];

export const ZAdminUsersQuerySchema = z
  .strictObject({
    /** Part of the e-mail or of the full name ("Ada Love"), case-insensitive (a trigram index serves 3+ characters). */
    search: ZTextSchema('Search').trim().max(200, 'Search is too long').optional(),
    role: z.enum(ROLES, { error: 'role must be employee or admin' }).optional(),
    /** active: may sign in; banned: is_active false. */
    status: z.enum(['active', 'banned'], { error: 'status must be active or banned' }).optional(),
    /** The verification status the user is told (issue 28 item 7). */
    verification: z.enum(VERIFICATION_STATUSES, { error: 'verification must be none, pending, approved or rejected' }).optional(),
    from: ZDateBoundSchema('from'),
    to: ZDateBoundSchema('to'),
    /** Joined time (the default, newest first) or e-mail. */
    sort: ZSortSchema(ADMIN_USER_SORTS),
    ...PAGE_QUERY_SHAPE,
  })
  .superRefine(checkRanges);
export type TAdminUsersQuery = z.infer<typeof ZAdminUsersQuerySchema>;

/** GET /api/admin/users/stats: the four stat cards over all users (not the page or the search): counted in auth, the balance total from payouts. */
export const ZAdminUsersStatsSchema = z.object({
  total: z.number().int(),
  verified: z.number().int(),
  active: z.number().int(),
  /** Sum of every user's available balance; null when payouts did not answer. */
  totalBalance: z.string().nullable(),
});
export type TAdminUsersStats = z.infer<typeof ZAdminUsersStatsSchema>;

/**
 * GET /api/admin/users: one page of the (searched, filtered) list, newest first, by the paging convention. The stat
 * cards are their own call (GET /api/admin/users/stats): counting every user and summing every balance on each page
 * cost 75-170 ms at 100,000 users (bench/results/lists.txt), the page itself well under 1 ms.
 */
export const ZAdminUsersResponseSchema = ZPageSchema(ZAdminUserSchema);
export type TAdminUsersResponse = z.infer<typeof ZAdminUsersResponseSchema>;

/* ---- Email templates (admin service; spec 03 sections 5 and 7). ---- */

export const TEMPLATE_NAME_MAX = 100;
export const TEMPLATE_SUBJECT_MAX = 300;
export const TEMPLATE_CONTENT_MAX = 500_000;

/** Required text with the templates' own messages; the HTML and text bodies keep their surrounding whitespace. */
const templateText = (label: string, max: number, options: { trim: boolean }) => {
  const base = ZTextSchema(label, { error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`) });
  return (options.trim ? base.trim() : base)
    .refine((value) => value.trim().length > 0, { message: `${label} is required`, params: fieldIssueCode('FIELD.REQUIRED') })
    .refine((value) => value.length <= max, { message: `${label} is too long (at most ${max} characters)`, params: fieldIssueCode('FIELD.TOO_LONG', { max }) });
};

const ZTemplateNameSchema = templateText('Name', TEMPLATE_NAME_MAX, { trim: true });
const ZTemplateSubjectSchema = templateText('Subject', TEMPLATE_SUBJECT_MAX, { trim: true });
const ZTemplateHtmlContentSchema = templateText('HTML content', TEMPLATE_CONTENT_MAX, { trim: false });
const ZTemplateTextContentSchema = templateText('Text content', TEMPLATE_CONTENT_MAX, { trim: false });
const ZTemplateSubjectRuSchema = templateText('Russian subject', TEMPLATE_SUBJECT_MAX, { trim: true });
const ZTemplateHtmlContentRuSchema = templateText('Russian HTML content', TEMPLATE_CONTENT_MAX, { trim: false });
const ZTemplateTextContentRuSchema = templateText('Russian text content', TEMPLATE_CONTENT_MAX, { trim: false });

/**
 * The Russian version of a template (issue 28): subjectRu, htmlContentRu and textContentRu, all three or none
 * (null or left out: the template has no Russian version, and Russian users get the English one).
 */
const RUSSIAN_SHAPE = {
  subjectRu: ZTemplateSubjectRuSchema.nullish(),
  htmlContentRu: ZTemplateHtmlContentRuSchema.nullish(),
  textContentRu: ZTemplateTextContentRuSchema.nullish(),
};
const RUSSIAN_FIELDS = ['subjectRu', 'htmlContentRu', 'textContentRu'] as const;
const RUSSIAN_LABELS = { subjectRu: 'Russian subject', htmlContentRu: 'Russian HTML content', textContentRu: 'Russian text content' } as const;

/** A Russian version is whole: when one of its parts is given, each missing part is named. */
function checkRussianVersion(body: Partial<Record<(typeof RUSSIAN_FIELDS)[number], string | null | undefined>>, ctx: z.RefinementCtx): void {
  const given = RUSSIAN_FIELDS.filter((field) => body[field] !== undefined && body[field] !== null);
  if (given.length === 0) return;
  for (const field of RUSSIAN_FIELDS) {
    if (!given.includes(field)) ctx.addIssue({ code: 'custom', message: `${RUSSIAN_LABELS[field]} is required with the other Russian parts`, path: [field] });
  }
}
const ZTemplateVariablesSchema = z
  .array(ZTextSchema('Variable name').trim().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'A variable name may contain only letters, digits and _'), {
    error: 'Variables must be a list of names',
  })
  .max(50, 'At most 50 variables')
  .nullish()
  .transform((list) => (list ? [...new Set(list)] : undefined));

export const ZCreateEmailTemplateRequestSchema = z
  .strictObject({
    name: ZTemplateNameSchema,
    subject: ZTemplateSubjectSchema,
    htmlContent: ZTemplateHtmlContentSchema,
    textContent: ZTemplateTextContentSchema,
    ...RUSSIAN_SHAPE,
    variables: ZTemplateVariablesSchema,
  })
  .superRefine(checkRussianVersion);
export type TCreateEmailTemplateRequest = z.infer<typeof ZCreateEmailTemplateRequestSchema>;

/** Every field optional; the name may be sent (the edit dialog sends the whole form) but must not change. */
export const ZUpdateEmailTemplateRequestSchema = z
  .strictObject({
    name: ZTemplateNameSchema.optional(),
    subject: ZTemplateSubjectSchema.optional(),
    htmlContent: ZTemplateHtmlContentSchema.optional(),
    textContent: ZTemplateTextContentSchema.optional(),
    ...RUSSIAN_SHAPE,
    variables: ZTemplateVariablesSchema,
  })
  .superRefine(checkRussianVersion);
export type TUpdateEmailTemplateRequest = z.infer<typeof ZUpdateEmailTemplateRequestSchema>;

export const ZEmailTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  subject: z.string(),
  htmlContent: z.string(),
  textContent: z.string(),
  /** The Russian version (issue 28); null when there is none: Russian users get the English one. */
  subjectRu: z.string().nullable(),
  htmlContentRu: z.string().nullable(),
  textContentRu: z.string().nullable(),
  variables: z.array(z.string()),
  /**
   * For a built-in template (the mails the platform sends: welcome, password-reset, withdrawal-requested, ...), the
   * placeholders it is given, each marked when a saved version must use it; a saved version may use no other. Empty
   * for an admin's own template.
   */
  placeholders: z.array(z.object({ name: z.string(), required: z.boolean() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TEmailTemplateResponse = z.infer<typeof ZEmailTemplateSchema>;
export const ZEmailTemplateListSchema = z.array(ZEmailTemplateSchema);
