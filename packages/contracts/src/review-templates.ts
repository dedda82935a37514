import { z } from 'zod';
import { ZTextSchema } from './common.js';
import {
  MAX_ACCEPTANCE_CRITERIA,
  MAX_CRITERION_LENGTH,
  MAX_REJECTION_REASON_LENGTH,
  MAX_REVIEW_TEMPLATE_BODY_LENGTH,
  MAX_REVIEW_TEMPLATE_TITLE_LENGTH,
} from './constants.js';

/**
 * Reason templates of the review cockpit (issue 30 item 2, work service): short rejection texts an admin team keeps,
 * each may name a task's acceptance criterion by number, and carry the variables below. A rejection picks one (its
 * text rendered for the submission, editable before sending) and names it (`templateId`), which counts the use.
 */
export { MAX_REVIEW_TEMPLATE_BODY_LENGTH, MAX_REVIEW_TEMPLATE_TITLE_LENGTH, MAX_REVIEW_TEMPLATES } from './constants.js';

/** The variables a template may carry: the worker's first name, the named criterion's text, the task's title. */
export const REVIEW_TEMPLATE_VARIABLES = ['firstName', 'criterion', 'taskTitle'] as const;
export type TReviewTemplateVariable = (typeof REVIEW_TEMPLATE_VARIABLES)[number];

/** The longest value of each variable put into a text (a longer one is cut, with an ellipsis). */
export const REVIEW_TEMPLATE_VALUE_MAX_LENGTH: Record<TReviewTemplateVariable, number> = { firstName: 100, criterion: MAX_CRITERION_LENGTH, taskTitle: 200 };

/** `{{name}}`, spaces inside the braces allowed. */
const TOKEN = /\{\{\s*([^{}]*?)\s*\}\}/g;
const NAMES_REPORTED = 5;
const NAME_REPORTED_LENGTH = 40;

function isVariable(name: string): name is TReviewTemplateVariable {
  return (REVIEW_TEMPLATE_VARIABLES as readonly string[]).includes(name);
}

/** Cuts a text to `max` characters (code points, never half a pair), the last one an ellipsis when it was longer. */
export function clipText(value: string, max: number): string {
  const chars = Array.from(value);
  return chars.length <= max ? value : `${chars.slice(0, Math.max(0, max - 1)).join('')}…`;
}

/**
 * What a template's text names that is not one of REVIEW_TEMPLATE_VARIABLES: each unknown `{{name}}` (cut to 40
 * characters), and a `{{` or `}}` that opens or closes no variable; at most 5, in order of appearance. Empty: the
 * text may be saved.
 */
export function unknownTemplateVariables(body: string): string[] {
  const unknown: string[] = [];
  const add = (name: string) => {
    const shown = clipText(name, NAME_REPORTED_LENGTH);
    if (!unknown.includes(shown)) unknown.push(shown);
  };
  const rest = body.replace(TOKEN, (whole: string, name: string) => {
    if (!isVariable(name)) add(name === '' ? whole : name);
    return ' ';
  });
  if (rest.includes('{{')) add('{{');
  if (rest.includes('}}')) add('}}');
  return unknown.slice(0, NAMES_REPORTED);
}

/** The variables a template's text uses, each once. */
export function templateVariablesOf(body: string): TReviewTemplateVariable[] {
  const used = new Set<TReviewTemplateVariable>();
  for (const match of body.matchAll(TOKEN)) if (isVariable(match[1] ?? '')) used.add(match[1] as TReviewTemplateVariable);
  return [...used];
}

/** A value as it goes into a reason: one line, no control characters (the reason is refused with them), cut to its cap. */
function valueText(name: TReviewTemplateVariable, value: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const flat = (value ?? '').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return clipText(flat, REVIEW_TEMPLATE_VALUE_MAX_LENGTH[name]);
}

/**
 * A template's text for one submission: each known `{{variable}}` replaced by its value, in one pass, so a value that
 * itself looks like `{{criterion}}` (a worker named so) stays as written and is never expanded. Values are plain text:
 * the result is a string the screens show as text (never as HTML) and send as the rejection reason. Each value is
 * cut to its cap, the whole to the reason's maximum length. An unknown name (a template saved before this check)
 * stays as written.
 */
export function renderReviewTemplate(body: string, values: Partial<Record<TReviewTemplateVariable, string>>): string {
  const text = body.replace(TOKEN, (whole: string, name: string) => (isVariable(name) ? valueText(name, values[name]) : whole));
  return clipText(text, MAX_REJECTION_REASON_LENGTH);
}

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
