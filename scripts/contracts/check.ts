/**
 * The contract check of `npm run lint` (run by scripts/openapi-lint.ts, on the documents it already has): every event
 * schema and every route against the released contracts (packages/contracts/released/, see released.ts). Breaking
 * changes fail; additive ones are notes. Rules and the way out of a breaking change: CONTRIBUTING.md "Changing a
 * contract".
 */
import type { z } from 'zod';
import { PREVIOUS_EVENT_SCHEMAS } from '@platform/contracts';
import type { TOpenApiDocument, TOpenApiOperation } from '@platform/service-kit';
import { compareSchemas, uniqueFindings, type TCompareContext, type TFinding, type TJson } from './compat.js';
import { eventJsonSchema, type TInternalDocuments, type TReleased, type TReleasedEvents } from './released.js';

export interface TCurrentContracts {
  events: TReleasedEvents;
  openapi: TOpenApiDocument;
  internal: TInternalDocuments;
}

type TPreviousSchemas = Partial<Record<string, Readonly<Record<number, z.ZodType>>>>;

const breaking = (path: string, message: string): TFinding => ({ path, message, breaking: true });
const note = (path: string, message: string): TFinding => ({ path, message, breaking: false });

/** Events: read both ways (consumers at this version read released events; consumers at the released one read new ones). */
export function checkEvents(released: TReleasedEvents, current: TReleasedEvents, previous: TPreviousSchemas = PREVIOUS_EVENT_SCHEMAS): TFinding[] {
  const findings: TFinding[] = [];
  const bothWays = (old: unknown, next: unknown, path: string) => [...compareSchemas(old, next, 'accept', path), ...compareSchemas(old, next, 'produce', path)];
  for (const [type, was] of Object.entries(released)) {
    const at = `event ${type}`;
    const now = current[type];
    if (!now) {
      findings.push(breaking(at, 'event type removed (consumers at the released version still bind to it, and its events may still be queued)'));
      continue;
    }
    if (now.version < was.version) {
      findings.push(breaking(at, `version lowered from ${was.version} to ${now.version}`));
    } else if (now.version === was.version) {
      findings.push(...bothWays(was.schema, now.schema, `${at} v${now.version} data`));
    } else {
      const kept = previous[type]?.[was.version];
      if (!kept) {
        findings.push(breaking(at, `version raised from ${was.version} to ${now.version}, but PREVIOUS_EVENT_SCHEMAS keeps no version ${was.version} schema: events of the released version still queued could not be read`));
      } else {
        findings.push(...bothWays(was.schema, eventJsonSchema(kept), `${at} v${was.version} (kept in PREVIOUS_EVENT_SCHEMAS) data`));
        const changes = bothWays(was.schema, now.schema, `${at} v${now.version} data`);
        findings.push(
          note(at, `version raised from ${was.version} to ${now.version}${changes.length ? ` (${changes.length} changes, allowed by the new version; each consumer's consumed-event-versions test proves it reads both)` : ''}`),
        );
      }
    }
  }
  for (const type of Object.keys(current)) if (!released[type]) findings.push(note(`event ${type}`, 'new event type'));
  return uniqueFindings(findings);
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

function resolverOf(document: Pick<TOpenApiDocument, 'components'>): (ref: string) => TJson | undefined {
  return (ref) => (ref.startsWith('#/components/schemas/') ? (document.components?.schemas?.[ref.slice('#/components/schemas/'.length)] as TJson | undefined) : undefined);
}

/** `/api/tasks/{id}` and `/api/tasks/{taskId}` are one route (a path parameter's name is not part of the contract). */
const routeKey = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

function operationsOf(document: Pick<TOpenApiDocument, 'paths'>): Map<string, { label: string; operation: TOpenApiOperation }> {
  const operations = new Map<string, { label: string; operation: TOpenApiOperation }>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (HTTP_METHODS.has(method)) operations.set(`${method} ${routeKey(path)}`, { label: `${method.toUpperCase()} ${path}`, operation });
    }
  }
  return operations;
}

type TParameter = NonNullable<TOpenApiOperation['parameters']>[number];

/** Parameters by place: path ones by position, the others by name. */
function parametersOf(operation: TOpenApiOperation): Map<string, TParameter> {
  const parameters = new Map<string, TParameter>();
  let position = 0;
  for (const parameter of operation.parameters ?? []) parameters.set(parameter.in === 'path' ? `path #${position++}` : `${parameter.in} ${parameter.name}`, parameter);
  return parameters;
}

const ADMIN_ONLY = 'Admin role required';

/** Routes: what a client at the released version sends must still be accepted, and what it reads must still be readable. */
export function checkDocument(old: Pick<TOpenApiDocument, 'paths' | 'components'>, next: Pick<TOpenApiDocument, 'paths' | 'components'>, scope = ''): TFinding[] {
  const findings: TFinding[] = [];
  const context: TCompareContext = { resolveOld: resolverOf(old), resolveNew: resolverOf(next), seen: new Set() };
  const answers: TCompareContext = { ...context, lenient: true };
  const oldOperations = operationsOf(old);
  const newOperations = operationsOf(next);
  for (const [key, { label: oldLabel, operation: was }] of oldOperations) {
    const label = `${scope}${oldLabel}`;
    const found = newOperations.get(key);
    if (!found) {
      findings.push(breaking(label, 'route removed (clients at the released version still call it)'));
      continue;
    }
    const now = found.operation;
    // Access.
    const wasPublic = Array.isArray(was.security) && was.security.length === 0;
    const isPublic = Array.isArray(now.security) && now.security.length === 0;
    if (wasPublic && !isPublic) findings.push(breaking(label, 'now requires a token (it was public)'));
    if (was.responses['403']?.description !== ADMIN_ONLY && now.responses['403']?.description === ADMIN_ONLY) findings.push(breaking(label, 'now requires the admin role'));
    // Parameters (what the client sends).
    const oldParameters = parametersOf(was);
    const newParameters = parametersOf(now);
    for (const [place, parameter] of oldParameters) {
      const at = `${label} ${parameter.in} parameter ${parameter.name}`;
      const current = newParameters.get(place);
      if (!current) {
        findings.push(breaking(at, 'parameter removed (clients at the released version still send it)'));
        continue;
      }
      if (!parameter.required && current.required) findings.push(breaking(at, 'optional parameter made required'));
      findings.push(...compareSchemas(parameter.schema, current.schema, 'accept', at, context));
    }
    for (const [place, parameter] of newParameters) {
      if (!oldParameters.has(place) && parameter.required) findings.push(breaking(`${label} ${parameter.in} parameter ${parameter.name}`, 'new required parameter'));
    }
    // Body (what the client sends).
    const oldBody = was.requestBody?.content ?? {};
    const newBody = now.requestBody?.content;
    if (!was.requestBody && now.requestBody?.required) findings.push(breaking(`${label} body`, 'a body is now required'));
    for (const [type, media] of Object.entries(oldBody)) {
      const current = newBody?.[type];
      if (!newBody) continue; // no body schema: the route takes any body
      if (!current) {
        findings.push(breaking(`${label} body`, `${type} no longer accepted`));
        continue;
      }
      findings.push(...compareSchemas(media.schema, current.schema, 'accept', `${label} body`, context));
    }
    // Answers (what the client reads).
    for (const [status, answer] of Object.entries(was.responses)) {
      const at = `${label} answer ${status}`;
      const current = now.responses[status];
      if (!current) {
        findings.push(breaking(at, 'answer removed (clients at the released version handle it)'));
        continue;
      }
      for (const [type, media] of Object.entries(answer.content ?? {})) {
        const currentMedia = current.content?.[type];
        if (!currentMedia) {
          findings.push(breaking(at, `no longer answers ${type}`));
          continue;
        }
        findings.push(...compareSchemas(media.schema, currentMedia.schema, 'produce', at, answers));
      }
    }
  }
  for (const [key, { label }] of newOperations) if (!oldOperations.has(key)) findings.push(note(`${scope}${label}`, 'new route'));
  return uniqueFindings(findings);
}

export function checkContracts(released: TReleased, current: TCurrentContracts, previous?: TPreviousSchemas): TFinding[] {
  const findings = [...checkEvents(released.events, current.events, previous), ...checkDocument(released.openapi, current.openapi)];
  for (const [service, document] of Object.entries(released.internal)) {
    const now = current.internal[service];
    if (!now) {
      for (const [path, item] of Object.entries(document.paths)) for (const method of Object.keys(item)) findings.push(breaking(`${service}: ${method.toUpperCase()} ${path}`, 'service removed'));
      continue;
    }
    findings.push(...checkDocument(document, now, `${service}: `));
  }
  return findings;
}

/** The report printed by `npm run lint`: every breaking change, and the notes (the first `maxNotes`). */
export function formatFindings(findings: readonly TFinding[], release: TReleased['release'], maxNotes = 15): string {
  const breakingOnes = findings.filter((f) => f.breaking);
  const notes = findings.filter((f) => !f.breaking);
  const lines = [`Contracts against the released ones (packages/contracts/released, from ${release.commit.slice(0, 12)} of ${release.releasedAt}):`];
  for (const f of breakingOnes) lines.push(`  BREAKING  ${f.path}: ${f.message}`);
  for (const f of notes.slice(0, maxNotes)) lines.push(`  additive  ${f.path}: ${f.message}`);
  if (notes.length > maxNotes) lines.push(`  ... and ${notes.length - maxNotes} more additive changes`);
  lines.push(
    breakingOnes.length
      ? `Contracts: ${breakingOnes.length} breaking changes. Make the change additive, or (events) raise the version and keep the old schema; see CONTRIBUTING.md "Changing a contract".`
      : `Contracts: no breaking changes (${notes.length} additive).`,
  );
  return lines.join('\n');
}
