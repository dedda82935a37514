import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVENT_SCHEMAS, parseEvent, type TEventEnvelope } from '@platform/contracts';
import type { Queryable } from './db.js';

/**
 * The released contracts (packages/contracts/released/, written by `npm run contracts:release`) for the tests that
 * prove a service still works with the previous release: each consumer reads the events the released version wrote
 * (`test/consumed-event-versions.test.ts` of every service), and the previous release's queries run against the new
 * tables (`test/expand-contract.test.ts` of the services with the most migrations). CONTRIBUTING.md "Changing a contract".
 */
export const RELEASED_CONTRACTS_DIR = fileURLToPath(new URL('../../contracts/released/', import.meta.url));

interface TReleasedEvent {
  version: number;
  examples: Record<string, unknown>[];
}

function readReleasedFile<T>(file: string): T {
  const path = `${RELEASED_CONTRACTS_DIR}${file}`;
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run contracts:release\``);
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/** How a consumer reads an event's data: by default as every handler does, the type's contract schema (after parseEvent). */
export type TEventReader = (event: TEventEnvelope) => unknown;

export const readWithContractSchema: TEventReader = (event) => (EVENT_SCHEMAS as Record<string, { parse(data: unknown): unknown }>)[event.type]!.parse(event.data);

export interface TReleasedEventCase {
  /** `withdrawal.requested v1 full` (every field) or `... minimal` (the required ones). */
  name: string;
  type: string;
  /** As the released version wrote it, serialised as the broker carries it. */
  message: string;
}

/**
 * One case per released example of each type the service consumes (every field; only the required ones), at the
 * version the release wrote. A consumed type the release did not know yet has no previous version: no case.
 */
export function releasedEventCases(consumedTypes: readonly string[]): TReleasedEventCase[] {
  const released = readReleasedFile<Record<string, TReleasedEvent>>('events.json');
  const cases: TReleasedEventCase[] = [];
  for (const type of [...new Set(consumedTypes)].sort()) {
    const event = released[type];
    if (!event) continue;
    event.examples.forEach((data, i) => {
      const envelope = { id: randomUUID(), type, version: event.version, occurredAt: '2026-11-20T10:15:30.000Z', correlationId: null, causationId: null, data };
      cases.push({ name: `${type} v${event.version} ${i === 0 ? 'full' : 'minimal'}`, type, message: JSON.stringify(envelope) });
    });
  }
  return cases;
}

/**
 * Reads a released event as the consumer runtime does (consumer.ts: JSON, then parseEvent with the schema of the
 * envelope's version) and then as the handler does (`reader`: the contract schema unless the type's version was
 * raised, when the service's test names the reader its handler uses for both versions). Throws what the consumer
 * would throw (and dead-letter).
 */
export function readAsConsumer(testCase: TReleasedEventCase, readers: Partial<Record<string, TEventReader>> = {}): unknown {
  const event = parseEvent(JSON.parse(testCase.message));
  return (readers[testCase.type] ?? readWithContractSchema)(event);
}

/** The routing-key constants a service's `src/index.ts` binds its consumers with (`routingKeys: NAME`). */
export function routingKeyNamesBound(indexSource: string): string[] {
  return [...indexSource.matchAll(/routingKeys:\s*([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!).sort();
}

/** A service's tables as released (scripts/contracts/released.ts TTableSnapshot). */
export interface TReleasedTableSnapshot {
  migrations: Record<string, string>;
  tables: Record<string, Record<string, { type: string; nullable: boolean; hasDefault: boolean; retired?: true }>>;
  retiredTables: string[];
}

/** The released tables of a service (tables.json). */
export function releasedTables(service: string): TReleasedTableSnapshot {
  const all = readReleasedFile<Record<string, TReleasedTableSnapshot>>('tables.json');
  const snapshot = all[service];
  if (!snapshot) throw new Error(`packages/contracts/released/tables.json has no ${service}: run \`npm run contracts:release\``);
  return snapshot;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Expand and contract, against a database migrated by the current migrations: what the previous release's code would
 * meet. Its queries read and write the released columns (tables.json), so each released table that is not retired is
 * read with every released column that is not retired (`SELECT <columns> FROM <table> LIMIT 0`, run here), and:
 * a released migration file is never edited or removed; a column or table the released code uses is never dropped,
 * retyped or made NOT NULL (retire it first: `COMMENT ON COLUMN t.c IS 'retired: ...'` in the release that stops
 * using it, drop it in a later one); a column added to a released table is nullable or has a default (the released
 * code's inserts do not name it). Returns what breaks, one sentence each ([] when the release would keep working).
 */
export async function previousReleaseProblems(db: Queryable, service: string, migrationDirs: { name: string; dir: string }[]): Promise<string[]> {
  const released = releasedTables(service);
  const problems: string[] = [];
  const files = new Map<string, string>();
  for (const { name, dir } of migrationDirs) {
    for (const file of readdirSync(dir).filter((f) => /^\d{4}_.+\.sql$/.test(f))) files.set(`${name}/${file}`, createHash('sha256').update(readFileSync(join(dir, file))).digest('hex'));
  }
  for (const [file, hash] of Object.entries(released.migrations)) {
    if (!files.has(file)) problems.push(`migration ${file} was released and is gone (a released migration stays)`);
    else if (files.get(file) !== hash) problems.push(`migration ${file} was edited after its release (add a new migration instead)`);
  }
  const { rows } = await db.query<{ table_name: string; column_name: string; type: string; nullable: boolean; has_default: boolean }>(
    `SELECT c.table_name, c.column_name, format_type(a.atttypid, a.atttypmod) AS type, c.is_nullable = 'YES' AS nullable,
            (c.column_default IS NOT NULL OR c.is_identity = 'YES' OR c.is_generated = 'ALWAYS') AS has_default
       FROM information_schema.columns c
       JOIN pg_attribute a ON a.attrelid = format('%I.%I', c.table_schema, c.table_name)::regclass AND a.attname = c.column_name
      WHERE c.table_schema = 'public'`,
  );
  const now = new Map<string, Map<string, { type: string; nullable: boolean; hasDefault: boolean }>>();
  for (const row of rows) {
    if (!now.has(row.table_name)) now.set(row.table_name, new Map());
    now.get(row.table_name)!.set(row.column_name, { type: row.type, nullable: row.nullable, hasDefault: row.has_default });
  }
  const retiredTables = new Set(released.retiredTables ?? []);
  for (const [table, columns] of Object.entries(released.tables)) {
    if (retiredTables.has(table)) continue;
    const current = now.get(table);
    if (!current) {
      problems.push(`table ${table} was dropped, and the released version uses it (retire it first: COMMENT ON TABLE ... IS 'retired: ...'; drop it in a later release)`);
      continue;
    }
    const used = Object.entries(columns).filter(([, column]) => !column.retired);
    for (const [name, column] of used) {
      const found = current.get(name);
      if (!found) {
        problems.push(`column ${table}.${name} was dropped, and the released version uses it (retire it first: COMMENT ON COLUMN ... IS 'retired: ...'; drop it in a later release)`);
        continue;
      }
      if (found.type !== column.type) problems.push(`column ${table}.${name} changed type from ${column.type} to ${found.type} (add a new column, move to it, retire the old one)`);
      if (column.nullable && !found.nullable) problems.push(`column ${table}.${name} became NOT NULL, and the released version may write null into it`);
    }
    for (const [name, column] of current) {
      if (!(name in columns) && !column.nullable && !column.hasDefault) problems.push(`column ${table}.${name} is new, NOT NULL and without a default: the released version's inserts do not name it`);
    }
    const readable = used.filter(([name]) => current.has(name)).map(([name]) => quote(name));
    if (readable.length) {
      try {
        await db.query(`SELECT ${readable.join(', ')} FROM ${quote(table)} LIMIT 0`);
      } catch (error) {
        problems.push(`the released version's read of ${table} fails: ${(error as Error).message}`);
      }
    }
  }
  return problems;
}
