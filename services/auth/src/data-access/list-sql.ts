import type { SqlConditions } from '@platform/service-kit';

/** "50%_off" -> "%50\\%\\_off%": a search text matched literally, lower-cased, anywhere inside LIKE. */
export function likePattern(term: string): string {
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
