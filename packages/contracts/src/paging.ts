import { z } from 'zod';
import { ZTextSchema } from './common.js';

/*
 * One paging convention for every list that grows (issue 25; services' READMEs name the lists that follow it):
 *
 *   GET /api/...?pageSize=20&cursor=<nextCursor of the previous page>&<the list's filters>
 *   200 { items: [...], nextCursor: string | null, total: number, totalExact: boolean }
 *
 * - Keyset (cursor) paging on a stable sort that ends in the row's id: a row inserted or removed while a client
 *   pages never makes another row appear twice or be skipped. The cursor is opaque (base64url of the last row's sort
 *   key and the list it belongs to); nextCursor is null on the last page.
 * - pageSize: 1 to PAGE_SIZE_MAX (default PAGE_SIZE_DEFAULT); more, zero or not a number is 400 naming pageSize.
 * - total: the rows matching the filters, counted up to TOTAL_COUNT_CAP; when there are more, total is the cap and
 *   totalExact is false (the screen shows "10,000+"), so a count never costs more than a bounded index scan. A list
 *   filtered by its owners' name counts up to OWNER_SEARCH_COUNT_CAP ("1,000+").
 * - The query is a strict object: an unknown parameter is 400 "Unknown field(s): name" naming it; a malformed
 *   cursor, or one from another list or sort, is 400 with field "cursor".
 * - sort: where a list can be ordered by more than one column, `sort=<column>.<asc|desc>` from the list's own set
 *   (ZSortSchema); another value is 400 naming sort. Absent is the list's default order. Each sort is its own keyset
 *   (the column, then the row's id), backed by an index, and its cursors are refused by the other sorts.
 */

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
/** Counting stops here: beyond it total is this number and totalExact false. */
export const TOTAL_COUNT_CAP = 10_000;
/**
 * A total filtered by its owners' name or e-mail stops here (totalExact false beyond it: "1,000+"): it is counted
 * through each matching user's rows, so its cost grows with the rows found (7,499 messages of 1,706 users "jensen"
 * cost 30-40 ms a request at 500,000 messages; bench/results/lists.txt).
 */
export const OWNER_SEARCH_COUNT_CAP = 1_000;
/** A cursor is a short base64url text; longer is refused before it is decoded. */
export const CURSOR_MAX_LENGTH = 512;

export const PAGING_MESSAGES = {
  pageSize: `pageSize must be a whole number from 1 to ${PAGE_SIZE_MAX}`,
  cursor: 'cursor is not valid: pass the nextCursor of the previous page of the same list',
} as const;

/** ?pageSize: text in a query string, 1..PAGE_SIZE_MAX, default PAGE_SIZE_DEFAULT. */
export const ZPageSizeSchema = ZTextSchema('pageSize')
  .trim()
  .regex(/^\d{1,6}$/, PAGING_MESSAGES.pageSize)
  .transform(Number)
  .pipe(z.number().int().min(1, PAGING_MESSAGES.pageSize).max(PAGE_SIZE_MAX, PAGING_MESSAGES.pageSize))
  .default(PAGE_SIZE_DEFAULT);

/** ?cursor: the opaque text of a previous page's nextCursor (its content is checked by the service that made it). */
export const ZCursorSchema = ZTextSchema('cursor').regex(new RegExp(`^[A-Za-z0-9_-]{1,${CURSOR_MAX_LENGTH}}$`), PAGING_MESSAGES.cursor).optional();

/** The paging part of every paged list's query: spread it into the list's z.strictObject. */
export const PAGE_QUERY_SHAPE = {
  pageSize: ZPageSizeSchema.describe(`Rows per page, 1 to ${PAGE_SIZE_MAX} (default ${PAGE_SIZE_DEFAULT})`),
  cursor: ZCursorSchema.describe('nextCursor of the previous page of the same list; absent for the first page'),
};

/** The sorts of a list: `${column}.asc` and `${column}.desc` of each column given. */
export function sortsOf<const C extends string>(columns: readonly C[]): `${C}.${'asc' | 'desc'}`[] {
  return columns.flatMap((column) => [`${column}.asc`, `${column}.desc`] as const);
}

/** ?sort: one of the list's sorts ("amount.desc"); anything else is 400 naming sort and listing the allowed ones. */
export const ZSortSchema = <const S extends string>(sorts: readonly S[]) =>
  z
    .enum(sorts as [S, ...S[]], { error: `sort must be one of: ${sorts.join(', ')}` })
    .optional()
    .describe(`Order of the list: ${sorts.join(', ')} (absent: the list's default order)`);

/** A page of items as every paged list answers it. */
export const ZPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** The cursor of the next page; null when this page is the last. */
    nextCursor: z.string().nullable(),
    /** Rows matching the filters, up to TOTAL_COUNT_CAP. */
    total: z.number().int(),
    /** false when the count stopped at TOTAL_COUNT_CAP: there are at least total rows. */
    totalExact: z.boolean(),
  });
export interface TPage<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
  totalExact: boolean;
}

/* ---- Filters several lists share ---- */

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * ?from / ?to: a real calendar day (UTC; as `to` it means the whole day) or an ISO 8601 date-time with an offset.
 * Parsed to the instant the range starts (from) or ends before (to, exclusive).
 */
export const ZDateBoundSchema = (label: 'from' | 'to') =>
  ZTextSchema(label)
    .trim()
    .transform((value, ctx) => {
      let instant: Date | undefined;
      if (DATE_ONLY.test(value)) {
        const day = new Date(`${value}T00:00:00.000Z`);
        if (!Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value) {
          instant = label === 'to' ? new Date(day.getTime() + 86_400_000) : day;
        }
      } else if (DATE_TIME.test(value)) {
        const at = new Date(value);
        if (!Number.isNaN(at.getTime())) instant = label === 'to' ? new Date(at.getTime() + 1) : at;
      }
      if (!instant) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a date (YYYY-MM-DD) or an ISO date-time` });
        return z.NEVER;
      }
      return instant.toISOString();
    })
    .optional();

/** ?minAmount / ?maxAmount: a non-negative decimal with at most 2 decimals, as text (compared as numeric). */
export const ZAmountBoundSchema = (label: 'minAmount' | 'maxAmount') =>
  ZTextSchema(label)
    .trim()
    .regex(/^\d{1,10}(\.\d{1,2})?$/, `${label} must be an amount such as 10 or 12.50`)
    .optional();

/** ?user: part of a user's e-mail or full name ("ada", "Ada Love"), case-insensitive; at least 3 characters (a trigram index serves it). */
export const ZUserSearchSchema = (label = 'user') =>
  ZTextSchema(label)
    .trim()
    .min(3, `${label} must be at least 3 characters`)
    .max(200, `${label} is too long (at most 200 characters)`)
    .optional();

/** from must not be after to; minAmount not above maxAmount (the refusal names the second field). */
export function checkRanges(
  q: { from?: string; to?: string; minAmount?: string; maxAmount?: string },
  ctx: z.RefinementCtx,
): void {
  if (q.from && q.to && q.from >= q.to) ctx.addIssue({ code: 'custom', message: 'to must not be before from', path: ['to'] });
  if (q.minAmount && q.maxAmount && Number(q.minAmount) > Number(q.maxAmount)) {
    ctx.addIssue({ code: 'custom', message: 'maxAmount must not be below minAmount', path: ['maxAmount'] });
  }
}
