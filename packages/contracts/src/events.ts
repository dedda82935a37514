import { z } from 'zod';
import { ZRoleSchema } from './common.js';

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
});
export type TUserUpdatedData = z.infer<typeof ZUserUpdatedDataSchema>;

/** Every event type the platform publishes, with the schema of its data. */
export const EVENT_SCHEMAS = {
  'user.registered': ZUserRegisteredDataSchema,
  'user.updated': ZUserUpdatedDataSchema,
  'password_reset.requested': ZPasswordResetRequestedDataSchema,
  'password_reset.completed': ZPasswordResetCompletedDataSchema,
} as const;
export type TEventType = keyof typeof EVENT_SCHEMAS;
export type TEventData<K extends TEventType> = z.infer<(typeof EVENT_SCHEMAS)[K]>;

/** Parses an envelope and, for a known type, its data; throws a ZodError on a malformed event. */
export function parseEvent(raw: unknown): TEventEnvelope {
  const envelope = ZEventEnvelopeSchema.parse(raw);
  const schema = (EVENT_SCHEMAS as Record<string, z.ZodType>)[envelope.type];
  return schema ? { ...envelope, data: schema.parse(envelope.data) } : envelope;
}
