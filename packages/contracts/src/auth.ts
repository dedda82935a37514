import { z } from 'zod';
import { fieldIssueCode } from './errors.js';
import { ZLanguageSchema, ZRoleSchema, ZTextSchema } from './common.js';
import { VERIFICATION_STATUSES } from './verification.js';

const ZEmailSchema = ZTextSchema('Email').trim().toLowerCase().pipe(z.email('Please enter a valid email address').max(254, 'Email is too long'));

export const ZLoginRequestSchema = z.strictObject({
  email: ZEmailSchema,
  password: ZTextSchema('Password').min(1, 'Password is required').max(200, 'Password is too long'),
});
export type TLoginRequest = z.infer<typeof ZLoginRequestSchema>;

export const PASSWORD_MIN_LENGTH = 6;
const ZNewPasswordSchema = ZTextSchema('Password', { error: 'Enter new password' })
  .min(1, 'Enter new password')
  .min(PASSWORD_MIN_LENGTH, 'Password must contain at least 6 characters')
  .max(200, 'Password is too long');

const ZNameSchema = (label: string) =>
  ZTextSchema(label, { error: `${label} is required` }).trim().min(1, `${label} is required`).max(100, `${label} is too long`);

export const ZRegisterRequestSchema = z
  .strictObject({
    email: ZEmailSchema,
    password: ZNewPasswordSchema,
    confirmPassword: ZTextSchema('Password').max(200, 'Password is too long').optional(),
    firstName: ZNameSchema('First name'),
    lastName: ZNameSchema('Last name'),
    telegramUsername: ZTextSchema('Telegram username').trim().max(64, 'Telegram username is too long').optional().nullable(),
    referralSource: ZTextSchema('Referral source').trim().max(100).optional().nullable(),
    /** The interface's language at registration: the user's e-mails go out in it (default en). */
    language: ZLanguageSchema.optional(),
  })
  .refine((b) => b.confirmPassword === undefined || b.confirmPassword === b.password, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
    params: fieldIssueCode('FIELD.PASSWORDS_DIFFER'),
  });
export type TRegisterRequest = z.infer<typeof ZRegisterRequestSchema>;

export const ZForgotPasswordRequestSchema = z.strictObject({
  email: ZTextSchema('Email', { error: 'Enter your email address' }).trim().toLowerCase().min(1, 'Enter your email address').pipe(z.email('Please enter a valid email address').max(254)),
});
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequestSchema>;

const ZResetTokenSchema = ZTextSchema('Recovery token', { error: 'Recovery token not found' }).min(1, 'Recovery token not found').max(200, 'Recovery link has expired or is invalid');

export const ZValidateResetTokenRequestSchema = z.strictObject({ token: ZResetTokenSchema });
export type TValidateResetTokenRequest = z.infer<typeof ZValidateResetTokenRequestSchema>;

export const ZResetPasswordRequestSchema = z.strictObject({ token: ZResetTokenSchema, newPassword: ZNewPasswordSchema });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequestSchema>;

/** The signed-in user as the client reads it (spec 01 section 3, spec 02 section 3). */
export const ZUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  telegramUsername: z.string().nullable(),
  role: ZRoleSchema,
  isActive: z.boolean(),
  isVerified: z.boolean(),
  /**
   * The identity verification as the screens tell it (spec 02 s.3): pending while an application awaits a decision,
   * else the latest decision (approved, rejected), approved when an admin marked the user verified without one, none
   * before the first application. The same rule as GET /api/user/verification's status.
   */
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  welcomeVideoShown: z.boolean(),
  documentsAccepted: z.boolean(),
  documentsAcceptedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The language of the user's e-mails: set at registration and whenever the user switches the interface's language. */
  language: ZLanguageSchema,
  /**
   * Available balance, a decimal string, read from the payouts service (which owns it) at the time of the answer.
   * null when payouts could not be asked or did not answer in time: "unknown", never to be shown as 0.00.
   */
  balance: z.string().nullable(),
  /** Held for pending withdrawals, a decimal string; null like balance. */
  heldBalance: z.string().nullable(),
});
export type TUser = z.infer<typeof ZUserSchema>;

/**
 * auth GET /internal/users/{id}/profile: how another service names a user it has no copy of yet (chat's authors), and
 * whether they may act (isActive false: banned). The user themself or an admin may ask.
 */
export const ZInternalUserProfileSchema = ZUserSchema.pick({ firstName: true, lastName: true, role: true, isActive: true });
export type TInternalUserProfile = z.infer<typeof ZInternalUserProfileSchema>;

/** PUT /api/user/language (auth): the language of the user's e-mails, saved when the interface's language changes. */
export const ZUserLanguageRequestSchema = z.strictObject({ language: ZLanguageSchema });
export type TUserLanguageRequest = z.infer<typeof ZUserLanguageRequestSchema>;
export const ZUserLanguageSchema = z.object({ language: ZLanguageSchema });
export type TUserLanguage = z.infer<typeof ZUserLanguageSchema>;

export const ZAuthResponseSchema = z.object({ token: z.string(), user: ZUserSchema });
export type TAuthResponse = z.infer<typeof ZAuthResponseSchema>;

export const ZMessageResponseSchema = z.object({ message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponseSchema>;

export const ZValidateResetTokenResponseSchema = z.object({ valid: z.literal(true), email: z.string() });
export type TValidateResetTokenResponse = z.infer<typeof ZValidateResetTokenResponseSchema>;

/** Claims of the access token issued by the identity service. */
export const ZAccessTokenClaimsSchema = z.object({
  sub: z.uuid(),
  role: ZRoleSchema,
  jti: z.string().min(1),
  iat: z.number(),
  exp: z.number(),
});
export type TAccessTokenClaims = z.infer<typeof ZAccessTokenClaimsSchema>;

export const ZSuccessResponseSchema = z.object({ success: z.literal(true) });
export type TSuccessResponse = z.infer<typeof ZSuccessResponseSchema>;

/** Onboarding (spec 01 sections 3, 4 and 7). */
export const ZWelcomeStatusResponseSchema = z.object({ shouldShowWelcome: z.boolean() });
export type TWelcomeStatusResponse = z.infer<typeof ZWelcomeStatusResponseSchema>;

/** A company document as the viewer reads it; content is HTML sanitised when it was saved. */
export const ZCompanyDocumentSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  version: z.string(),
  content: z.string(),
  updatedAt: z.string(),
});
export type TCompanyDocument = z.infer<typeof ZCompanyDocumentSchema>;

/** A document the user must accept; accepted means accepted in its current version. */
export const ZRequiredDocumentSchema = ZCompanyDocumentSchema.extend({ accepted: z.boolean() });
export type TRequiredDocument = z.infer<typeof ZRequiredDocumentSchema>;

/** The client sends only its user agent; the server records the address from the request itself. */
export const ZAcceptDocumentRequestSchema = z.strictObject({
  userAgent: ZTextSchema('User agent').max(1000, 'User agent is too long').optional().nullable(),
});
export type TAcceptDocumentRequest = z.infer<typeof ZAcceptDocumentRequestSchema>;

export const ZDocumentAcceptanceSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  documentId: z.uuid(),
  documentVersion: z.string(),
  acceptedAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type TDocumentAcceptance = z.infer<typeof ZDocumentAcceptanceSchema>;

/** Calls without a payload accept no body or an empty JSON object, nothing else. */
export const ZEmptyBodySchema = z.strictObject({}).nullish();
