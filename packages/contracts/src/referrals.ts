import { z } from 'zod';
import { fieldIssueCode } from './errors.js';
import { findTypedFigure } from './figure-claims.js';
import { ZTextSchema } from './common.js';
import { PAGE_QUERY_SHAPE, ZPageSchema } from './paging.js';

/**
 * Referral links, landing pages and the public figures (issue 16; spec 01 "Referral", spec 03 "Referral
 * Management", landing_pages, referral_links, referral_clicks, referral_registrations, Referral stats).
 */

/** Characters of a generated code: no 0/o, 1/l/i, so a code read aloud or from paper is typed right. */
export const REFERRAL_CODE_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
export const REFERRAL_CODE_LENGTH = 7;
/** Codes that would read as a path or a role of the platform; refused whatever their case. */
export const RESERVED_REFERRAL_CODES = [
  'admin', 'api', 'app', 'login', 'logout', 'register', 'signup', 'landing', 'ref', 'referral', 'referrals', 'public',
  'support', 'help', 'test', 'dev', 'null', 'undefined', 'new', 'edit', 'system', 'root', 'staff', 'official',
] as const;
/** Raw clicks are kept this long (for the figures), then folded into per-day counts. */
export const REFERRAL_CLICK_RETENTION_DAYS = 90;
/** At most one counted click per visitor address per link in this window. */
export const REFERRAL_CLICK_WINDOW_MINUTES = 60;
/** How long the browser keeps the referral source (spec 01: 30 days). */
export const REFERRAL_SOURCE_DAYS = 30;

export const REFERRAL_REQUIRED_FIELDS_MESSAGE = 'Please fill in required fields';

const ZCodeSchema = ZTextSchema('Code')
  .trim()
  .max(32, 'Code must be at most 32 characters')
  .refine((v) => v === '' || /^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$/.test(v), { message: 'Code must be 3-32 letters, digits, - or _', params: fieldIssueCode('FIELD.INVALID') });

const ZRequiredNameSchema = ZTextSchema('Name', { error: REFERRAL_REQUIRED_FIELDS_MESSAGE }).trim().min(1, REFERRAL_REQUIRED_FIELDS_MESSAGE).max(100, 'Name must be at most 100 characters');
const ZDescriptionSchema = ZTextSchema('Description').trim().max(500, 'Description must be at most 500 characters').nullable().optional();
const ZLandingPageIdSchema = ZTextSchema('Landing page', { error: REFERRAL_REQUIRED_FIELDS_MESSAGE }).trim().min(1, REFERRAL_REQUIRED_FIELDS_MESSAGE).max(64);

export const ZCreateReferralLinkRequestSchema = z.strictObject({
  code: ZCodeSchema.nullable().optional(),
  name: ZRequiredNameSchema,
  description: ZDescriptionSchema,
  landingPageId: ZLandingPageIdSchema,
  isActive: z.boolean().optional(),
});
export type TCreateReferralLinkRequest = z.infer<typeof ZCreateReferralLinkRequestSchema>;

export const ZUpdateReferralLinkRequestSchema = z.strictObject({
  name: ZRequiredNameSchema,
  description: ZDescriptionSchema,
  landingPageId: ZLandingPageIdSchema.optional(),
  isActive: z.boolean().optional(),
});
export type TUpdateReferralLinkRequest = z.infer<typeof ZUpdateReferralLinkRequestSchema>;

export const ZReferralLinkSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  landingPageId: z.uuid(),
  landingPage: z.object({ name: z.string(), displayName: z.string() }),
  isActive: z.boolean(),
  /** Counted clicks (one per address per hour, no bots or prefetches), all time. */
  totalClicks: z.number().int(),
  /** Every click stored in the last 90 days, counted or not (repeats, bots, prefetches). */
  rawClicks: z.number().int(),
  totalRegistrations: z.number().int(),
  /** totalRegistrations / totalClicks, 0..1; null without clicks. */
  conversionRate: z.number().nullable(),
  /** Of the registered workers: how many had a task approved. */
  firstTaskCount: z.number().int(),
  /** Of the registered workers: how many had a withdrawal paid. */
  paidCount: z.number().int(),
  createdBy: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TReferralLink = z.infer<typeof ZReferralLinkSchema>;

/** ?search of the referral lists: 3+ characters, case-insensitive, matched as plain text (a trigram index serves it). */
const ZReferralSearchSchema = ZTextSchema('search')
  .trim()
  .min(3, 'search must be at least 3 characters')
  .max(200, 'search is too long (at most 200 characters)')
  .optional();
const ZActiveFilterSchema = z.enum(['true', 'false'], { error: 'active must be true or false' }).optional();

/**
 * GET /api/admin/referral-links?search&active&pageSize&cursor (the paging convention of paging.ts): newest first
 * (keyset on createdAt, id); search is part of the code or the name; active 'true' or 'false'. Each link of the page
 * carries its funnel.
 */
export const ZReferralLinksQuerySchema = z.strictObject({ search: ZReferralSearchSchema, active: ZActiveFilterSchema, ...PAGE_QUERY_SHAPE });
export type TReferralLinksQuery = z.output<typeof ZReferralLinksQuerySchema>;
export const ZReferralLinkPageSchema = ZPageSchema(ZReferralLinkSchema);
export type TReferralLinkPage = z.infer<typeof ZReferralLinkPageSchema>;

export const ZDeleteReferralLinkResponseSchema = z.object({
  deleted: z.boolean(),
  deactivated: z.boolean(),
  message: z.string(),
});
export type TDeleteReferralLinkResponse = z.infer<typeof ZDeleteReferralLinkResponseSchema>;

export const ZReferralStatsSchema = z.object({
  totalLinks: z.number().int(),
  totalClicks: z.number().int(),
  clicksLast30Days: z.number().int(),
  totalRegistrations: z.number().int(),
  registrationsLast30Days: z.number().int(),
});
export type TReferralStats = z.infer<typeof ZReferralStatsSchema>;

/** The admin-editable copy of a landing page; every part optional (the screen has its own default text). Plain text. */
/**
 * A landing page's copy carries no typed figure claim (principle 4, issue 31 item 5: figure-claims.ts): the page shows
 * the live figures beside it. Refused with FIELD.TYPED_FIGURE naming the words.
 */
const noTypedFigure = (label: string) => (value: string, ctx: z.RefinementCtx) => {
  const figure = findTypedFigure(value);
  if (figure) {
    ctx.addIssue({
      code: 'custom',
      message: `${label} must not state figures typed by hand ("${figure}"): the page shows the live figures computed by the platform`,
      params: fieldIssueCode('FIELD.TYPED_FIGURE', { figure }),
    });
  }
};

export const ZLandingContentSchema = z.strictObject({
  title: ZTextSchema('Title').trim().max(120, 'Title must be at most 120 characters').superRefine(noTypedFigure('Title')).optional(),
  intro: ZTextSchema('Introduction').trim().max(1000, 'Introduction must be at most 1000 characters').superRefine(noTypedFigure('Introduction')).optional(),
  work: ZTextSchema('What the work is').trim().max(2000, 'What the work is must be at most 2000 characters').superRefine(noTypedFigure('What the work is')).optional(),
  payment: ZTextSchema('How and when you are paid').trim().max(2000, 'How and when you are paid must be at most 2000 characters').superRefine(noTypedFigure('How and when you are paid')).optional(),
});
export type TLandingContent = z.infer<typeof ZLandingContentSchema>;

const ZLandingNameSchema = ZTextSchema('Name', { error: REFERRAL_REQUIRED_FIELDS_MESSAGE })
  .trim()
  .toLowerCase()
  .min(1, REFERRAL_REQUIRED_FIELDS_MESSAGE)
  .max(60, 'Name must be at most 60 characters')
  .refine((v) => /^[a-z0-9][a-z0-9-]*$/.test(v), { message: 'Name must be lower-case letters, digits and -', params: fieldIssueCode('FIELD.INVALID') });
const ZDisplayNameSchema = ZTextSchema('Display name', { error: REFERRAL_REQUIRED_FIELDS_MESSAGE }).trim().min(1, REFERRAL_REQUIRED_FIELDS_MESSAGE).max(100, 'Display name must be at most 100 characters');

export const ZCreateLandingPageRequestSchema = z.strictObject({
  name: ZLandingNameSchema,
  displayName: ZDisplayNameSchema,
  description: ZDescriptionSchema,
  content: ZLandingContentSchema.optional(),
  isActive: z.boolean().optional(),
});
export type TCreateLandingPageRequest = z.infer<typeof ZCreateLandingPageRequestSchema>;

export const ZUpdateLandingPageRequestSchema = z.strictObject({
  displayName: ZDisplayNameSchema.optional(),
  description: ZDescriptionSchema,
  content: ZLandingContentSchema.optional(),
  isActive: z.boolean().optional(),
});
export type TUpdateLandingPageRequest = z.infer<typeof ZUpdateLandingPageRequestSchema>;

export const ZLandingPageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  displayName: z.string(),
  description: z.string().nullable(),
  content: z.object({ title: z.string().optional(), intro: z.string().optional(), work: z.string().optional(), payment: z.string().optional() }),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TLandingPage = z.infer<typeof ZLandingPageSchema>;

/**
 * GET /api/admin/landing-pages?search&active&pageSize&cursor (the paging convention of paging.ts): oldest first
 * (keyset on createdAt, id; the built-in pages first); search is part of the name (slug) or the display name;
 * active 'true' or 'false'. (GET /api/admin/landing-pages/active stays the whole list of active pages, for a link's
 * picker.)
 */
export const ZLandingPagesQuerySchema = z.strictObject({ search: ZReferralSearchSchema, active: ZActiveFilterSchema, ...PAGE_QUERY_SHAPE });
export type TLandingPagesQuery = z.output<typeof ZLandingPagesQuerySchema>;
export const ZLandingPagePageSchema = ZPageSchema(ZLandingPageSchema);
export type TLandingPagePage = z.infer<typeof ZLandingPagePageSchema>;

/** GET /api/public/landing-pages/{name}: what a visitor's screen needs. */
export const ZPublicLandingPageSchema = ZLandingPageSchema.pick({ name: true, displayName: true, content: true });
export type TPublicLandingPage = z.infer<typeof ZPublicLandingPageSchema>;

/** GET /api/referral/{code} (spec 01: isActive and landingPage.name). */
export const ZReferralLookupSchema = z.object({
  isActive: z.boolean(),
  landingPage: z.object({ name: z.string(), displayName: z.string() }),
});
export type TReferralLookup = z.infer<typeof ZReferralLookupSchema>;

export const ZTrackClickRequestSchema = z.strictObject({
  /** The client's clock; kept for nothing but the log (the server's time is the click's). */
  timestamp: ZTextSchema('Timestamp').max(64).optional(),
});

export const ZTrackClickResponseSchema = z.object({ counted: z.boolean() });

/**
 * GET /api/public/branding (no token): the platform's name (the admin setting platform_name), for the app's title and
 * its header brand, as the e-mails are sent under it.
 */
export const ZPublicBrandingSchema = z.object({ platformName: z.string() });
export type TPublicBranding = z.infer<typeof ZPublicBrandingSchema>;

/**
 * GET /api/public/figures: live figures computed from events (principle 4), never typed in. Amounts are decimal
 * strings; a median is null when there is nothing to take it from.
 */
export const ZPublicFiguresSchema = z.object({
  tasksCompletedLast30Days: z.number().int(),
  workersPaidLast30Days: z.number().int(),
  /** Median reward of the tasks approved in the last 30 days. */
  medianReward: z.string().nullable(),
  /** Median seconds from a withdrawal's request to its payout, over payouts of the last 30 days. */
  medianPayoutSeconds: z.number().nullable(),
  asOf: z.string(),
});
export type TPublicFigures = z.infer<typeof ZPublicFiguresSchema>;
