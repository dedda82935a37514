import { ZIdParamsSchema } from '@platform/contracts';
import type { Pool } from 'pg';
import { authUserOf, type TAuthHooks } from './auth.js';
import { AppError, COMMON_ERRORS } from './errors.js';
import type { TApp } from './http.js';

/**
 * One named part of a service's answer to a user's data export: an SQL query with the user id as $1 whose rows are
 * the records the service holds about that user. `table` names the table that must exist (a part whose table is
 * not there yet is left out rather than failing the export).
 */
export interface TUserExportPart {
  name: string;
  table: string;
  sql: string;
}

const ZUserParamsSchema = ZIdParamsSchema(() => COMMON_ERRORS.notFound('User not found', 'user'));

/** Reads every part for one user; rows come back as JSON objects (timestamps as ISO text, bytea as hex). */
export async function readUserExport(pool: Pool, userId: string, parts: readonly TUserExportPart[]): Promise<Record<string, unknown[]>> {
  const { rows } = await pool.query<{ name: string }>('SELECT t AS name FROM unnest($1::text[]) AS t WHERE to_regclass(t) IS NOT NULL', [parts.map((p) => p.table)]);
  const present = new Set(rows.map((r) => r.name));
  const result: Record<string, unknown[]> = {};
  for (const part of parts) {
    if (!present.has(part.table)) continue;
    const answer = await pool.query<{ row: unknown }>(`SELECT row_to_json(x) AS row FROM (${part.sql}) x`, [userId]);
    result[part.name] = answer.rows.map((r) => r.row);
  }
  return result;
}

/**
 * GET /internal/users/:id/export: what this service holds about a user, for the auth service assembling the
 * user's download (GDPR art. 15 and 20). Not routed by the gateway. The caller forwards the bearer token of the
 * user it acts for: a user may read only their own export, an admin anyone's.
 */
export function registerUserExportRoute(app: TApp, options: { pool: Pool; hooks: TAuthHooks; service: string; parts: readonly TUserExportPart[] }): void {
  app.get('/internal/users/:id/export', { onRequest: options.hooks.authenticate, schema: { params: ZUserParamsSchema } }, async (request) => {
    const user = authUserOf(request);
    const { id } = request.params as { id: string };
    if (user.role !== 'admin' && user.userId !== id) throw new AppError('EXPORT.FORBIDDEN', 403, 'You can only export your own data');
    return { service: options.service, userId: id, records: await readUserExport(options.pool, id, options.parts) };
  });
}
