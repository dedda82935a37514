import type { TLedgerEntry, TLedgerVerification, TStatement, TStatementPage, TStatementPageQuery } from '@platform/contracts';
import type { Queryable } from '@platform/service-kit';
import { findReferenceDescriptions } from '../data-access/descriptions.repository.js';
import { findAccount, findLastEntryBefore, listEntries, listEntriesPage } from '../data-access/ledger.repository.js';
import type { TPayoutsDeps } from './deps.js';
import { verifyChain, type TStoredEntry } from './ledger.js';

const DAY_MS = 24 * 3600 * 1000;

/** A bare date is the start of that day (UTC) for `from` and the end of it for `to`; a date-time is exact. */
function rangeOf(query: Pick<TStatementPageQuery, 'from' | 'to'>): { from?: Date; toExclusive?: Date } {
  const range: { from?: Date; toExclusive?: Date } = {};
  if (query.from) range.from = new Date(query.from.length === 10 ? `${query.from}T00:00:00Z` : query.from);
  if (query.to) {
    range.toExclusive =
      query.to.length === 10 ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) : new Date(new Date(query.to).getTime() + 1);
  }
  return range;
}

/** The entries as the statement shows them: without the user, with the words kept for their references (one query). */
async function toViews(db: Queryable, entries: readonly TStoredEntry[]): Promise<TLedgerEntry[]> {
  const references = entries.flatMap((e) => (e.referenceType !== null && e.referenceId !== null ? [{ type: e.referenceType, id: e.referenceId }] : []));
  const descriptions = await findReferenceDescriptions(db, references);
  return entries.map(({ userId: _userId, ...view }) => ({ ...view, description: descriptions.get(`${view.referenceType}:${view.referenceId}`) ?? null }));
}

/** The user's statement: entries oldest first, each with the running balances after it, opening and closing balances. */
export async function getStatement(deps: TPayoutsDeps, userId: string, query: Pick<TStatementPageQuery, 'from' | 'to'>): Promise<TStatement> {
  const range = rangeOf(query);
  const entries = await listEntries(deps.pool, userId, range);
  let opening = { available: '0.00', held: '0.00' };
  if (range.from) {
    const before = await findLastEntryBefore(deps.pool, userId, range.from);
    if (before) opening = { available: before.availableAfter, held: before.heldAfter };
  }
  const last = entries.at(-1);
  const closing = last ? { available: last.availableAfter, held: last.heldAfter } : opening;
  return { userId, from: query.from ?? null, to: query.to ?? null, opening, closing, entries: await toViews(deps.pool, entries) };
}

const ZERO = { available: '0.00', held: '0.00' };

/**
 * GET /api/ledger/statement (JSON): one page of the user's entries in the range, newest first, with the balances
 * before the range (opening) and at its end (closing). Each entry keeps its hash and prevHash, so pages chain.
 */
export async function getStatementPage(deps: TPayoutsDeps, userId: string, query: TStatementPageQuery): Promise<TStatementPage> {
  const range = rangeOf(query);
  const [page, before, last] = await Promise.all([
    listEntriesPage(deps.pool, userId, { ...range, pageSize: query.pageSize, cursor: query.cursor }),
    range.from ? findLastEntryBefore(deps.pool, userId, range.from) : undefined,
    findLastEntryBefore(deps.pool, userId, range.toExclusive),
  ]);
  const opening = before ? { available: before.availableAfter, held: before.heldAfter } : ZERO;
  // The newest entry before the range's end: in the range, or else the one before it (then closing = opening).
  const closing = last ? { available: last.availableAfter, held: last.heldAfter } : ZERO;
  return { ...page, items: await toViews(deps.pool, page.items), userId, from: query.from ?? null, to: query.to ?? null, opening, closing };
}

/* ---- CSV ---- */

export const STATEMENT_CSV_COLUMNS = [
  'seq',
  'createdAt',
  'kind',
  'amount',
  'availableAfter',
  'heldAfter',
  'referenceType',
  'referenceId',
  'reason',
  'createdBy',
  'prevHash',
  'hash',
  'description',
] as const;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV cell (RFC 4180): text a spreadsheet would run as a formula (starting with = + - @, tab or carriage
 * return) gets a leading apostrophe, unless it is a plain number such as -50.00; a cell with a comma, quote or
 * line break is quoted, quotes doubled.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The statement as CSV: a UTF-8 byte-order mark (spreadsheets read non-ASCII reasons right), a header, CRLF lines. */
export function statementCsv(statement: TStatement): string {
  const lines = [STATEMENT_CSV_COLUMNS.join(',')];
  for (const entry of statement.entries) lines.push(STATEMENT_CSV_COLUMNS.map((column) => csvCell(entry[column])).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** GET /api/ledger/verify: recomputes the user's whole chain and compares the account with its end. */
export async function verifyLedger(deps: TPayoutsDeps, userId: string): Promise<TLedgerVerification> {
  const [entries, account] = await Promise.all([listEntries(deps.pool, userId), findAccount(deps.pool, userId)]);
  return verifyChain(entries, account);
}
