import type { TAdminUser, TUser } from '@platform/contracts';
import type { Queryable } from '@platform/service-kit';
import type { TPayoutsClient } from '../data-access/payouts.client.js';
import type { TUserRecord } from '../data-access/users.repository.js';
import { findLatestVerificationStatus } from '../data-access/verifications.repository.js';
import { verificationStatusOf } from './verification-status.js';

/** A user's balances as shown: decimal strings, or null when the payouts service could not tell ("unknown"). */
export interface TBalances {
  balance: string | null;
  heldBalance: string | null;
}

export const UNKNOWN_BALANCES: Readonly<TBalances> = Object.freeze({ balance: null, heldBalance: null });

/** The most ids payouts takes in one batch call. */
export const BALANCE_BATCH_SIZE = 1_000;

/**
 * THE single place where balances are filled in. The balance lives only in the payouts service's ledger, so it is
 * read from there on every answer (read-your-writes: what a user reads right after their own withdrawal is
 * current). The caller's bearer token is forwarded: payouts lets a user read only their own balance and an admin
 * anyone's. One user: `GET /internal/balances/{id}`; several: `GET /internal/balances?userIds=a,b` (one call per
 * 1000 ids). When payouts is not configured, is down, slow (past INTERNAL_API_TIMEOUT_MS) or answers an error, the
 * balances are null (the client logs why): an unknown balance is never shown as "0.00", and never fails the call.
 */
export async function findBalances(payouts: TPayoutsClient, userIds: readonly string[], token: string | undefined): Promise<Map<string, TBalances>> {
  const result = new Map<string, TBalances>(userIds.map((id) => [id, UNKNOWN_BALANCES]));
  if (userIds.length === 0 || !payouts.configured || !token) return result;

  if (userIds.length === 1) {
    const id = userIds[0]!;
    const balance = await payouts.readBalance(id, token).catch(() => undefined);
    if (balance) result.set(id, { balance: balance.available, heldBalance: balance.held });
    return result;
  }

  const chunks: string[][] = [];
  for (let i = 0; i < userIds.length; i += BALANCE_BATCH_SIZE) chunks.push(userIds.slice(i, i + BALANCE_BATCH_SIZE));
  await Promise.all(
    chunks.map(async (ids) => {
      const balances = await payouts.readBalances(ids, token).catch(() => undefined);
      if (!balances) return;
      for (const id of ids) {
        const balance = balances[id] ?? balances[id.toLowerCase()];
        if (balance) result.set(id, { balance: balance.available, heldBalance: balance.held });
      }
    }),
  );
  return result;
}

/**
 * The sum of every account's available balance (payouts GET /internal/stats/balance-total, the admin's token
 * forwarded); null when payouts is not configured or does not answer in time (the client logs why).
 */
export async function findBalanceTotal(payouts: TPayoutsClient, token: string | undefined): Promise<string | null> {
  if (!payouts.configured || !token) return null;
  const total = await payouts.readBalanceTotal(token).catch(() => undefined);
  return total?.available ?? null;
}

/** Who balances are read for: the payouts client and the bearer token to forward (none: unknown balances). */
export interface TBalanceLookup {
  payouts: TPayoutsClient;
  token: string | undefined;
}

/** The fields every reader of a user sees (never the password hash). */
function publicFields(user: TUserRecord) {
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
    language: user.language,
  };
}

/**
 * The user as the client reads it (GET /api/auth/me, login, registration, onboarding): the verification status from
 * the user's applications (read with `db`, in the caller's transaction when there is one), balances from payouts
 * when a lookup is given.
 */
export async function presentUser(user: TUserRecord, db: Queryable, lookup?: TBalanceLookup): Promise<TUser> {
  const [latestStatus, balances] = await Promise.all([
    findLatestVerificationStatus(db, user.id),
    lookup ? findBalances(lookup.payouts, [user.id], lookup.token).then((found) => found.get(user.id) ?? UNKNOWN_BALANCES) : UNKNOWN_BALANCES,
  ]);
  return { ...publicFields(user), verificationStatus: verificationStatusOf(user.isVerified, latestStatus), ...balances };
}

/** The user as an admin reads it: every stored field but the password hash, with the given balances. */
export function presentAdminUser(user: TUserRecord, balances: TBalances): TAdminUser {
  return {
    ...publicFields(user),
    // The stored status (kept by triggers by the same rule as verificationStatusOf): what the list filters by.
    verificationStatus: user.verificationStatus,
    referralSource: user.referralSource,
    updatedAt: user.updatedAt.toISOString(),
    balance: balances.balance,
    heldBalance: balances.heldBalance,
  };
}
