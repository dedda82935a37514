import type { TAuditAction, TAuditLogSort, TAuditTargetType } from '@platform/contracts';
import { countCapped, cursorTimeSql, listKeyset, type Queryable } from '@platform/service-kit';

export interface TNewAuditEntry {
  eventId: string;
  actorId: string;
  action: TAuditAction;
  targetType: TAuditTargetType;
  targetId: string;
  before: unknown;
  after: unknown;
  /** When the action happened (the event's own time of the decision or change). */
  createdAt: string;
}

/** One row per event: a redelivered event (even on another instance at the same time) adds nothing. */
export async function insertAuditEntry(db: Queryable, entry: TNewAuditEntry): Promise<boolean> {
  const result = await db.query(
    `INSERT INTO audit_log (actor_id, action, target_type, target_id, before, after, created_at, event_id)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8)
     ON CONFLICT (event_id) DO NOTHING`,
    [
      entry.actorId,
      entry.action,
      entry.targetType,
      entry.targetId,
      entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
      entry.after === undefined || entry.after === null ? null : JSON.stringify(entry.after),
      entry.createdAt,
      entry.eventId,
    ],
  );
  return (result.rowCount ?? 0) > 0;
}

export interface TAuditFilter {
  actorId?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  action?: string | undefined;
  /** Inclusive. */
  from?: Date | undefined;
  /** Exclusive. */
  toExclusive?: Date | undefined;
}

export interface TAuditRow {
  id: string;
  actorId: string;
  actor: { firstName: string; lastName: string; email: string } | null;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

function whereOf(filter: TAuditFilter): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    clauses.push(clause.replace('?', `$${params.length}`));
  };
  if (filter.actorId) add('a.actor_id = ?', filter.actorId);
  if (filter.targetType) add('a.target_type = ?', filter.targetType);
  if (filter.targetId) add('a.target_id = ?', filter.targetId);
  if (filter.action) add('a.action = ?', filter.action);
  if (filter.from) add('a.created_at >= ?', filter.from);
  if (filter.toExclusive) add('a.created_at < ?', filter.toExclusive);
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/**
 * The log's keyset in a sort: (created_at, id), newest first by default or oldest first; every index on the log
 * ends in its time, so either direction reads one (backwards for the oldest first). The cursor names the sort.
 */
export function auditKeyset(sort: TAuditLogSort | undefined) {
  const direction = sort === 'createdAt.asc' ? 'ASC' : 'DESC';
  return listKeyset({ column: 'a.created_at', direction, kind: 'time' }, 'a.id', direction === 'ASC' ? 'audit-log.createdAt.asc' : 'audit-log');
}

/**
 * A page of the log in its keyset's order (newest first unless asked otherwise), with the actor's name from
 * users_copy: after the cursor's row (keyset) or at an offset (numbered pages), pageSize + 1 rows read so the caller
 * knows if more follow; and the matching rows counted up to TOTAL_COUNT_CAP.
 */
export async function findAuditPage(
  db: Queryable,
  filter: TAuditFilter,
  page: { limit: number; offset: number; after?: readonly unknown[] | undefined; keyset?: ReturnType<typeof auditKeyset> },
): Promise<{ rows: (TAuditRow & { sortKey: string })[]; total: number; totalExact: boolean }> {
  const where = whereOf(filter);
  const counted = countCapped(db, 'audit_log a', where.sql, where.params);
  const params = [...where.params];
  const order = page.keyset ?? auditKeyset(undefined);
  const keyset = page.after ? order.after(page.after, (value) => `$${params.push(value)}`) : '';
  const condition = keyset ? (where.sql ? `${where.sql} AND ${keyset}` : `WHERE ${keyset}`) : where.sql;
  const { rows } = await db.query<{
    id: string;
    actor_id: string;
    action: string;
    target_type: string;
    target_id: string;
    before: unknown;
    after: unknown;
    created_at: Date;
    sort_key: string;
    email: string | null;
    first_name: string | null;
    last_name: string | null;
  }>(
    `SELECT a.id, a.actor_id, a.action, a.target_type, a.target_id, a.before, a.after, a.created_at, ${cursorTimeSql('a.created_at')} AS sort_key,
            u.email, u.first_name, u.last_name
       FROM audit_log a
       LEFT JOIN users_copy u ON u.id = a.actor_id
       ${condition}
      ORDER BY ${order.orderBy}
      LIMIT $${params.push(page.limit)} OFFSET $${params.push(page.offset)}`,
    params,
  );
  const count = await counted;
  return {
    ...count,
    rows: rows.map((row) => ({
      id: row.id,
      sortKey: row.sort_key,
      actorId: row.actor_id,
      actor: row.email !== null ? { firstName: row.first_name ?? '', lastName: row.last_name ?? '', email: row.email } : null,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      before: row.before,
      after: row.after,
      createdAt: row.created_at,
    })),
  };
}
