import { OWNER_SEARCH_COUNT_CAP, PAGING_MESSAGES, TOTAL_COUNT_CAP, type TPage } from '@platform/contracts';
import { z } from 'zod';
import type { Queryable } from './db.js';
import { AppError } from './errors.js';

/*
 * The server half of the paging convention in packages/contracts paging.ts: a cursor is base64url(JSON) of
 * [list, ...sort key of the page's last row]. `list` names the list and its sort (e.g. 'withdrawals.pending'), so a
 * cursor of another list or sort is refused like a malformed one. A repository reads pageSize + 1 rows after the
 * cursor's key (a row-value comparison on the sort's index, e.g. `(created_at, id) > ($1, $2)`), and `toPage`
 * keeps pageSize of them and makes the next cursor from the last one kept.
 */

/** 400 naming the cursor (REQUEST.VALIDATION, field "querystring.cursor"), as a malformed query parameter is answered. */
export function invalidCursor(): AppError {
  return new AppError('REQUEST.VALIDATION', 400, PAGING_MESSAGES.cursor, [{ path: 'querystring.cursor', message: PAGING_MESSAGES.cursor }], 'querystring.cursor');
}

export function encodeCursor(list: string, key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify([list, ...key]), 'utf8').toString('base64url');
}

/**
 * The sort key a cursor of `list` carries, checked against `key` (a zod tuple of the key's parts); undefined
 * without a cursor. Anything else (not base64url JSON, another list, a key of the wrong shape) is 400 `cursor`.
 */
export function decodeCursor<T extends z.ZodTuple>(cursor: string | undefined, list: string, key: T): z.output<T> | undefined {
  if (cursor === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed[0] !== list) throw invalidCursor();
  const result = key.safeParse(parsed.slice(1));
  if (!result.success) throw invalidCursor();
  return result.data;
}

/** A cursor key part that is a timestamp: an ISO date-time text (microseconds kept, as PostgreSQL stores them). */
export const ZCursorTimeSchema = z.iso.datetime();

/** SQL for a timestamptz column as the cursor keeps it: UTC, microseconds (a JS Date would drop them). */
export function cursorTimeSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}
export const ZCursorIdSchema = z.uuid();
/** The key of most lists: a timestamp and the row's id (the tie-breaker). */
export const ZTimeIdCursorKeySchema = z.tuple([ZCursorTimeSchema, ZCursorIdSchema]);

/**
 * The page from up to pageSize + 1 rows read after the cursor: the first pageSize, and the cursor of the last of
 * them when a further row exists.
 */
export function toPage<R, T>(
  rows: readonly R[],
  pageSize: number,
  list: string,
  keyOf: (row: R) => readonly (string | number)[],
  toItem: (row: R) => T,
  count: { total: number; totalExact: boolean },
): TPage<T> {
  const kept = rows.slice(0, pageSize);
  const last = kept.at(-1);
  return {
    items: kept.map(toItem),
    nextCursor: rows.length > pageSize && last !== undefined ? encodeCursor(list, keyOf(last)) : null,
    ...count,
  };
}

/**
 * The rows matching `where` counted up to `cap` (TOTAL_COUNT_CAP unless said; a bounded scan of the filter's index however many
 * match): { total, totalExact: false } at the cap. `from` is the FROM clause and `where` the WHERE clause (or '').
 */
export function countCapped(db: Queryable, from: string, where: string, values: readonly unknown[], cap: number = TOTAL_COUNT_CAP): Promise<{ total: number; totalExact: boolean }> {
  const counted = db
    .query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} ${where} LIMIT ${cap + 1}) capped`, [...values])
    .then(({ rows }) => {
      const n = rows[0]?.n ?? 0;
      return n > cap ? { total: cap, totalExact: false } : { total: n, totalExact: true };
    });
  // Repositories start the count beside the page's query and await it after that query: should the page's query
  // fail first, the count's failure is never awaited, and an unhandled rejection would end the process. The
  // promise returned still rejects for whoever awaits it.
  counted.catch(() => undefined);
  return counted;
}

/**
 * Collects a query's WHERE conditions and their values: `add('w.currency = ?', 'ETH')` numbers the placeholders.
 * `where()` is '' without conditions.
 */
export class SqlConditions {
  readonly values: unknown[] = [];
  private readonly conditions: string[] = [];

  add(condition: string, ...values: unknown[]): this {
    let text = condition;
    for (const value of values) {
      this.values.push(value);
      text = text.replace('?', `$${this.values.length}`);
    }
    this.conditions.push(text);
    return this;
  }

  /** The next placeholder's number, for a value used outside a condition (LIMIT). */
  param(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  where(extra?: string): string {
    const all = extra ? [...this.conditions, extra] : this.conditions;
    return all.length ? `WHERE ${all.join(' AND ')}` : '';
  }
}

/* ---- Search ---- */

/** "50%_off" -> "%50\\%\\_off%": a search text matched literally, lower-cased, anywhere inside LIKE (on a lower-cased column). */
export function likeContains(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The FROM part of an admin list page: the table's rows matching the filters and after the cursor (a subquery the
 * caller may join to and orders). With a search, the matches are found first: the OFFSET 0 keeps the planner from
 * walking the sort's index and filtering every row, which it prefers under LIMIT because it cannot tell how rare a
 * text is; so the trigram index finds them, then the few are sorted.
 */
export function searchedFirst(table: string, alias: string, search: string | undefined, filters: SqlConditions, keyset: string | undefined): string {
  return `(SELECT * FROM ${table} ${alias} ${filters.where(keyset)}${search ? ' OFFSET 0' : ''}) ${alias}`;
}

/**
 * The total of a list filtered by its owners' name or e-mail, counted up to OWNER_SEARCH_COUNT_CAP: the matching users first
 * (`users`: a SELECT of their ids with one `?` for the pattern, served by a trigram index; OFFSET 0 keeps them a set
 * of their own), then each one's rows through an index on `userColumn` (the LIMIT keeps the planner from folding the
 * two into one hash join). Left to itself the planner counts by a parallel scan of every row joined to the matches:
 * 80-120 ms for a common name at 200,000 rows (bench/results/lists.txt). `addFilters` adds the list's other
 * conditions (not the user search).
 */
export function countOfOwnersMatching(
  db: Queryable,
  users: string,
  pattern: string,
  table: { name: string; alias: string; userColumn: string },
  addFilters: (filters: SqlConditions) => void,
): Promise<{ total: number; totalExact: boolean }> {
  const filters = new SqlConditions();
  const matched = users.replace('?', filters.param(pattern));
  addFilters(filters);
  const { name, alias, userColumn } = table;
  const from = `(${matched} OFFSET 0) matched CROSS JOIN LATERAL (SELECT 1 FROM ${name} ${alias} ${filters.where(`${alias}.${userColumn} = matched.id`)} LIMIT ${OWNER_SEARCH_COUNT_CAP + 1}) ${alias}`;
  return countCapped(db, from, '', filters.values, OWNER_SEARCH_COUNT_CAP);
}

/* ---- Sorts ---- */

/** What a sort column holds, for its cursor: time: timestamptz (microseconds kept); number: numeric or integer (its exact text); text. */
export type TSortKind = 'time' | 'number' | 'text';

/**
 * One order of a list (a `sort` of contracts ZSortSchema, or the list's default): the column it orders by (never null
 * in the list's rows) and what its values are, any further columns before the id (`then`, e.g. a position, then a
 * time), and the direction of all. The row's id breaks ties, in the same direction, so the order is total and a keyset
 * on (columns, id) follows it; an index on (columns, id), read either way, serves each order a list offers.
 */
export interface TListOrder {
  column: string;
  kind: TSortKind;
  then?: readonly { column: string; kind: TSortKind }[];
  direction: 'ASC' | 'DESC';
}

const SORT_KEY_SCHEMAS = {
  time: ZCursorTimeSchema,
  number: z.string().regex(/^-?\d{1,30}(\.\d{1,18})?$/),
  text: z.string().max(1000),
} as const;

/**
 * The keyset of a list in one order. `select` selects the order's cursor key (as sort_key, sort_key_1...), `keyOf`
 * reads it back from a row with the row's id, `orderBy` is the ORDER BY's terms, `after(key, param)` the row-value
 * condition of the rows after a cursor's key (`param` adds a value and returns its placeholder), and `decode` reads
 * a cursor of this list (`cursorList`: the list and its sort, so a cursor of another sort is refused as a malformed
 * one).
 */
export function listKeyset<I extends z.ZodType<string | number> = typeof ZCursorIdSchema>(order: TListOrder, id: string, cursorList: string, idSchema?: I) {
  const parts = [{ column: order.column, kind: order.kind }, ...(order.then ?? [])];
  const alias = (i: number) => (i === 0 ? 'sort_key' : `sort_key_${i}`);
  const keySchema = z.tuple([...parts.map((p) => SORT_KEY_SCHEMAS[p.kind]), idSchema ?? ZCursorIdSchema] as unknown as [z.ZodString, ...z.ZodString[]]);
  const columns = [...parts.map((p) => p.column), id].join(', ');
  return {
    cursorList,
    select: parts.map((p, i) => `${p.kind === 'time' ? cursorTimeSql(p.column) : `${p.column}::text`} AS ${alias(i)}`).join(', '),
    keyOf: (row: object, rowId: string | number): (string | number)[] => [...parts.map((_, i) => String((row as Record<string, unknown>)[alias(i)])), rowId],
    orderBy: [...parts.map((p) => p.column), id].map((column) => `${column} ${order.direction}`).join(', '),
    after: (key: readonly unknown[], param: (value: unknown) => string) => `(${columns}) ${order.direction === 'ASC' ? '>' : '<'} (${key.map((value) => param(value)).join(', ')})`,
    decode: (cursor: string | undefined): (string | number)[] | undefined => decodeCursor(cursor, cursorList, keySchema),
  };
}
