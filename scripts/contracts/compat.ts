/**
 * Backward compatibility of JSON Schemas (2020-12, as zod's toJSONSchema and service-kit openapi.ts write them), in
 * the direction that matters to whoever holds the older copy:
 *
 * - `accept`: the new schema must accept every value the old one accepted (a request a released client sends; an
 *   event of the released version that a consumer at this version reads). Fails on narrowing: a field removed, an
 *   optional field made required, a new required field, a type, enum, range, length or pattern made narrower, null
 *   no longer allowed, unknown fields newly refused.
 * - `produce`: every value the new schema allows must be readable by a reader of the old one (an answer a released
 *   client reads; an event a consumer at the released version reads). Fails on widening: a field removed or made
 *   optional (it may be missing), null or another type allowed. With `lenient` (answers), enum values added and
 *   relaxed ranges, lengths and patterns are notes, and `additionalProperties: false` of an answer is no promise
 *   (clients ignore fields they do not know); without it (events: consumers parse with zod) they fail too.
 *
 * Written here rather than taken from npm: json-schema-diff (and openapi-diff, built on it) ignores `format` and
 * `pattern` (zod's uuid, datetime and money rules), reports a set difference as a schema rather than the field at
 * fault, targets OpenAPI 3.0 (these documents are 3.1) and depends on the deprecated json-schema-ref-parser; Optic's
 * packages need its CLI. The subset zod emits is small, so the rules are listed here and tested (compat.test.ts).
 */

export type TJson = Record<string, unknown>;
export type TDirection = 'accept' | 'produce';

export interface TFinding {
  /** Where: `data.walletAddress`, `POST /api/withdrawals body.amount`, `components Error.code`. */
  path: string;
  message: string;
  /** False: a note (printed, never failing). */
  breaking: boolean;
}

export interface TCompareContext {
  /** Resolves a `$ref` of the old and of the new document. */
  resolveOld?: (ref: string) => TJson | undefined;
  resolveNew?: (ref: string) => TJson | undefined;
  /** Answers: widenings of values (enum, ranges, patterns) are notes, `additionalProperties: false` is no promise. */
  lenient?: boolean;
  /** Pairs of references already compared (each component is compared, and reported, once per direction). */
  seen?: Set<string>;
}

const isObject = (value: unknown): value is TJson => typeof value === 'object' && value !== null && !Array.isArray(value);

const ANNOTATIONS = ['description', 'title', 'examples', 'example'];

/** `names`: the object maps names to schemas (`properties`), so every key counts. */
function stable(value: unknown, names = false): string {
  if (Array.isArray(value)) return `[${value.map((item) => stable(item)).join(',')}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .filter((key) => names || !ANNOTATIONS.includes(key))
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stable(value[key], !names && ['properties', 'patternProperties', '$defs'].includes(key))}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Equal as schemas (descriptions, titles and examples do not count). */
export function sameSchema(a: unknown, b: unknown): boolean {
  return stable(a) === stable(b);
}

function deref(schema: unknown, resolve: ((ref: string) => TJson | undefined) | undefined): TJson {
  let current: unknown = schema;
  for (let i = 0; i < 20 && isObject(current) && typeof current.$ref === 'string'; i++) {
    const target = resolve?.(current.$ref);
    if (!target) break;
    const { $ref: _ref, ...rest } = current;
    current = Object.keys(rest).length ? { ...target, ...rest } : target;
  }
  return isObject(current) ? current : current === false ? { not: {} } : {};
}

function isNullSchema(s: TJson): boolean {
  return s.type === 'null' || (s.const === null && Object.keys(s).length === 1);
}

/** The alternatives of a schema (anyOf/oneOf, or a type list split), and whether null is one of them. */
function branchesOf(s: TJson, resolve: TCompareContext['resolveOld']): { branches: TJson[]; nullable: boolean } {
  const union = (Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : undefined) as unknown[] | undefined;
  let branches: TJson[];
  if (union && Object.keys(s).every((key) => ['anyOf', 'oneOf', 'description', 'title', 'default'].includes(key))) {
    branches = union.flatMap((branch) => {
      const inner = branchesOf(deref(branch, resolve), resolve);
      return inner.nullable ? [...inner.branches, { type: 'null' }] : inner.branches;
    });
  } else if (Array.isArray(s.type) && s.type.includes('null')) {
    const rest = (s.type as string[]).filter((t) => t !== 'null');
    branches = [{ ...s, type: rest.length === 1 ? rest[0] : rest }, { type: 'null' }];
  } else if (Array.isArray(s.enum) && s.enum.includes(null)) {
    branches = [{ ...s, enum: s.enum.filter((v) => v !== null) }, { type: 'null' }];
  } else {
    branches = [s];
  }
  return { branches: branches.filter((b) => !isNullSchema(b)), nullable: branches.some(isNullSchema) };
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The JSON types a schema allows (undefined: any). */
function typesOf(s: TJson): Set<string> | undefined {
  if ('const' in s) return new Set([jsonType(s.const)]);
  if (Array.isArray(s.enum)) return new Set(s.enum.map(jsonType));
  if (typeof s.type === 'string') return new Set([s.type]);
  if (Array.isArray(s.type)) return new Set(s.type as string[]);
  if (isObject(s.properties) || 'additionalProperties' in s) return new Set(['object']);
  if ('items' in s) return new Set(['array']);
  return undefined;
}

const covers = (types: Set<string>, t: string) => types.has(t) || (t === 'integer' && types.has('number'));

function valuesOf(s: TJson): unknown[] | undefined {
  if ('const' in s) return [s.const];
  return Array.isArray(s.enum) ? s.enum : undefined;
}

const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'] as const;
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'] as const;
const show = (value: unknown) => JSON.stringify(value);

/** Breaking changes (and notes) of `next` against `old`, read in `direction`. */
export function compareSchemas(old: unknown, next: unknown, direction: TDirection, path: string, context: TCompareContext = {}): TFinding[] {
  const findings: TFinding[] = [];
  compareInto(old, next, direction, path, { ...context, seen: context.seen ?? new Set() }, findings);
  return findings;
}

function compareInto(oldRaw: unknown, nextRaw: unknown, direction: TDirection, path: string, context: TCompareContext, findings: TFinding[]): void {
  // A pair of components is compared once (a cycle ends; a shared schema is reported once, under its name).
  if (isObject(oldRaw) && isObject(nextRaw) && typeof oldRaw.$ref === 'string' && typeof nextRaw.$ref === 'string') {
    const key = `${direction}|${oldRaw.$ref}|${nextRaw.$ref}`;
    if (context.seen!.has(key)) return;
    context.seen!.add(key);
    if (oldRaw.$ref === nextRaw.$ref) path = `components ${oldRaw.$ref.split('/').pop()}`;
  }
  const old = deref(oldRaw, context.resolveOld);
  const next = deref(nextRaw, context.resolveNew);
  if (sameSchema(old, next)) return;
  const o = branchesOf(old, context.resolveOld);
  const n = branchesOf(next, context.resolveNew);
  const report = (message: string, breaking = true) => findings.push({ path, message, breaking });
  // An alternative without a type ({}) takes null too.
  const takesAnything = (branches: TJson[]) => branches.some((branch) => !typesOf(branch) && !valuesOf(branch));
  if (direction === 'accept' && o.nullable && !n.nullable && !takesAnything(n.branches)) report('no longer accepts null');
  if (direction === 'produce' && n.nullable && !o.nullable && !takesAnything(o.branches)) report('may now be null (readers of the released version do not expect it)');
  if (o.branches.length === 1 && n.branches.length === 1) {
    compareSingle(o.branches[0]!, n.branches[0]!, direction, path, context, findings);
    return;
  }
  // Unions: each old alternative must still be accepted by one new alternative (accept); each new one must be
  // readable as one old alternative (produce).
  const [from, to] = direction === 'accept' ? [o.branches, n.branches] : [n.branches, o.branches];
  from.forEach((branch, i) => {
    const fits = to.some((candidate) => {
      const trial: TFinding[] = [];
      const [a, b] = direction === 'accept' ? [branch, candidate] : [candidate, branch];
      compareSingle(a, b, direction, path, { ...context, seen: new Set(context.seen) }, trial);
      return !trial.some((finding) => finding.breaking);
    });
    if (!fits) {
      report(
        direction === 'accept'
          ? `the released alternative ${i + 1} (${describe(branch)}) is no longer accepted`
          : `the new alternative ${i + 1} (${describe(branch)}) is not readable as any released one`,
      );
    }
  });
}

function describe(s: TJson): string {
  const values = valuesOf(s);
  if (values) return `one of ${values.map(show).join(', ')}`;
  const types = typesOf(s);
  return types ? [...types].join(' or ') : 'any value';
}

function compareSingle(old: TJson, next: TJson, direction: TDirection, path: string, context: TCompareContext, findings: TFinding[]): void {
  const report = (message: string, breaking = true) => findings.push({ path, message, breaking });
  const widening = (message: string) => report(message, !context.lenient);
  const accept = direction === 'accept';

  // Types.
  const ot = typesOf(old);
  const nt = typesOf(next);
  if (accept) {
    if (!ot && nt) report(`now must be ${[...nt].join(' or ')}`);
    if (ot && nt) for (const t of ot) if (t !== 'null' && !covers(nt, t)) report(`no longer accepts ${t} (now ${[...nt].join(' or ')})`);
  } else {
    if (ot && !nt) report(`may now be any value (was ${[...ot].join(' or ')})`);
    if (ot && nt) for (const t of nt) if (t !== 'null' && !covers(ot, t)) report(`may now be ${t} (was ${[...ot].join(' or ')})`);
  }

  // Enumerations.
  const ov = valuesOf(old);
  const nv = valuesOf(next);
  const has = (values: unknown[], value: unknown) => values.some((v) => sameSchema(v, value));
  if (accept) {
    if (!ov && nv) report(`narrowed to ${nv.map(show).join(', ')}`);
    if (ov && nv) for (const value of ov) if (!has(nv, value)) report(`no longer accepts ${show(value)}`);
  } else {
    if (ov && !nv) widening(`no longer limited to ${ov.map(show).join(', ')}`);
    if (ov && nv) for (const value of nv) if (!has(ov, value)) widening(`may now be ${show(value)} (not one of the released values)`);
  }

  // Ranges and lengths.
  for (const key of LOWER_BOUNDS) {
    const a = old[key] as number | undefined;
    const b = next[key] as number | undefined;
    if (accept && b !== undefined && (a === undefined || b > a)) report(`${key} raised from ${a ?? 'none'} to ${b}`);
    if (!accept && a !== undefined && (b === undefined || b < a)) widening(`${key} lowered from ${a} to ${b ?? 'none'}`);
  }
  for (const key of UPPER_BOUNDS) {
    const a = old[key] as number | undefined;
    const b = next[key] as number | undefined;
    if (accept && b !== undefined && (a === undefined || b < a)) report(`${key} lowered from ${a ?? 'none'} to ${b}`);
    if (!accept && a !== undefined && (b === undefined || b > a)) widening(`${key} raised from ${a} to ${b ?? 'none'}`);
  }
  for (const key of ['pattern', 'format', 'multipleOf'] as const) {
    if (old[key] === next[key]) continue;
    if (accept && next[key] !== undefined) report(old[key] === undefined ? `now must have ${key} ${show(next[key])}` : `${key} changed from ${show(old[key])} to ${show(next[key])}`);
    if (!accept && old[key] !== undefined) widening(next[key] === undefined ? `no longer has ${key} ${show(old[key])}` : `${key} changed from ${show(old[key])} to ${show(next[key])}`);
  }

  // Objects.
  const op = (isObject(old.properties) ? old.properties : {}) as Record<string, unknown>;
  const np = (isObject(next.properties) ? next.properties : {}) as Record<string, unknown>;
  const oreq = new Set((Array.isArray(old.required) ? old.required : []) as string[]);
  const nreq = new Set((Array.isArray(next.required) ? next.required : []) as string[]);
  for (const key of Object.keys(op)) {
    const at = `${path}.${key}`;
    if (!(key in np)) {
      findings.push({
        path: at,
        message: 'field removed',
        breaking: true,
      });
      continue;
    }
    if (accept && !oreq.has(key) && nreq.has(key)) findings.push({ path: at, message: 'optional field made required', breaking: true });
    if (!accept && oreq.has(key) && !nreq.has(key)) findings.push({ path: at, message: 'required field made optional (it may be missing)', breaking: true });
    compareInto(op[key], np[key], direction, at, context, findings);
  }
  for (const key of Object.keys(np)) {
    if (key in op) continue;
    if (accept && nreq.has(key)) findings.push({ path: `${path}.${key}`, message: 'new required field (the released shape lacks it)', breaking: true });
    else findings.push({ path: `${path}.${key}`, message: 'new field', breaking: false });
  }
  const oa = old.additionalProperties;
  const na = next.additionalProperties;
  if (accept && oa !== false && na === false && (typesOf(old)?.has('object') ?? false)) report('unknown fields are now refused');
  if (!accept && oa === false && na !== false && !context.lenient) report('now allows fields of any name');
  if (isObject(oa) && isObject(na)) compareInto(oa, na, direction, `${path}[*]`, context, findings);
  else if (accept && isObject(oa) && na === undefined) {
    // An open record still accepts what it did.
  } else if (accept && oa === undefined && isObject(na)) compareInto({}, na, direction, `${path}[*]`, context, findings);

  // Arrays.
  if (old.items !== undefined || next.items !== undefined) compareInto(old.items ?? {}, next.items ?? {}, direction, `${path}[]`, context, findings);
}

/** Findings without repeats (an event is compared in both directions; a field removed shows in both). */
export function uniqueFindings(findings: readonly TFinding[]): TFinding[] {
  const seen = new Set<string>();
  return findings.filter((finding) => {
    const key = `${finding.path}|${finding.message}|${finding.breaking}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
