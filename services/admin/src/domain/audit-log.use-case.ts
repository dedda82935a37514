import type { TAuditLogPage, TAuditLogQuery, TEventEnvelope } from '@platform/contracts';
import { COMMON_ERRORS, toPage, type PoolClient } from '@platform/service-kit';
import { auditKeyset, findAuditPage, insertAuditEntry } from '../data-access/audit-log.repository.js';
import { auditEntryOf } from './audit-entries.js';
import type { TAdminDeps } from './deps.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A query boundary as a time: a date alone is the start of that day (UTC); for `to` the day is included whole. */
export function boundaryOf(value: string | undefined, side: 'from' | 'to'): Date | undefined {
  if (value === undefined) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = new Date(`${value}T00:00:00.000Z`);
    return side === 'from' ? start : new Date(start.getTime() + DAY_MS);
  }
  const time = new Date(value);
  // An exact instant given as `to` is inclusive: everything up to and including that millisecond.
  return side === 'from' ? time : new Date(time.getTime() + 1);
}

/**
 * GET /api/admin/audit-log: newest first (or oldest first with sort=createdAt.asc), filtered, one page: after the cursor (keyset) or the numbered page
 * (offset, only within the first TOTAL_COUNT_CAP rows). nextCursor continues from the page's last row either way.
 */
export async function listAuditLog(deps: TAdminDeps, query: TAuditLogQuery): Promise<TAuditLogPage> {
  const from = boundaryOf(query.from, 'from');
  const toExclusive = boundaryOf(query.to, 'to');
  if (from && toExclusive && from >= toExclusive) throw COMMON_ERRORS.validation('from must not be after to', [{ path: 'from', message: 'from must not be after to' }]);
  const keyset = auditKeyset(query.sort);
  const after = keyset.decode(query.cursor);
  const { rows, total, totalExact } = await findAuditPage(
    deps.pool,
    { actorId: query.actor, targetType: query.targetType, targetId: query.targetId, action: query.action, from, toExclusive },
    { limit: query.pageSize + 1, offset: after ? 0 : (query.page - 1) * query.pageSize, after, keyset },
  );
  const page = toPage(rows, query.pageSize, keyset.cursorList, (row) => [row.sortKey, row.id], ({ sortKey: _sortKey, ...row }) => ({ ...row, createdAt: row.createdAt.toISOString() }), { total, totalExact });
  return { ...page, page: after ? 1 : query.page, pageSize: query.pageSize };
}

/**
 * An event that records an admin's action becomes one audit row, in the consumer's transaction (with its inbox row);
 * the unique event_id keeps it to one row even if the inbox were bypassed. Other events (no actor) add nothing.
 */
export async function recordAuditEntry(client: PoolClient, event: TEventEnvelope): Promise<void> {
  const entry = auditEntryOf(event);
  if (entry) await insertAuditEntry(client, entry);
}
