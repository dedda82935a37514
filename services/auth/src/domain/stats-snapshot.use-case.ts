import type { TStatsPageQuery } from '@platform/contracts';
import { readUsersPage, readVerificationsPage } from '../data-access/stats-snapshot.repository.js';
import type { TAuthDeps } from './deps.js';

function pageOf<T>(items: T[], limit: number, idOf: (item: T) => string): { items: T[]; next: string | null } {
  const last = items[items.length - 1];
  return { items, next: items.length === limit && last ? idOf(last) : null };
}

/** GET /internal/stats/users: every account (the admin dashboard's rebuild). */
export async function getUsersSnapshotPage(deps: Pick<TAuthDeps, 'pool'>, query: TStatsPageQuery) {
  return pageOf(await readUsersPage(deps.pool, query.after, query.limit), query.limit, (u) => u.userId);
}

/** GET /internal/stats/verifications: every identity verification application, with its status. */
export async function getVerificationsSnapshotPage(deps: Pick<TAuthDeps, 'pool'>, query: TStatsPageQuery) {
  return pageOf(await readVerificationsPage(deps.pool, query.after, query.limit), query.limit, (v) => v.verificationId);
}
