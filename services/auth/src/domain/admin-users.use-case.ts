import type { TAdminUser, TAdminUsersQuery, TAdminUsersResponse } from '@platform/contracts';
import { findDeletedAt } from '../data-access/account-changes.repository.js';
import { countUsersForAdmin, findUserById, findUsersPageForAdmin } from '../data-access/users.repository.js';
import { AUTH_ERRORS } from './auth.errors.js';
import type { TAuthDeps } from './deps.js';
import { findBalances, findBalanceTotal, presentAdminUser, UNKNOWN_BALANCES } from './user-view.js';

/**
 * GET /api/admin/users: one page of the users matching the search and filters (newest first) with their balances
 * from ONE batch call to payouts (with the admin's token), and the four stat cards over all users: the counts from
 * auth's table, totalBalance from payouts' balance total (null when payouts did not answer).
 */
export async function listUsersForAdmin(deps: TAuthDeps, query: TAdminUsersQuery, adminToken: string | undefined): Promise<TAdminUsersResponse> {
  const [page, counts] = await Promise.all([findUsersPageForAdmin(deps.pool, query), countUsersForAdmin(deps.pool)]);
  const [balances, totalBalance] = await Promise.all([
    findBalances(deps.payouts, page.items.map((u) => u.id), adminToken),
    findBalanceTotal(deps.payouts, adminToken),
  ]);
  return {
    users: page.items.map((u) => presentAdminUser(u, balances.get(u.id) ?? UNKNOWN_BALANCES)),
    nextCursor: page.nextCursor,
    total: page.total,
    totalExact: page.totalExact,
    stats: { ...counts, totalBalance },
  };
}

/** GET /api/admin/users/{id}: one user with balances; 404 'User not found' (a deleted user too). */
export async function getUserForAdmin(deps: TAuthDeps, id: string, adminToken: string | undefined): Promise<TAdminUser> {
  const record = await findUserById(deps.pool, id);
  if (!record || (await findDeletedAt(deps.pool, id))) throw AUTH_ERRORS.userNotFound();
  const balances = await findBalances(deps.payouts, [record.id], adminToken);
  return presentAdminUser(record, balances.get(record.id) ?? UNKNOWN_BALANCES);
}
