import { z } from 'zod';

/** Error body every service and the gateway answer with. */
export const ZErrorResponseSchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponseSchema>;

/** A money amount as a decimal string with at most 2 decimals, never a float. */
export const ZMoneySchema = z.string().regex(/^-?\d{1,10}(\.\d{1,2})?$/, 'Amount must be a number with at most 2 decimals');

export const ROLES = ['employee', 'admin'] as const;
export const ZRoleSchema = z.enum(ROLES);
export type TRole = z.infer<typeof ZRoleSchema>;

export const ZUuidSchema = z.uuid();
