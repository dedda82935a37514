import { MAX_CRITERION_LENGTH, MAX_REJECTION_REASON_LENGTH } from './constants.js';

/**
 * The text side of the review cockpit's reason templates (issue 30 item 2): the variables, the check of a template's
 * text and its rendering for one submission. Imports nothing but constants, so the console takes it without any
 * schema code (`@platform/contracts/review-template-text`); the schemas are in review-templates.ts.
 */

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
