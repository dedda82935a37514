import type { TStatsPageQuery } from '@platform/contracts';
import { readAppealsPage, readReturnsPage, readSubmissionsPage, readTasksPage } from '../data-access/stats-snapshot.repository.js';
import type { TWorkDeps } from './deps.js';

function pageOf<T>(items: T[], limit: number, idOf: (item: T) => string): { items: T[]; next: string | null } {
  const last = items[items.length - 1];
  return { items, next: items.length === limit && last ? idOf(last) : null };
}

/** GET /internal/stats/tasks: every task with its status (the admin dashboard's rebuild). */
export async function getTasksSnapshotPage(deps: Pick<TWorkDeps, 'pool'>, query: TStatsPageQuery) {
  return pageOf(await readTasksPage(deps.pool, query.after, query.limit), query.limit, (t) => t.taskId);
}

/** GET /internal/stats/submissions: every submitted assignment with where its review stands. */
export async function getSubmissionsSnapshotPage(deps: Pick<TWorkDeps, 'pool'>, query: TStatsPageQuery) {
  return pageOf(await readSubmissionsPage(deps.pool, query.after, query.limit), query.limit, (s) => s.assignmentId);
}

/** GET /internal/stats/appeals: every appeal with its state (issue 29). */
export async function getAppealsSnapshotPage(deps: Pick<TWorkDeps, 'pool'>, query: TStatsPageQuery) {
  return pageOf(await readAppealsPage(deps.pool, query.after, query.limit), query.limit, (a) => a.appealId);
}

/** GET /internal/stats/returns: every task handed back (issue 29). */
export async function getReturnsSnapshotPage(deps: Pick<TWorkDeps, 'pool'>, query: TStatsPageQuery) {
  return pageOf(await readReturnsPage(deps.pool, query.after, query.limit), query.limit, (r) => r.assignmentId);
}
