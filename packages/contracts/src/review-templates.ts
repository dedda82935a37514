import { z } from 'zod';
import { ZTextSchema } from './common.js';
import { MAX_ACCEPTANCE_CRITERIA, MAX_REVIEW_TEMPLATE_BODY_LENGTH, MAX_REVIEW_TEMPLATE_TITLE_LENGTH } from './constants.js';

/**
 * Reason templates of the review cockpit (issue 30 item 2, work service): short rejection texts an admin team keeps,
 * each may name a task's acceptance criterion by number, and carry the variables below. A rejection picks one (its
 * text rendered for the submission, editable before sending) and names it (`templateId`), which counts the use.
 */
export { MAX_REVIEW_TEMPLATE_BODY_LENGTH, MAX_REVIEW_TEMPLATE_TITLE_LENGTH, MAX_REVIEW_TEMPLATES } from './constants.js';

export {
  REVIEW_TEMPLATE_VARIABLES,
  REVIEW_TEMPLATE_VALUE_MAX_LENGTH,
  clipText,
  unknownTemplateVariables,
  templateVariablesOf,
  renderReviewTemplate,
  type TReviewTemplateVariable,
} from './review-template-text.js';

/** A saved template as the console reads it. `uses`: the rejections that named it (counted by the server). */
export const ZReviewTemplateSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  /** The acceptance criterion it cites, by number (1 = the task's first), or null. */
  criterion: z.number().int().nullable(),
  /** Its place in the list (0 on top); the first nine are picked by the keys 1 to 9. */
  sortOrder: z.number().int(),
  uses: z.number().int().nonnegative(),
  createdBy: z.uuid().nullable(),
  updatedBy: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TReviewTemplate = z.infer<typeof ZReviewTemplateSchema>;

/** GET /api/admin/review-templates: all of them (at most MAX_REVIEW_TEMPLATES, so not paged), in list order. */
export const ZReviewTemplateListSchema = z.object({ items: z.array(ZReviewTemplateSchema), max: z.number().int() });
export type TReviewTemplateList = z.infer<typeof ZReviewTemplateListSchema>;

const ZTemplateCriterionSchema = z
  .number({ error: 'The criterion must be a number from 1 to 10' })
  .int('The criterion must be a number from 1 to 10')
  .min(1, 'The criterion must be a number from 1 to 10')
  .max(MAX_ACCEPTANCE_CRITERIA, `The criterion must be a number from 1 to ${MAX_ACCEPTANCE_CRITERIA}`);

/** POST /api/admin/review-templates. */
export const ZCreateReviewTemplateRequestSchema = z.strictObject({
  title: ZTextSchema('Title', { error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(MAX_REVIEW_TEMPLATE_TITLE_LENGTH, `Title must be at most ${MAX_REVIEW_TEMPLATE_TITLE_LENGTH} characters`),
  body: ZTextSchema('Text', { error: 'Text is required' })
    .trim()
    .min(1, 'Text is required')
    .max(MAX_REVIEW_TEMPLATE_BODY_LENGTH, `Text must be at most ${MAX_REVIEW_TEMPLATE_BODY_LENGTH} characters`),
  criterion: ZTemplateCriterionSchema.nullable().optional(),
  sortOrder: z.number({ error: 'Order must be a whole number from 0 to 1000' }).int('Order must be a whole number from 0 to 1000').min(0, 'Order must be a whole number from 0 to 1000').max(1000, 'Order must be a whole number from 0 to 1000').optional(),
});
export type TCreateReviewTemplateRequest = z.infer<typeof ZCreateReviewTemplateRequestSchema>;

/** PATCH /api/admin/review-templates/{id}: any subset of the create fields. */
export const ZUpdateReviewTemplateRequestSchema = ZCreateReviewTemplateRequestSchema.partial();
export type TUpdateReviewTemplateRequest = z.infer<typeof ZUpdateReviewTemplateRequestSchema>;

export const ZReviewTemplateResponseSchema = z.object({ message: z.string(), template: ZReviewTemplateSchema });
export type TReviewTemplateResponse = z.infer<typeof ZReviewTemplateResponseSchema>;

const ZTemplateStateSchema = z.object({ title: z.string(), body: z.string(), criterion: z.number().int().nullable(), sortOrder: z.number().int() });

/** An admin created, changed or deleted a reason template (work service): the audit log. */
export const ZReviewTemplateChangedDataSchema = z.object({
  templateId: z.uuid(),
  action: z.enum(['created', 'updated', 'deleted']),
  before: ZTemplateStateSchema.nullable(),
  after: ZTemplateStateSchema.nullable(),
  changedBy: z.uuid(),
  changedAt: z.iso.datetime({ offset: true }),
});
export type TReviewTemplateChangedData = z.infer<typeof ZReviewTemplateChangedDataSchema>;
