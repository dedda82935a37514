import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODE_ISSUE_PARAM, ERROR_CODES, fieldRuleCodeOf, isErrorCode, type TFieldRuleIssue } from './errors.js';
import * as contracts from './index.js';
import { NOT_FOUND_ISSUE_PARAM } from './common.js';

/**
 * Every field rule of every schema in contracts reaches the screens with an error code (issue 28 item 1), so a
 * Russian reader never gets the rule's English sentence: a built-in check (length, bound, format, choice, type) is
 * said by its kind (fieldRuleCodeOf), a rule with a sentence of its own (`refine`) must name its code
 * (fieldIssueCode / issueCode). This walks every exported schema and lists each rule that would reach a reader
 * without one.
 */

/** The issue a built-in check or type refuses with, as zod writes it (only what fieldRuleCodeOf reads). */
function issueOfCheck(check: string): TFieldRuleIssue | 'none' | undefined {
  switch (check) {
    case 'min_length':
    case 'min_size':
    case 'length_equals':
    case 'size_equals':
      return { code: 'too_small', origin: 'string', minimum: 2 };
    case 'max_length':
    case 'max_size':
      return { code: 'too_big', origin: 'string', maximum: 2 };
    case 'greater_than':
    case 'number_format':
    case 'bigint_format':
      return { code: 'too_small', origin: 'number', minimum: 0 };
    case 'less_than':
      return { code: 'too_big', origin: 'number', maximum: 0 };
    case 'string_format':
      return { code: 'invalid_format' };
    case 'multiple_of':
      return { code: 'not_multiple_of' };
    case 'overwrite':
      return 'none';
    default:
      return undefined;
  }
}

interface TDef {
  type: string;
  checks?: { _zod: { def: { check: string; type?: string; fn?: unknown; params?: Record<string, unknown> } } }[];
  [key: string]: unknown;
}

const defOf = (schema: unknown): TDef | undefined => (schema as { _zod?: { def?: TDef } } | undefined)?._zod?.def;

/** Each rule of `schema` that would reach a reader without a code, as "<where>: <what>". */
function uncodedRules(schema: unknown, where: string, seen = new Set<unknown>()): string[] {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return [];
  seen.add(schema);
  const found: string[] = [];
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'custom') {
      // refine(fn, ...) keeps its params; superRefine's issues carry theirs (or fall to FIELD.INVALID by kind).
      const named = c.params?.[ERROR_CODE_ISSUE_PARAM] ?? c.params?.[NOT_FOUND_ISSUE_PARAM];
      if (c.fn && !isErrorCode(named)) found.push(`${where}: a refine without a code`);
      continue;
    }
    const issue = issueOfCheck(c.check);
    if (issue === undefined) found.push(`${where}: check ${c.check} has no kind in fieldRuleCodeOf`);
    else if (issue !== 'none' && !fieldRuleCodeOf(issue, 'x')) found.push(`${where}: check ${c.check} is said by no code`);
  }
  const typeIssue: TFieldRuleIssue = { code: def.type === 'enum' || def.type === 'literal' ? 'invalid_value' : def.type === 'union' ? 'invalid_union' : 'invalid_type' };
  if (!fieldRuleCodeOf(typeIssue, 'x')) found.push(`${where}: a ${def.type} refused by no code`);
  const walk = (child: unknown, at: string) => found.push(...uncodedRules(child, at, seen));
  switch (def.type) {
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) walk(child, `${where}.${key}`);
      break;
    case 'array':
      walk(def.element, `${where}[]`);
      break;
    case 'union':
      (def.options as unknown[]).forEach((option, i) => walk(option, `${where}|${i}`));
      break;
    case 'intersection':
      walk(def.left, where);
      walk(def.right, where);
      break;
    case 'pipe':
      walk(def.in, where);
      walk(def.out, where);
      break;
    case 'record':
      walk(def.keyType, `${where}{key}`);
      walk(def.valueType, `${where}{}`);
      break;
    case 'tuple':
      (def.items as unknown[]).forEach((item, i) => walk(item, `${where}[${i}]`));
      break;
    default:
      if (def.innerType) walk(def.innerType, where);
  }
  return found;
}

/** Every schema contracts exports (Z...Schema values; the factories are walked where a schema uses them). */
const schemas = Object.entries(contracts).filter(([name, value]) => name.startsWith('Z') && defOf(value) !== undefined);

describe('field rules in contracts (issue 28 item 1)', () => {
  it('finds the request schemas to walk', () => {
    const names = schemas.map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(['ZRegisterRequestSchema', 'ZCreateTaskRequestSchema', 'ZCreateWithdrawalRequestSchema', 'ZAdjustBalanceRequestSchema']));
    expect(names.length).toBeGreaterThan(100);
  });

  it('every rule of every exported schema reaches the reader with an error code', () => {
    expect(schemas.flatMap(([name, schema]) => uncodedRules(schema, name))).toEqual([]);
  });

  it('when a rule has a sentence of its own but no code, or a check of an unknown kind, then the walk names it', () => {
    const bad = z.object({
      title: z.string().refine((v) => v !== 'x', 'Title must not be x'),
      tag: z.string().check(z.endsWith('!')),
    });
    expect(uncodedRules(bad, 'Bad')).toEqual(['Bad.title: a refine without a code']);
    const unknown = { _zod: { def: { type: 'string', checks: [{ _zod: { def: { check: 'a_new_kind' } } }] } } };
    expect(uncodedRules(unknown, 'New')).toEqual(['New: check a_new_kind has no kind in fieldRuleCodeOf']);
  });

  it('the issues the schemas really raise have the codes the walk expects, with the field and limit', () => {
    const register = contracts.ZRegisterRequestSchema.safeParse({ email: 'not-an-email', password: '1', confirmPassword: '2', firstName: 'A', lastName: 'B' });
    const issues = register.error?.issues ?? [];
    const coded = issues.map((issue) => {
      const params = (issue as { params?: Record<string, unknown> }).params;
      return isErrorCode(params?.[ERROR_CODE_ISSUE_PARAM]) ? params[ERROR_CODE_ISSUE_PARAM] : fieldRuleCodeOf(issue as TFieldRuleIssue, issue.path.join('.'))?.code;
    });
    expect(coded.every((code) => isErrorCode(code) && Object.hasOwn(ERROR_CODES, code))).toBe(true);
    const tooLong = contracts.ZCreateTaskRequestSchema.safeParse({ title: 'x'.repeat(1000), description: 'd', reward: '1.00', submissionInstructions: 's' });
    const first = tooLong.error?.issues.find((i) => i.path[0] === 'title');
    expect(fieldRuleCodeOf(first as TFieldRuleIssue, 'title')).toEqual({ code: 'FIELD.TOO_LONG', params: { field: 'title', max: expect.any(Number) } });
  });
});
