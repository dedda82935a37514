import { z } from 'zod';

/**
 * Payloads of the Email Templates calls (spec 03 sections 5 and 7). They belong in packages/contracts once the
 * admin console's client reads them from there.
 */
const requiredText = (label: string, max: number, options: { trim: boolean }) => {
  const base = z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`) });
  return (options.trim ? base.trim() : base)
    .refine((value) => value.trim().length > 0, `${label} is required`)
    .refine((value) => value.length <= max, `${label} is too long (at most ${max} characters)`);
};

export const TEMPLATE_NAME_MAX = 100;
export const TEMPLATE_SUBJECT_MAX = 300;
export const TEMPLATE_CONTENT_MAX = 500_000;

const ZNameSchema = requiredText('Name', TEMPLATE_NAME_MAX, { trim: true });
const ZSubjectSchema = requiredText('Subject', TEMPLATE_SUBJECT_MAX, { trim: true });
const ZHtmlContentSchema = requiredText('HTML content', TEMPLATE_CONTENT_MAX, { trim: false });
const ZTextContentSchema = requiredText('Text content', TEMPLATE_CONTENT_MAX, { trim: false });
const ZVariablesSchema = z
  .array(z.string().trim().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'A variable name may contain only letters, digits and _'), {
    error: 'Variables must be a list of names',
  })
  .max(50, 'At most 50 variables')
  .nullish()
  .transform((list) => (list ? [...new Set(list)] : undefined));

export const ZCreateEmailTemplateRequestSchema = z.strictObject({
  name: ZNameSchema,
  subject: ZSubjectSchema,
  htmlContent: ZHtmlContentSchema,
  textContent: ZTextContentSchema,
  variables: ZVariablesSchema,
});
export type TCreateEmailTemplateRequest = z.infer<typeof ZCreateEmailTemplateRequestSchema>;

/** Every field optional; the name may be sent (the edit dialog sends the whole form) but must not change. */
export const ZUpdateEmailTemplateRequestSchema = z.strictObject({
  name: ZNameSchema.optional(),
  subject: ZSubjectSchema.optional(),
  htmlContent: ZHtmlContentSchema.optional(),
  textContent: ZTextContentSchema.optional(),
  variables: ZVariablesSchema,
});
export type TUpdateEmailTemplateRequest = z.infer<typeof ZUpdateEmailTemplateRequestSchema>;

export const ZEmailTemplateIdParamsSchema = z.strictObject({ id: z.string() });

export const ZEmailTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  subject: z.string(),
  htmlContent: z.string(),
  textContent: z.string(),
  variables: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TEmailTemplateResponse = z.infer<typeof ZEmailTemplateSchema>;
export const ZEmailTemplateListSchema = z.array(ZEmailTemplateSchema);
