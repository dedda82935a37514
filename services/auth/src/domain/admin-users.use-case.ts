import type { TAdminUser, TAdminUsersQuery, TAdminUsersResponse, TAdminUsersStats } from '@platform/contracts';
import { findDeletedAt } from '../data-access/account-changes.repository.js';
import { countUsersForAdmin, findUserById, findUsersPageForAdmin } from '../data-access/users.repository.js';
import { AUTH_ERRORS } from './auth.errors.js';
import type { TAuthDeps } from './deps.js';
import { findBalances, findBalanceTotal, presentAdminUser, UNKNOWN_BALANCES } from './user-view.js';

/**
 * GET /api/admin/users: one page of the users matching the search and filters (newest first) with their balances
 * from ONE batch call to payouts (with the admin's token).
 */
export async function listUsersForAdmin(deps: TAuthDeps, query: TAdminUsersQuery, adminToken: string | undefined): Promise<TAdminUsersResponse> {
  const page = await findUsersPageForAdmin(deps.pool, query);
  const balances = await findBalances(deps.payouts, page.items.map((u) => u.id), adminToken);
  return { ...page, items: page.items.map((u) => presentAdminUser(u, balances.get(u.id) ?? UNKNOWN_BALANCES)) };
}

/**
 * GET /api/admin/users/stats: the four stat cards over all users: the counts from auth's table, totalBalance from
 * payouts' balance total (null when payouts did not answer).
 */
export async function usersStatsForAdmin(deps: TAuthDeps, adminToken: string | undefined): Promise<TAdminUsersStats> {
  const [counts, totalBalance] = await Promise.all([countUsersForAdmin(deps.pool), findBalanceTotal(deps.payouts, adminToken)]);
  return { ...counts, totalBalance };
}

/** GET /api/admin/users/{id}: one user with balances; 404 'User not found' (a deleted user too). */
export async function getUserForAdmin(deps: TAuthDeps, id: string, adminToken: string | undefined): Promise<TAdminUser> {
  const record = await findUserById(deps.pool, id);
  if (!record || (await findDeletedAt(deps.pool, id))) throw AUTH_ERRORS.userNotFound();
  const balances = await findBalances(deps.payouts, [record.id], adminToken);
  return presentAdminUser(record, balances.get(record.id) ?? UNKNOWN_BALANCES);
}
