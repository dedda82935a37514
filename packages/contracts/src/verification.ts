import { z } from 'zod';
import { ZTextSchema } from './common.js';
import { checkRanges, PAGE_QUERY_SHAPE, ZDateBoundSchema, ZPageSchema, ZUserSearchSchema } from './paging.js';

/* Identity verification (spec 02 s.3, s.5, s.7; spec 03 Verifications, user_verifications), the activity history
 * (spec 02 s.3) and the worker's data export (spec 02 Profile AMENDED). Owned by the auth service. */

export const DOCUMENT_TYPES = ['passport', 'drivers_license', 'national_id'] as const;
export const ZDocumentTypeSchema = z.enum(DOCUMENT_TYPES);
export type TDocumentType = z.infer<typeof ZDocumentTypeSchema>;

export const VERIFICATION_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type TVerificationStatus = (typeof VERIFICATION_STATUSES)[number];

// The limits of an identity image and of each text field live in constants.ts (the form states them from there).
export { MAX_VERIFICATION_IMAGE_BYTES, MIN_VERIFICATION_IMAGE_SIDE, VERIFICATION_FIELD_MAX_LENGTH, VERIFICATION_IMAGE_ACCEPT } from './constants.js';

/** The text fields of an application, in form order, and the spec's message when one is missing. */
export const VERIFICATION_TEXT_FIELDS = ['fullName', 'dateOfBirth', 'address', 'city', 'country', 'postalCode', 'documentType', 'documentNumber'] as const;
export type TVerificationTextField = (typeof VERIFICATION_TEXT_FIELDS)[number];
export const VERIFICATION_FILE_FIELDS = ['selfieFile', 'documentFile'] as const;
export type TVerificationFileField = (typeof VERIFICATION_FILE_FIELDS)[number];

export const VERIFICATION_MESSAGES = {
  fullName: 'Full name is required',
  dateOfBirth: 'Date of birth is required',
  address: 'Address is required',
  city: 'City is required',
  country: 'Country is required',
  postalCode: 'Postal code is required',
  documentType: 'Document type is required',
  documentNumber: 'Document number is required',
  selfieFile: 'Selfie photo is required',
  documentFile: 'Document photo is required',
} as const satisfies Record<TVerificationTextField | TVerificationFileField, string>;

/** The labels a field's other refusals name ("Selfie photo must be ..."). */
export const VERIFICATION_FIELD_LABELS = {
  fullName: 'Full name',
  dateOfBirth: 'Date of birth',
  address: 'Address',
  city: 'City',
  country: 'Country',
  postalCode: 'Postal code',
  documentType: 'Document type',
  documentNumber: 'Document number',
  selfieFile: 'Selfie photo',
  documentFile: 'Document photo',
} as const satisfies Record<TVerificationTextField | TVerificationFileField, string>;


/** GET /api/user/verification: the worker's own status; the reason when rejected. */
export const ZMyVerificationSchema = z.object({
  status: z.enum(VERIFICATION_STATUSES),
  isVerified: z.boolean(),
  /** The latest application, or null before the first. */
  id: z.uuid().nullable(),
  reason: z.string().nullable(),
  submittedAt: z.iso.datetime({ offset: true }).nullable(),
  reviewedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TMyVerification = z.infer<typeof ZMyVerificationSchema>;

/** An application as an admin reads it. documentNumber is masked except in GET /api/admin/verifications/{id}. */
export const ZAdminVerificationSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  userEmail: z.string().nullable(),
  userName: z.string().nullable(),
  fullName: z.string(),
  dateOfBirth: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  postalCode: z.string(),
  documentType: ZDocumentTypeSchema,
  documentNumber: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  rejectionReason: z.string().nullable(),
  reviewedBy: z.uuid().nullable(),
  reviewedAt: z.iso.datetime({ offset: true }).nullable(),
  submittedAt: z.iso.datetime({ offset: true }),
  /** False once the retention job has deleted the images (the decision stays). */
  hasImages: z.boolean(),
  imagesDeletedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TAdminVerification = z.infer<typeof ZAdminVerificationSchema>;

/**
 * The lists GET /api/admin/verifications answers (?status): `pending` (the review queue, oldest application first),
 * `approved` or `rejected` (newest decision first), `all` (newest application first). Without status: pending, or
 * all when userId is given.
 */
export const ADMIN_VERIFICATION_LISTS = ['pending', 'approved', 'rejected', 'all'] as const;
export type TAdminVerificationList = (typeof ADMIN_VERIFICATION_LISTS)[number];

/**
 * GET /api/admin/verifications?status&userId&search&from&to&pageSize&cursor (the paging convention of paging.ts):
 * keyset on (the list's time, id). search is part of the applicant's account e-mail or name (3+ characters);
 * from/to bound the list's own time: the application's for pending and all, the decision's for approved and rejected.
 */
export const ZAdminVerificationsQuerySchema = z
  .strictObject({
    status: z.enum(ADMIN_VERIFICATION_LISTS, { error: 'status must be pending, approved, rejected or all' }).optional(),
    userId: z.uuid('User id must be a uuid').optional(),
    search: ZUserSearchSchema('search'),
    from: ZDateBoundSchema('from'),
    to: ZDateBoundSchema('to'),
    ...PAGE_QUERY_SHAPE,
  })
  .superRefine(checkRanges);
export type TAdminVerificationsQuery = z.output<typeof ZAdminVerificationsQuerySchema>;
export const ZAdminVerificationPageSchema = ZPageSchema(ZAdminVerificationSchema);
export type TAdminVerificationPage = z.infer<typeof ZAdminVerificationPageSchema>;

/** PATCH /api/admin/verifications/{id}. */
export const REJECTION_REASON_REQUIRED = 'A reason is required to reject a verification';
export const ZVerificationDecisionSchema = z.strictObject({
  status: z.enum(['approved', 'rejected'], 'Status must be approved or rejected'),
  reason: ZTextSchema('Reason').trim().max(1000, 'Reason must be at most 1000 characters').optional().nullable(),
});
export type TVerificationDecision = z.infer<typeof ZVerificationDecisionSchema>;

export const VERIFICATION_FILE_KINDS = ['selfie', 'document'] as const;
export type TVerificationFileKind = (typeof VERIFICATION_FILE_KINDS)[number];

/* ---- Activity history (GET /api/user/activity). ---- */

export const ACTIVITY_TYPES = ['verification', 'task_completed', 'task_assigned', 'task_topped_up', 'withdrawal_request', 'withdrawal_approved', 'withdrawal_rejected', 'account_created', 'task_returned', 'task_appealed', 'appeal_decided'] as const;
export type TActivityType = (typeof ACTIVITY_TYPES)[number];

export const ZActivityEntrySchema = z.object({
  id: z.uuid(),
  type: z.enum(ACTIVITY_TYPES),
  title: z.string(),
  description: z.string(),
  timestamp: z.iso.datetime({ offset: true }),
  /** A colour name of the design's palette: green, blue, amber, red, gray. */
  color: z.string(),
  badge: z.string(),
  /** An icon name (lucide): user-plus, clipboard-list, check-circle, wallet, x-circle, shield-check. */
  icon: z.string(),
});
export type TActivityEntry = z.infer<typeof ZActivityEntrySchema>;

/** GET /api/user/activity?pageSize&cursor&lang (the paging convention of paging.ts): newest first, keyset on (timestamp, id). */
export const ZActivityQuerySchema = z.strictObject({
  ...PAGE_QUERY_SHAPE,
  lang: z.enum(['en', 'ru'], 'Language must be en or ru').optional(),
});
export type TActivityQuery = z.output<typeof ZActivityQuerySchema>;
export const ZActivityPageSchema = ZPageSchema(ZActivityEntrySchema);
export type TActivityPage = z.infer<typeof ZActivityPageSchema>;

/* ---- The worker's data export (GET /api/user/export). ---- */

/** One service's part of an export: whatever records it holds about the user, by name. */
export const ZServiceExportSchema = z.record(z.string(), z.unknown());
export type TServiceExport = z.infer<typeof ZServiceExportSchema>;

/** The whole export: who, when, until when the download is offered, and each service's part. */
export const ZUserExportSchema = z.object({
  userId: z.uuid(),
  generatedAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  services: z.record(z.string(), ZServiceExportSchema),
  /** Services that did not answer (the export is then incomplete and says so). */
  missing: z.array(z.string()),
});
export type TUserExport = z.infer<typeof ZUserExportSchema>;

/** POST /api/user/export answers where the file waits; GET /api/user/export/{id} downloads it (24 hours). */
export const ZUserExportTicketSchema = z.object({ id: z.uuid(), generatedAt: z.string(), expiresAt: z.string(), missing: z.array(z.string()) });
export type TUserExportTicket = z.infer<typeof ZUserExportTicketSchema>;
export const USER_EXPORT_TTL_HOURS = 24;
