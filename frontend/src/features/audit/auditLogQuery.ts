import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type TAuditAction, type TAuditTargetType } from '@platform/contracts/constants';
/** The Audit Log's filters and the query string they make (GET /api/admin/audit-log, services/admin/README.md). */

export { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type TAuditAction, type TAuditTargetType } from '@platform/contracts/constants';

export const AUDIT_PAGE_SIZE = 20;

export interface TAuditLogFilters {
  /** A user id (the admin who acted). */
  actor?: string;
  targetType?: string;
  targetId?: string;
  action?: string;
  /** YYYY-MM-DD, a whole UTC day, inclusive. */
  from?: string;
  /** YYYY-MM-DD, a whole UTC day, inclusive. */
  to?: string;
}

export interface TAuditLogRequest extends TAuditLogFilters {
  page: number;
  pageSize: number;
  /** Oldest first; absent: newest first (the log's default). */
  sort?: 'createdAt.asc';
}

const FILTER_ORDER = ['actor', 'targetType', 'targetId', 'action', 'from', 'to'] as const;

/** "/admin/audit-log?actor=…&action=…&page=2&pageSize=20[&sort=createdAt.asc]": blank filters are left out, values trimmed. */
export function buildAuditLogUrl(request: TAuditLogRequest): string {
  const params = new URLSearchParams();
  for (const key of FILTER_ORDER) {
    const value = request[key]?.trim();
    if (value) params.set(key, value);
  }
  params.set('page', String(request.page));
  params.set('pageSize', String(request.pageSize));
  if (request.sort) params.set('sort', request.sort);
  return `/admin/audit-log?${params.toString()}`;
}

/** The catalogue key of an action ("balance.adjusted" -> "balance_adjusted": a dot separates catalogue keys). */
export function actionKey(action: string): string {
  return action.replace(/\./g, '_');
}

export function isKnownAction(action: string): action is TAuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(action);
}

export function isKnownTargetType(type: string): type is TAuditTargetType {
  return (AUDIT_TARGET_TYPES as readonly string[]).includes(type);
}

function scalarText(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * A before/after value in one short line: `{balance: "20.00", reason: "Bonus"}` -> `balance: 20.00 · reason: Bonus`;
 * null or undefined -> '' (the cell shows a dash); anything else as JSON.
 */
export function compactJson(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}: ${scalarText(v)}`)
      .join(' · ');
  }
  return scalarText(value);
}
