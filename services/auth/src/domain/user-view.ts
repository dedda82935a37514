import { ZBalanceSchema, ZInternalBalancesSchema, ZStatsBalanceTotalSchema, type TAdminUser, type TUser } from '@platform/contracts';
import type { Logger, Queryable } from '@platform/service-kit';
import type { TUserRecord } from '../data-access/users.repository.js';
import { findLatestVerificationStatus } from '../data-access/verifications.repository.js';
import { verificationStatusOf } from './verification-status.js';

/** A user's balances as shown: decimal strings, or null when the payouts service could not tell ("unknown"). */
export interface TBalances {
  balance: string | null;
  heldBalance: string | null;
}

export const UNKNOWN_BALANCES: Readonly<TBalances> = Object.freeze({ balance: null, heldBalance: null });

/** How to reach the payouts service's internal balance API. */
export interface TPayoutsClient {
  /** Base URL (config PAYOUTS_INTERNAL_URL, no trailing slash); undefined: every balance is unknown. */
  url: string | undefined;
  /** Per call; past it the answer goes out with null balances. */
  timeoutMs: number;
  logger: Logger;
}

/** The most ids payouts takes in one batch call. */
export const BALANCE_BATCH_SIZE = 1_000;

async function getJson(payouts: TPayoutsClient & { url: string }, path: string, token: string): Promise<unknown> {
  const response = await fetch(`${payouts.url}${path}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    signal: AbortSignal.timeout(payouts.timeoutMs),
  });
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error(`payouts answered ${response.status}`);
  }
  return response.json();
}

/**
 * THE single place where balances are filled in. The balance lives only in the payouts service's ledger, so it is
 * read from there on every answer (read-your-writes: what a user reads right after their own withdrawal is
 * current). The caller's bearer token is forwarded: payouts lets a user read only their own balance and an admin
 * anyone's. One user: `GET /internal/balances/{id}`; several: `GET /internal/balances?userIds=a,b` (one call per
 * 1000 ids). When payouts is not configured, is down, slow (past PAYOUTS_TIMEOUT_MS) or answers an error, the
 * balances are null and a warning is logged: an unknown balance is never shown as "0.00", and never fails the call.
 */
export async function findBalances(payouts: TPayoutsClient, userIds: readonly string[], token: string | undefined): Promise<Map<string, TBalances>> {
  const result = new Map<string, TBalances>(userIds.map((id) => [id, UNKNOWN_BALANCES]));
  const { url } = payouts;
  if (userIds.length === 0 || !url || !token) return result;
  const client = { ...payouts, url };

  if (userIds.length === 1) {
    const id = userIds[0]!;
    try {
      const balance = ZBalanceSchema.parse(await getJson(client, `/internal/balances/${encodeURIComponent(id)}`, token));
      result.set(id, { balance: balance.available, heldBalance: balance.held });
    } catch (error) {
      payouts.logger.warn({ err: error, userId: id }, 'could not read the balance from payouts; answering null balances');
    }
    return result;
  }

  const chunks: string[][] = [];
  for (let i = 0; i < userIds.length; i += BALANCE_BATCH_SIZE) chunks.push(userIds.slice(i, i + BALANCE_BATCH_SIZE));
  await Promise.all(
    chunks.map(async (ids) => {
      try {
        const balances = ZInternalBalancesSchema.parse(await getJson(client, `/internal/balances?userIds=${ids.map(encodeURIComponent).join(',')}`, token));
        for (const id of ids) {
          const balance = balances[id] ?? balances[id.toLowerCase()];
          if (balance) result.set(id, { balance: balance.available, heldBalance: balance.held });
        }
      } catch (error) {
        payouts.logger.warn({ err: error, users: ids.length }, 'could not read balances from payouts; answering null balances');
      }
    }),
  );
  return result;
}

/**
 * The sum of every account's available balance (payouts GET /internal/stats/balance-total, the admin's token
 * forwarded); null, with a warning, when payouts is not configured or does not answer in time.
 */
export async function findBalanceTotal(payouts: TPayoutsClient, token: string | undefined): Promise<string | null> {
  const { url } = payouts;
  if (!url || !token) return null;
  try {
    return ZStatsBalanceTotalSchema.parse(await getJson({ ...payouts, url }, '/internal/stats/balance-total', token)).available;
  } catch (error) {
    payouts.logger.warn({ err: error }, 'could not read the balance total from payouts; answering null');
    return null;
  }
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
