import { z } from 'zod';
import { fieldIssueCode } from './errors.js';

/** Parameters of an error code (errors.ts): numbers, decimal amounts, field names, words, deletion blockers. */
const ZErrorParamsSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.array(z.object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() }))]),
);

/**
 * Error body every service and the gateway answer with. `code` is one of ERROR_CODES (errors.ts) and `params` its
 * parameters (present when the code has any), so a screen says it in the reader's language; `message` is the English
 * sentence. `field` names the input the refusal belongs to (the first validation issue's path, or a business rule
 * about one field such as a taken e-mail), so a screen shows the message under that field and keeps the form as typed;
 * without it the message belongs to no field. `details` are the validation issues, each with its own code and
 * parameters when it has them (REQUEST.FIELD_REQUIRED, or a rule that names its code).
 */
export const ZErrorResponseSchema = z.object({
  message: z.string(),
  code: z.string(),
  params: ZErrorParamsSchema.optional(),
  field: z.string().optional(),
  details: z.array(z.object({ path: z.string(), message: z.string(), code: z.string().optional(), params: ZErrorParamsSchema.optional() })).optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponseSchema>;

/** A money amount as a decimal string with at most 2 decimals, never a float. */
export const ZMoneySchema = z.string().regex(/^-?\d{1,10}(\.\d{1,2})?$/, 'Amount must be a number with at most 2 decimals');

export const ROLES = ['employee', 'admin'] as const;
export const ZRoleSchema = z.enum(ROLES);
export type TRole = z.infer<typeof ZRoleSchema>;

/** The languages of the interface and of the e-mails a user receives (issue 28): English, the fallback, and Russian. */
export const LANGUAGES = ['en', 'ru'] as const;
export const ZLanguageSchema = z.enum(LANGUAGES, { error: 'language must be en or ru' });
export type TLanguage = z.infer<typeof ZLanguageSchema>;

export const ZUuidSchema = z.uuid();

/** C0 controls but tab (U+0009) and line feed (U+000A), DEL (U+007F) and the C1 controls (U+0080-U+009F). */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
/** A lone UTF-16 surrogate: in unicode mode a well-formed pair is one code point, so only a lone half is Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

/** "\r\n" and a lone "\r" become "\n": text pasted from Windows (or sent by a form, which uses CRLF) keeps its lines. */
export function normaliseLineBreaks(value: string): string {
  return value.includes('\r') ? value.replace(/\r\n?/g, '\n') : value;
}

/**
 * Why a text (line breaks already normalised) cannot be taken, as the screen shows it, or undefined when it can.
 * The check of ZTextSchema, also for text that does not arrive through zod (multipart fields, hand-written parses).
 */
export function findTextProblem(value: string, label: string): string | undefined {
  return findTextProblemCoded(value, label)?.message;
}

/** findTextProblem with the code the screens say it by (FIELD.CONTROL_CHARACTERS, FIELD.INVALID_UNICODE). */
function findTextProblemCoded(value: string, label: string): { message: string; code: 'FIELD.CONTROL_CHARACTERS' | 'FIELD.INVALID_UNICODE' } | undefined {
  if (CONTROL_CHARACTER.test(value)) return { message: `${label} must not contain control characters`, code: 'FIELD.CONTROL_CHARACTERS' };
  // The same as !value.isWellFormed() (ES2024), without needing that library's types.
  if (LONE_SURROGATE.test(value)) return { message: `${label} must be valid Unicode text`, code: 'FIELD.INVALID_UNICODE' };
  return undefined;
}

/**
 * The one primitive for text a client sends: every string of a body, query or path parameter starts from it.
 * - Line breaks are normalised first ("\r\n" and "\r" become "\n"), so a CR is never refused as a control
 *   character and what is stored and compared has one kind of line break.
 * - Control characters other than tab and line feed are refused with 400 and "<label> must not contain control
 *   characters" (a NUL would otherwise reach PostgreSQL, which cannot store it: a 500).
 * - Lone surrogates (text that is not well-formed Unicode, e.g. "\ud800" escaped in JSON) are refused with
 *   "<label> must be valid Unicode text" (PostgreSQL would store U+FFFD, or refuse it inside jsonb).
 * These checks come first, so their message is the answer (the first issue) even when a later rule of the field
 * fails too; they do not abort, so inside a union the string branch's message is the one reported. Chain the
 * field's own rules after it, e.g. `ZTextSchema('Title', { error: 'Title is required' }).trim().min(1).max(200)`.
 */
export const ZTextSchema = (label: string, params?: Parameters<typeof z.string>[0]) =>
  z
    .string(params)
    .overwrite(normaliseLineBreaks)
    .superRefine((value, ctx) => {
      const problem = findTextProblemCoded(value, label);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message, params: fieldIssueCode(problem.code) });
    });

/** A uuid as PostgreSQL's uuid type reads one (any version, either case): the one copy of the pattern. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** The issue param by which a refusal is the record's 404 (`{message, code}` of its not-found), not a 400. */
export const NOT_FOUND_ISSUE_PARAM = 'notFoundCode';

/**
 * A record id in a path (`/api/admin/tasks/:id`). Text like every client string (ZTextSchema: a control character or
 * a lone surrogate is 400 naming the field); then anything that is not a uuid cannot name a record, so it is refused
 * as that record's not-found: 404 with its code and message, the same answer as an id that names nothing (ids are
 * never confirmed). service-kit's error handler turns the issue into that 404. The value comes out lower-cased.
 * `notFound` is the service's error factory, e.g. `ZIdSchema(WORK_ERRORS.taskNotFound)`.
 */
export const ZIdSchema = (notFound: () => { code: string; message: string }, label = 'Id') => {
  const { code, message } = notFound();
  return ZTextSchema(label)
    .refine(isUuid, { message, params: { [NOT_FOUND_ISSUE_PARAM]: code } })
    .transform((value) => value.toLowerCase());
};

/** Path parameters `{ id }` of one record; see ZIdSchema. */
export const ZIdParamsSchema = (notFound: () => { code: string; message: string }) => z.strictObject({ id: ZIdSchema(notFound) });
