import { PAGING_MESSAGES, TOTAL_COUNT_CAP, type TPage } from '@platform/contracts';
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
 * The rows matching `where` counted up to TOTAL_COUNT_CAP (a bounded scan of the filter's index however many
 * match): { total, totalExact: false } at the cap. `from` is the FROM clause and `where` the WHERE clause (or '').
 */
export function countCapped(db: Queryable, from: string, where: string, values: readonly unknown[]): Promise<{ total: number; totalExact: boolean }> {
  const counted = db
    .query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} ${where} LIMIT ${TOTAL_COUNT_CAP + 1}) capped`, [...values])
    .then(({ rows }) => {
      const n = rows[0]?.n ?? 0;
      return n > TOTAL_COUNT_CAP ? { total: TOTAL_COUNT_CAP, totalExact: false } : { total: n, totalExact: true };
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
