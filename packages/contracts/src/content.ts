import { z } from 'zod';
import { fieldIssueCode } from './errors.js';
import { ZTextSchema } from './common.js';
import { PAGE_QUERY_SHAPE, ZPageSchema, ZUserSearchSchema } from './paging.js';

/* ---- Company news (admin service; spec 02 Home, spec 03 Company News). ---- */

/** A news item. content is plain text with line breaks (never rendered as HTML). */
export const ZNewsArticleSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  content: z.string(),
  isPublished: z.boolean(),
  authorId: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TNewsArticle = z.infer<typeof ZNewsArticleSchema>;

/**
 * GET /api/news?pageSize&cursor (everyone signed in; Home's news list): the published items, newest first (keyset on
 * createdAt, id descending; the paging convention of paging.ts). total is the update count.
 */
export const ZNewsListQuerySchema = z.strictObject({ ...PAGE_QUERY_SHAPE });
export type TNewsListQuery = z.output<typeof ZNewsListQuerySchema>;

/** ?search of an admin list: part of a title, case-insensitive, at least 3 characters (a trigram index serves it). */
const ZContentSearchSchema = ZTextSchema('search')
  .trim()
  .min(3, 'search must be at least 3 characters')
  .max(200, 'search is too long (at most 200 characters)')
  .optional();

/**
 * GET /api/admin/news?search&published&pageSize&cursor (Company News in the console): every item, drafts too, newest
 * first (keyset on createdAt, id descending); search is part of the title, published 'true' or 'false'.
 */
export const ZAdminNewsQuerySchema = z.strictObject({
  search: ZContentSearchSchema,
  published: z.enum(['true', 'false'], { error: 'published must be true or false' }).optional(),
  ...PAGE_QUERY_SHAPE,
});
export type TAdminNewsQuery = z.output<typeof ZAdminNewsQuerySchema>;

/** A page of news (both lists). */
export const ZNewsPageSchema = ZPageSchema(ZNewsArticleSchema);
export type TNewsPage = z.infer<typeof ZNewsPageSchema>;

export const NEWS_TITLE_MAX = 200;
export const NEWS_CONTENT_MAX = 20_000;

const ZNewsTitleSchema = ZTextSchema('Title', { error: 'Title is required' }).trim().min(1, 'Title is required').max(NEWS_TITLE_MAX, `Title is too long (at most ${NEWS_TITLE_MAX} characters)`);
const ZNewsContentSchema = ZTextSchema('Content', { error: 'Content is required' }).trim().min(1, 'Content is required').max(NEWS_CONTENT_MAX, `Content is too long (at most ${NEWS_CONTENT_MAX} characters)`);
const ZCustomDateSchema = ZTextSchema('Date')
  .trim()
  .refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(new Date(value).getTime()), { message: 'Date must be an ISO date and time', params: fieldIssueCode('FIELD.INVALID') });

/** POST /api/news. emailEveryone queues an e-mail of the item to every user once it is published (never otherwise). */
export const ZCreateNewsRequestSchema = z.strictObject({
  title: ZNewsTitleSchema,
  content: ZNewsContentSchema,
  isPublished: z.boolean({ error: 'isPublished must be true or false' }).default(false),
  createdAt: ZCustomDateSchema.nullish(),
  emailEveryone: z.boolean({ error: 'emailEveryone must be true or false' }).default(false),
});
export type TCreateNewsRequest = z.input<typeof ZCreateNewsRequestSchema>;

/** PATCH /api/news/{id}: the fields given change. */
export const ZUpdateNewsRequestSchema = z.strictObject({
  title: ZNewsTitleSchema.optional(),
  content: ZNewsContentSchema.optional(),
  isPublished: z.boolean({ error: 'isPublished must be true or false' }).optional(),
  emailEveryone: z.boolean({ error: 'emailEveryone must be true or false' }).optional(),
});
export type TUpdateNewsRequest = z.input<typeof ZUpdateNewsRequestSchema>;

/* ---- Awards and leaderboards (admin service; spec 02 Awards, spec 03 Awards Management). ---- */

export const AWARD_CATEGORIES = ['top_earner', 'top_completion', 'top_rate'] as const;
export const AWARD_PERIODS = ['weekly', 'monthly', 'quarterly', 'yearly', 'all_time'] as const;
export const ZAwardCategorySchema = z.enum(AWARD_CATEGORIES, { error: 'Please fill in all required fields' });
export const ZAwardPeriodSchema = z.enum(AWARD_PERIODS, { error: 'Period must be weekly, monthly, quarterly, yearly or all_time' });
export type TAwardCategory = z.infer<typeof ZAwardCategorySchema>;
export type TAwardPeriod = z.infer<typeof ZAwardPeriodSchema>;

export const ZAwardSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  /** Read from the user; empty when unknown (the screen shows 'Team Member'). */
  firstName: z.string(),
  lastName: z.string(),
  category: ZAwardCategorySchema,
  rank: z.number().int().min(1).max(5),
  /** Decimal string: dollars (top_earner), tasks (top_completion) or percent (top_rate). */
  value: z.string(),
  period: ZAwardPeriodSchema,
  /** computed: from the leaderboard job; manual: added by an admin. */
  source: z.enum(['computed', 'manual']),
  createdBy: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAward = z.infer<typeof ZAwardSchema>;
/**
 * GET /api/awards?period&category&pageSize&cursor (all optional): a page of the awards in the leaderboards' order
 * (period, category, rank, then oldest first; keyset on that order), by the paging convention of paging.ts.
 */
export const ZAwardsQuerySchema = z.strictObject({
  period: ZAwardPeriodSchema.optional(),
  category: z.enum(AWARD_CATEGORIES, { error: 'Unknown category' }).optional(),
  ...PAGE_QUERY_SHAPE,
});
export type TAwardsQuery = z.infer<typeof ZAwardsQuerySchema>;

/**
 * GET /api/admin/awards?period&category&source&user&pageSize&cursor (Awards Management): computed and manual awards
 * in the leaderboards' order (period weekly..all_time, category top_earner, top_completion, top_rate, rank, then
 * oldest first; keyset on that order; the paging convention of paging.ts); user is part of the awarded user's name or
 * e-mail.
 */
export const ZAdminAwardsQuerySchema = z.strictObject({
  period: ZAwardPeriodSchema.optional(),
  category: z.enum(AWARD_CATEGORIES, { error: 'category must be one of top_earner, top_completion, top_rate' }).optional(),
  source: z.enum(['computed', 'manual'], { error: 'source must be computed or manual' }).optional(),
  user: ZUserSearchSchema('user'),
  ...PAGE_QUERY_SHAPE,
});
export type TAdminAwardsQuery = z.output<typeof ZAdminAwardsQuerySchema>;
export const ZAwardPageSchema = ZPageSchema(ZAwardSchema);
export type TAwardPage = z.infer<typeof ZAwardPageSchema>;

const ZAwardValueSchema = z
  .union([ZTextSchema('Value'), z.number()], { error: 'Value must be a number' })
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim() || '0'))
  .pipe(z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, 'Value must be a number from 0 with at most 2 decimals'));

/**
 * POST /api/admin/awards, PUT /api/admin/awards/{id}. userId names an existing user (its names are read from that
 * user; firstName and lastName may be sent, as the spec's form does, and are not stored from the request).
 */
export const ZAwardRequestSchema = z.strictObject({
  userId: ZTextSchema('User', { error: 'Please fill in all required fields' }).trim().min(1, 'Please fill in all required fields'),
  firstName: ZTextSchema('First name').max(100).optional(),
  lastName: ZTextSchema('Last name').max(100).optional(),
  category: ZAwardCategorySchema,
  rank: z.number({ error: 'Rank must be a whole number from 1 to 5' }).int('Rank must be a whole number from 1 to 5').min(1, 'Rank must be a whole number from 1 to 5').max(5, 'Rank must be a whole number from 1 to 5'),
  value: ZAwardValueSchema.default('0'),
  period: ZAwardPeriodSchema,
});
export type TAwardRequest = z.input<typeof ZAwardRequestSchema>;

/** GET, PUT /api/user/leaderboard-preference (auth): a worker may keep out of the public leaderboards. */
export const ZLeaderboardPreferenceSchema = z.object({ leaderboardOptOut: z.boolean() });
export type TLeaderboardPreference = z.infer<typeof ZLeaderboardPreferenceSchema>;
export const ZLeaderboardPreferenceRequestSchema = z.strictObject({ leaderboardOptOut: z.boolean({ error: 'leaderboardOptOut must be true or false' }) });

/* ---- Company documents, admin side (auth service; spec 03 Documents AMENDED). ---- */

export const ZAdminDocumentSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  /** HTML, sanitised when it was saved. */
  content: z.string(),
  type: z.string(),
  version: z.string(),
  isActive: z.boolean(),
  requiresAcceptance: z.boolean(),
  sortOrder: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Users who accepted the current version. */
  acceptedCount: z.number().int(),
  /** Acceptances per version, newest version first. */
  acceptances: z.array(z.object({ version: z.string(), count: z.number().int() })),
});
export type TAdminDocument = z.infer<typeof ZAdminDocumentSchema>;
/**
 * GET /api/admin/documents?search&active&pageSize&cursor (the paging convention of paging.ts): in display order,
 * sortOrder (0 on top), then oldest first (keyset on sortOrder, createdAt, id); search is part of the title (3+
 * characters, case-insensitive); active 'true' (shown to workers) or 'false'.
 */
export const ZAdminDocumentsQuerySchema = z.strictObject({
  search: ZTextSchema('search').trim().min(3, 'search must be at least 3 characters').max(200, 'search is too long (at most 200 characters)').optional(),
  active: z.enum(['true', 'false'], { error: 'active must be true or false' }).optional(),
  ...PAGE_QUERY_SHAPE,
});
export type TAdminDocumentsQuery = z.output<typeof ZAdminDocumentsQuerySchema>;
export const ZAdminDocumentPageSchema = ZPageSchema(ZAdminDocumentSchema);
export type TAdminDocumentPage = z.infer<typeof ZAdminDocumentPageSchema>;

const ZDocumentTitleSchema = ZTextSchema('Title', { error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Title is too long (at most 200 characters)');
const ZDocumentContentSchema = ZTextSchema('Content', { error: 'Content is required' }).trim().min(1, 'Content is required').max(200_000, 'Content is too long');
const ZDocumentTypeSchema = ZTextSchema('Type', { error: 'Type is required' }).trim().min(1, 'Type is required').max(50, 'Type is too long (at most 50 characters)');
const ZSortOrderSchema = z.number({ error: 'Order must be a whole number' }).int('Order must be a whole number').min(0, 'Order must be 0 or more').max(1_000_000, 'Order is too large');

export const ZCreateDocumentRequestSchema = z.strictObject({
  title: ZDocumentTitleSchema,
  content: ZDocumentContentSchema,
  type: ZDocumentTypeSchema,
  isActive: z.boolean().default(true),
  requiresAcceptance: z.boolean().default(true),
  sortOrder: ZSortOrderSchema.default(0),
});
export type TCreateDocumentRequest = z.input<typeof ZCreateDocumentRequestSchema>;

export const ZUpdateDocumentRequestSchema = z.strictObject({
  title: ZDocumentTitleSchema.optional(),
  content: ZDocumentContentSchema.optional(),
  type: ZDocumentTypeSchema.optional(),
  isActive: z.boolean().optional(),
  requiresAcceptance: z.boolean().optional(),
  sortOrder: ZSortOrderSchema.optional(),
});
export type TUpdateDocumentRequest = z.input<typeof ZUpdateDocumentRequestSchema>;

/**
 * An admin created, changed or deleted a company document (auth service): published for the audit log. version is
 * the version after the change (the deleted one's last); previousVersion differs when the content changed.
 */
export const ZDocumentChangedDataSchema = z.object({
  documentId: z.uuid(),
  action: z.enum(['created', 'updated', 'deleted']),
  title: z.string(),
  type: z.string(),
  version: z.string(),
  previousVersion: z.string().nullable(),
  isActive: z.boolean(),
  requiresAcceptance: z.boolean(),
  changedBy: z.uuid(),
  changedAt: z.iso.datetime({ offset: true }),
});
export type TDocumentChangedData = z.infer<typeof ZDocumentChangedDataSchema>;
