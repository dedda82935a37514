import type { TUser } from '@platform/contracts';
import type { TUserRecord } from '../data-access/users.repository.js';

export interface TBalances {
  balance: string;
  heldBalance: string;
}

/**
 * THE single place where a user's balance is filled in. The balance lives only in the payouts service's ledger;
 * until its internal API exists every user reads "0.00". Replace the body with one batch call to
 * payouts (`/internal/balances?userIds=...`) and every response that shows a user follows.
 */
export async function findBalances(userIds: readonly string[]): Promise<Map<string, TBalances>> {
  return new Map(userIds.map((id) => [id, { balance: '0.00', heldBalance: '0.00' }]));
}

/** The user as the client reads it (never the password hash). */
export async function presentUser(user: TUserRecord): Promise<TUser> {
  const balances = (await findBalances([user.id])).get(user.id) ?? { balance: '0.00', heldBalance: '0.00' };
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    telegramUsername: user.telegramUsername,
    role: user.role,
    isActive: user.isActive,
    isVerified: user.isVerified,
    welcomeVideoShown: user.welcomeVideoShown,
    documentsAccepted: user.documentsAccepted,
    documentsAcceptedAt: user.documentsAcceptedAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    ...balances,
  };
}
