import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TOpenApiDocument } from '@platform/service-kit';
import { checkDocument, checkEvents } from './check.js';
import { compareSchemas } from './compat.js';
import { eventJsonSchema, type TReleasedEvents } from './released.js';

/** The rules of the contract check (scripts/contracts), on schemas made with zod as the contracts make them. */
const json = (schema: z.ZodType, io: 'input' | 'output' = 'input') => {
  const converted = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete converted.$schema;
  return converted;
};
const breaks = (old: z.ZodType, next: z.ZodType, direction: 'accept' | 'produce', io: 'input' | 'output' = 'input', lenient = false) =>
  compareSchemas(json(old, io), json(next, io), direction, 'data', { lenient })
    .filter((f) => f.breaking)
    .map((f) => `${f.path}: ${f.message}`);

const V1 = z.object({ id: z.uuid(), amount: z.string(), status: z.enum(['approved', 'rejected']), count: z.number().int().min(0).max(100), note: z.string().optional() });

const events = (schema: z.ZodType, version = 1): TReleasedEvents => ({ 'thing.happened': { version, schema: eventJsonSchema(schema), examples: [] } });

describe('event schemas (both ways: consumers at either version read the other)', () => {
  it('when a field is removed, then it breaks', () => {
    expect(checkEvents(events(V1), events(V1.omit({ amount: true }))).filter((f) => f.breaking).map((f) => f.message)).toEqual(['field removed']);
  });

  it('when a field is renamed, then it breaks (the old name removed, the new one required)', () => {
    const renamed = V1.omit({ amount: true }).extend({ total: z.string() });
    const messages = checkEvents(events(V1), events(renamed)).filter((f) => f.breaking).map((f) => `${f.path}: ${f.message}`);
    expect(messages).toEqual(['event thing.happened v1 data.amount: field removed', 'event thing.happened v1 data.total: new required field (the released shape lacks it)']);
  });

  it('when a string becomes an enum, a range narrows, an optional field becomes required or null is no longer sent, then each breaks', () => {
    expect(breaks(V1, V1.extend({ amount: z.enum(['1.00']) }), 'accept')).toEqual(['data.amount: narrowed to "1.00"']);
    expect(breaks(V1, V1.extend({ count: z.number().int().min(1).max(100) }), 'accept')).toEqual(['data.count: minimum raised from 0 to 1']);
    expect(breaks(V1, V1.extend({ count: z.number().int().min(0).max(50) }), 'accept')).toEqual(['data.count: maximum lowered from 100 to 50']);
    expect(breaks(V1, V1.extend({ note: z.string() }), 'accept')).toEqual(['data.note: optional field made required']);
    expect(breaks(V1.extend({ note: z.string().nullable() }), V1.extend({ note: z.string() }), 'accept')).toEqual(['data.note: no longer accepts null']);
    expect(breaks(V1, V1.extend({ id: z.string() }), 'produce')).toContain('data.id: no longer has format "uuid"');
  });

  it('when an event gains an enum value, then it breaks (a consumer at the released version refuses it)', () => {
    const findings = checkEvents(events(V1), events(V1.extend({ status: z.enum(['approved', 'rejected', 'cancelled']) })));
    expect(findings.filter((f) => f.breaking).map((f) => f.message)).toEqual(['may now be "cancelled" (not one of the released values)']);
  });

  it('when only optional fields are added or descriptions change, then nothing breaks', () => {
    const added = V1.extend({ decideBy: z.iso.datetime({ offset: true }).optional(), amount: z.string().describe('Decimal string') });
    expect(checkEvents(events(V1), events(added)).map((f) => `${f.breaking ? 'BREAKING' : 'additive'} ${f.path}: ${f.message}`)).toEqual(['additive event thing.happened v1 data.decideBy: new field']);
  });

  it('when the version is raised and the released schema is kept, then the change passes; without the kept schema it breaks', () => {
    const v2 = V1.omit({ amount: true }).extend({ amountCents: z.number().int() });
    expect(checkEvents(events(V1), events(v2, 2), { 'thing.happened': { 1: V1 } }).filter((f) => f.breaking)).toEqual([]);
    const unkept = checkEvents(events(V1), events(v2, 2), {}).filter((f) => f.breaking);
    expect(unkept.map((f) => f.message)).toEqual([expect.stringContaining('PREVIOUS_EVENT_SCHEMAS keeps no version 1 schema')]);
    const keptWrong = checkEvents(events(V1), events(v2, 2), { 'thing.happened': { 1: V1.omit({ note: true }) } }).filter((f) => f.breaking);
    expect(keptWrong.map((f) => f.message)).toEqual(['field removed']);
  });

  it('when an event type is removed or its version lowered, then it breaks', () => {
    expect(checkEvents(events(V1), {}).map((f) => f.message)).toEqual([expect.stringContaining('event type removed')]);
    expect(checkEvents(events(V1, 2), events(V1, 1), { 'thing.happened': { 1: V1 } }).map((f) => f.message)).toEqual(['version lowered from 2 to 1']);
  });
});

describe('requests and answers', () => {
  const Body = z.strictObject({ amount: z.string().max(20), wallet: z.string().optional() });
  const Answer = z.object({ id: z.uuid(), status: z.enum(['pending', 'approved']), comment: z.string().nullable(), fee: z.string().optional() });

  it('when a request body narrows, loses a field (strict: now refused) or gains a required field, then it breaks; an optional field added passes', () => {
    expect(breaks(Body, Body.extend({ amount: z.string().max(10) }), 'accept')).toEqual(['data.amount: maxLength lowered from 20 to 10']);
    expect(breaks(Body, Body.omit({ wallet: true }), 'accept')).toEqual(['data.wallet: field removed']);
    expect(breaks(Body, Body.extend({ memo: z.string() }), 'accept')).toEqual(['data.memo: new required field (the released shape lacks it)']);
    expect(breaks(Body, Body.extend({ memo: z.string().optional(), amount: z.string().max(40) }), 'accept')).toEqual([]);
  });

  it('when an answer loses a field, makes one optional or nullable, then it breaks; fields and enum values added pass (notes)', () => {
    expect(breaks(Answer, Answer.omit({ fee: true }), 'produce', 'output', true)).toEqual(['data.fee: field removed']);
    expect(breaks(Answer, Answer.extend({ status: Answer.shape.status.optional() }), 'produce', 'output', true)).toEqual(['data.status: required field made optional (it may be missing)']);
    expect(breaks(Answer, Answer.extend({ id: z.uuid().nullable() }), 'produce', 'output', true)).toEqual(['data.id: may now be null (readers of the released version do not expect it)']);
    const grown = Answer.extend({ status: z.enum(['pending', 'approved', 'paid']), decidedAt: z.string() });
    expect(breaks(Answer, grown, 'produce', 'output', true)).toEqual([]);
    expect(compareSchemas(json(Answer, 'output'), json(grown, 'output'), 'produce', 'data', { lenient: true }).map((f) => `${f.path}: ${f.message}`)).toEqual([
      'data.status: may now be "paid" (not one of the released values)',
      'data.decidedAt: new field',
    ]);
  });
});

describe('documents', () => {
  const document = (paths: TOpenApiDocument['paths']): Pick<TOpenApiDocument, 'paths' | 'components'> => ({ paths, components: { schemas: {} } });
  const operation = (extra: Partial<TOpenApiDocument['paths'][string][string]> = {}) => ({
    operationId: 'x',
    tags: [],
    summary: 'x',
    responses: { '200': { description: 'Success', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } } } }, '404': { description: 'Answer' } },
    security: [],
    ...extra,
  });

  it('when a route, an answer or a parameter is removed, or a public route needs a token, then it breaks; a path parameter renamed does not', () => {
    const old = document({ '/api/things/{id}': { get: operation({ parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }, { name: 'q', in: 'query', required: false, schema: { type: 'string' } }] }) }, '/api/other': { post: operation() } });
    const next = document({
      '/api/things/{thingId}': { get: operation({ security: [{ bearerAuth: [] }], responses: { '200': operation().responses['200']! }, parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'string' } }] }) },
    });
    expect(checkDocument(old, next).filter((f) => f.breaking).map((f) => `${f.path}: ${f.message}`)).toEqual([
      'GET /api/things/{id}: now requires a token (it was public)',
      'GET /api/things/{id} query parameter q: parameter removed (clients at the released version still send it)',
      'GET /api/things/{id} answer 404: answer removed (clients at the released version handle it)',
      'POST /api/other: route removed (clients at the released version still call it)',
    ]);
  });

  it('when a route and an optional query parameter are added, then nothing breaks', () => {
    const old = document({ '/api/things': { get: operation() } });
    const next = document({ '/api/things': { get: operation({ parameters: [{ name: 'q', in: 'query', required: false, schema: { type: 'string' } }] }) }, '/api/new': { post: operation() } });
    const findings = checkDocument(old, next);
    expect(findings.filter((f) => f.breaking)).toEqual([]);
    expect(findings.map((f) => f.message)).toEqual(['new route']);
  });
});
