import { z } from 'zod';

/**
 * Error body every service and the gateway answer with. `field` names the input the refusal belongs to (the first
 * validation issue's path, or a business rule about one field such as a taken e-mail), so a screen shows the message
 * under that field and keeps the form as typed; without it the message belongs to no field.
 */
export const ZErrorResponseSchema = z.object({
  message: z.string(),
  code: z.string(),
  field: z.string().optional(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponseSchema>;

/** A money amount as a decimal string with at most 2 decimals, never a float. */
export const ZMoneySchema = z.string().regex(/^-?\d{1,10}(\.\d{1,2})?$/, 'Amount must be a number with at most 2 decimals');

export const ROLES = ['employee', 'admin'] as const;
export const ZRoleSchema = z.enum(ROLES);
export type TRole = z.infer<typeof ZRoleSchema>;

export const ZUuidSchema = z.uuid();
