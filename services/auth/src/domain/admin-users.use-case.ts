import type { TAdminUser, TAdminUsersResponse } from '@platform/contracts';
import { findDeletedAt } from '../data-access/account-changes.repository.js';
import { findUserById, findUsersForAdmin } from '../data-access/users.repository.js';
import { AUTH_ERRORS } from './auth.errors.js';
import type { TAuthDeps } from './deps.js';
import { findBalances, presentAdminUser, UNKNOWN_BALANCES } from './user-view.js';

/** Adds 2-decimal strings exactly (integer cents); null when any of them is unknown. */
export function sumAmounts(amounts: readonly (string | null)[]): string | null {
  let cents = 0n;
  for (const amount of amounts) {
    if (amount === null) return null;
    const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
    if (!match) return null;
    const value = BigInt(match[2]!) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
    cents += match[1] ? -value : value;
  }
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/**
 * GET /api/admin/users: the users matching the search with their balances from ONE batch call to payouts (with
 * the admin's token), and the four stat cards over the listed users (all users when there is no search).
 * totalBalance is the sum of the available balances, null when payouts did not answer.
 */
export async function listUsersForAdmin(deps: TAuthDeps, search: string | undefined, adminToken: string | undefined): Promise<TAdminUsersResponse> {
  const records = await findUsersForAdmin(deps.pool, search);
  const balances = await findBalances(deps.payouts, records.map((u) => u.id), adminToken);
  const users = records.map((u) => presentAdminUser(u, balances.get(u.id) ?? UNKNOWN_BALANCES));
  return {
    users,
    stats: {
      total: users.length,
      verified: users.filter((u) => u.isVerified).length,
      active: users.filter((u) => u.isActive).length,
      totalBalance: sumAmounts(users.map((u) => u.balance)),
    },
  };
}

/** GET /api/admin/users/{id}: one user with balances; 404 'User not found' (a deleted user too). */
export async function getUserForAdmin(deps: TAuthDeps, id: string, adminToken: string | undefined): Promise<TAdminUser> {
  const record = await findUserById(deps.pool, id);
  if (!record || (await findDeletedAt(deps.pool, id))) throw AUTH_ERRORS.userNotFound();
  const balances = await findBalances(deps.payouts, [record.id], adminToken);
  return presentAdminUser(record, balances.get(record.id) ?? UNKNOWN_BALANCES);
}
