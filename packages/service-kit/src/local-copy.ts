import { createHash } from 'node:crypto';
import type { Queryable } from './db.js';

/**
 * A service's local copy of another service's records (users' names, settings), rebuilt from that service's events:
 * one table of the service's own, keyed by one field, with a `source_at timestamptz NOT NULL` column holding the
 * occurredAt of the event the row was last written from. Events can arrive out of order (retries, several
 * instances), so an older event never overwrites what a newer one wrote.
 *
 * ```ts
 * export const USERS_COPY = defineLocalCopy<TUserCopy>({ table: 'users', key: 'id', fields: ['id', 'email', 'firstName', 'lastName'] });
 * await USERS_COPY.upsert(client, { id, email, firstName, lastName }, event.occurredAt);   // in the consumer's transaction
 * const user = await USERS_COPY.find(deps.pool, id);
 * ```
 * Columns are the fields in snake_case (`firstName` -> `first_name`); a timestamptz column reads back as an ISO string.
 */
export interface TLocalCopyDefinition<T extends object> {
  /** The service's table (created by its own migration). */
  table: string;
  /** The field that identifies a record (the table's primary key). */
  key: keyof T & string;
  /** Every field of a record, in column order. */
  fields: readonly (keyof T & string)[];
}

export interface TLocalCopy<T extends object> {
  /**
   * Writes the record unless the copy already holds one written from a newer event (`sourceAt` = the event's
   * occurredAt). Resolves true when it was written, false when a newer one was kept.
   */
  upsert(db: Queryable, record: T, sourceAt: string): Promise<boolean>;
  /** Every record of the copy with the sourceAt it was written from (to load a copy kept in memory). */
  findAll(db: Queryable): Promise<{ record: T; sourceAt: string }[]>;
  find(db: Queryable, key: string): Promise<T | undefined>;
  /** The records with these keys that the copy holds, by key (a key it does not know is absent). */
  findMany(db: Queryable, keys: readonly string[]): Promise<Map<string, T>>;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function columnOf(field: string): string {
  const column = field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  if (!IDENTIFIER.test(column)) throw new Error(`local copy: "${field}" does not make a column name`);
  return column;
}

function fromColumn(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

export function defineLocalCopy<T extends object>(definition: TLocalCopyDefinition<T>): TLocalCopy<T> {
  const { table, key, fields } = definition;
  if (!IDENTIFIER.test(table)) throw new Error(`local copy: "${table}" is not a plain table name`);
  if (!fields.includes(key)) throw new Error(`local copy ${table}: the key "${key}" is not one of its fields`);
  const columns = fields.map(columnOf);
  const keyColumn = columnOf(key);
  const updates = [...columns.filter((c) => c !== keyColumn), 'source_at'].map((c) => `${c} = EXCLUDED.${c}`).join(', ');
  const upsertSql = `INSERT INTO ${table} (${columns.join(', ')}, source_at) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}, $${columns.length + 1})
     ON CONFLICT (${keyColumn}) DO UPDATE SET ${updates}
     WHERE ${table}.source_at <= EXCLUDED.source_at`;
  const select = `SELECT ${columns.join(', ')} FROM ${table}`;
  // Prepared once per connection; the name follows the text, so two definitions of one table never share a name.
  const nameOf = (sql: string) => `copy_${table}_${createHash('sha256').update(sql).digest('hex').slice(0, 12)}`;
  const upsertName = nameOf(upsertSql);
  const findSql = `${select} WHERE ${keyColumn} = $1`;
  const findName = nameOf(findSql);
  const toRecord = (row: Record<string, unknown>) => Object.fromEntries(fields.map((field, i) => [field, fromColumn(row[columns[i] as string])])) as T;

  return {
    async upsert(db, record, sourceAt) {
      const { rowCount } = await db.query({ name: upsertName, text: upsertSql, values: [...fields.map((field) => record[field]), sourceAt] });
      return (rowCount ?? 0) > 0;
    },
    async findAll(db) {
      const { rows } = await db.query<Record<string, unknown>>(`SELECT ${columns.join(', ')}, source_at FROM ${table}`);
      return rows.map((row) => ({ record: toRecord(row), sourceAt: (row.source_at as Date).toISOString() }));
    },
    async find(db, value) {
      const { rows } = await db.query<Record<string, unknown>>({ name: findName, text: findSql, values: [value] });
      return rows[0] ? toRecord(rows[0]) : undefined;
    },
    async findMany(db, values) {
      const found = new Map<string, T>();
      const unique = [...new Set(values)];
      if (unique.length === 0) return found;
      // The array's type is the key column's (uuid or text), so its index is used.
      const { rows } = await db.query<Record<string, unknown>>(`${select} WHERE ${keyColumn} = ANY($1)`, [unique]);
      for (const row of rows) found.set(String(row[keyColumn]), toRecord(row));
      return found;
    },
  };
}
