/**
 * The released contracts kept in the repository (packages/contracts/released/), written by `npm run contracts:release`
 * (scripts/contracts-release.ts) and read by the check in `npm run lint` (scripts/contracts/check.ts) and by the tests
 * that prove a consumer reads the previous release's events and the previous release's queries still run
 * (service-kit testing `released-contracts.ts` reads the same files):
 *
 * - events.json: per event type its version, the JSON Schema of its data, and two examples (every field; only the
 *   required ones), from packages/contracts events.ts and event-examples.ts.
 * - openapi.json: the gateway's assembled document (every public route, with its access).
 * - internal-openapi.json: per service, the `/internal/` operations other services call, with its components.
 * - tables.json: per service, its migration files (name and SHA-256) and every column of its migrated database.
 * - release.json: the commit the snapshot was taken from, and when.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { EVENT_SCHEMAS, eventVersionOf, type TEventType } from '@platform/contracts';
import { EVENT_EXAMPLES } from '@platform/contracts/event-examples';
import type { TOpenApiDocument } from '@platform/service-kit';
import { ROOT } from '../stack.js';

export const RELEASED_DIR = join(ROOT, 'packages', 'contracts', 'released');

export type TJsonSchema = Record<string, unknown>;

export interface TReleasedEvent {
  version: number;
  schema: TJsonSchema;
  /** [every field, only the required ones]. */
  examples: Record<string, unknown>[];
}
export type TReleasedEvents = Record<string, TReleasedEvent>;
export type TInternalDocuments = Record<string, Pick<TOpenApiDocument, 'paths' | 'components'>>;
export interface TTableSnapshot {
  /** `service-kit/0001_outbox.sql` -> SHA-256 of the file. */
  migrations: Record<string, string>;
  /**
   * table -> column -> its type, whether it may be null, whether it has a default (or is generated), and whether a
   * migration marked it retired (`COMMENT ON COLUMN t.c IS 'retired: ...'`: the released code no longer uses it, so
   * the next release may drop it).
   */
  tables: Record<string, Record<string, { type: string; nullable: boolean; hasDefault: boolean; retired?: true }>>;
  /** Tables a migration marked retired (`COMMENT ON TABLE t IS 'retired: ...'`). */
  retiredTables: string[];
}
export type TReleasedTables = Record<string, TTableSnapshot>;
export interface TReleased {
  events: TReleasedEvents;
  openapi: TOpenApiDocument;
  internal: TInternalDocuments;
  tables: TReleasedTables;
  release: { commit: string; releasedAt: string };
}

/** JSON Schema 2020-12 of a zod schema, as a consumer reads (parses) it. */
export function eventJsonSchema(schema: z.ZodType): TJsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as TJsonSchema;
  delete json.$schema;
  return json;
}

/** The events as the working tree defines them now. */
export function currentEvents(): TReleasedEvents {
  const events: TReleasedEvents = {};
  for (const type of Object.keys(EVENT_SCHEMAS).sort() as TEventType[]) {
    const schema = EVENT_SCHEMAS[type] as z.ZodType;
    const json = eventJsonSchema(schema);
    const full = EVENT_EXAMPLES[type] as Record<string, unknown>;
    const required = new Set((json.required ?? []) as string[]);
    const minimal = Object.fromEntries(Object.entries(full).filter(([key]) => required.has(key)));
    for (const example of [full, minimal]) {
      const parsed = schema.safeParse(example);
      if (!parsed.success) throw new Error(`packages/contracts event-examples.ts: the example of ${type} does not parse: ${parsed.error.message}`);
    }
    events[type] = { version: eventVersionOf(type), schema: json, examples: [full, minimal] };
  }
  return events;
}

/** Each service's `/internal/` operations and its components. */
export function internalDocuments(documents: Partial<Record<string, TOpenApiDocument>>): TInternalDocuments {
  const internal: TInternalDocuments = {};
  for (const [service, document] of Object.entries(documents).sort(([a], [b]) => a.localeCompare(b))) {
    if (!document) continue;
    const paths = Object.fromEntries(Object.entries(document.paths).filter(([path]) => path.startsWith('/internal/')).sort(([a], [b]) => a.localeCompare(b)));
    internal[service] = { paths, components: document.components };
  }
  return internal;
}

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** The migration files a service's start applies (service-kit's first), each with its SHA-256. */
export function migrationFiles(service: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [scope, dir] of [
    ['service-kit', join(ROOT, 'packages', 'service-kit', 'migrations')],
    [service, join(ROOT, 'services', service, 'src', 'data-access', 'migrations')],
  ] as const) {
    for (const file of readdirSync(dir).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort()) files[`${scope}/${file}`] = sha256(join(dir, file));
  }
  return files;
}

/** Every column of every table of a migrated database (schema public), and the tables marked retired. */
export async function tablesOf(databaseUrl: string): Promise<Omit<TTableSnapshot, 'migrations'>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ table_name: string; column_name: string; type: string; nullable: boolean; has_default: boolean; retired: boolean; table_retired: boolean }>(
      `SELECT c.table_name, c.column_name, format_type(a.atttypid, a.atttypmod) AS type, c.is_nullable = 'YES' AS nullable,
              (c.column_default IS NOT NULL OR c.is_identity = 'YES' OR c.is_generated = 'ALWAYS') AS has_default,
              coalesce(col_description(a.attrelid, a.attnum) LIKE 'retired:%', false) AS retired,
              coalesce(obj_description(a.attrelid, 'pg_class') LIKE 'retired:%', false) AS table_retired
         FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
         JOIN pg_attribute a ON a.attrelid = format('%I.%I', c.table_schema, c.table_name)::regclass AND a.attname = c.column_name
        WHERE c.table_schema = 'public'
        ORDER BY c.table_name, c.ordinal_position`,
    );
    const tables: TTableSnapshot['tables'] = {};
    const retiredTables = new Set<string>();
    for (const row of rows) {
      (tables[row.table_name] ??= {})[row.column_name] = { type: row.type, nullable: row.nullable, hasDefault: row.has_default, ...(row.retired ? { retired: true as const } : {}) };
      if (row.table_retired) retiredTables.add(row.table_name);
    }
    return { tables, retiredTables: [...retiredTables].sort() };
  } finally {
    await client.end();
  }
}

const FILES = { events: 'events.json', openapi: 'openapi.json', internal: 'internal-openapi.json', tables: 'tables.json', release: 'release.json' } as const;

/** The released contracts, or undefined when none was released yet. */
export function readReleased(dir = RELEASED_DIR): TReleased | undefined {
  if (!existsSync(join(dir, FILES.release))) return undefined;
  const read = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown;
  return {
    events: read(FILES.events) as TReleasedEvents,
    openapi: read(FILES.openapi) as TOpenApiDocument,
    internal: read(FILES.internal) as TInternalDocuments,
    tables: read(FILES.tables) as TReleasedTables,
    release: read(FILES.release) as TReleased['release'],
  };
}

export function writeReleased(released: TReleased, dir = RELEASED_DIR): void {
  mkdirSync(dir, { recursive: true });
  for (const [key, file] of Object.entries(FILES)) writeFileSync(join(dir, file), `${JSON.stringify(released[key as keyof TReleased], null, 2)}\n`);
}
