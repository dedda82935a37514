import type { TAccountClosingStartedData } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { hasClosingIntent, keepClosingIntent } from '../data-access/closing-intents.repository.js';
import type { TPayoutsDeps } from './deps.js';
import { PAYOUTS_ERRORS } from './payouts.errors.js';
import { waitForCopy } from './wait-for-copy.js';

/**
 * A closing withdrawal and a give-up are only for a worker closing the account (issue 28 item 4): auth records the
 * intent (POST /api/user/account/closing) and announces it with account.closing_started, which payouts keeps. The app
 * asks right after stating it, while the event is normally milliseconds away, so a missing intent is waited for
 * (waitForCopy) before the answer is 409 PAYOUTS.NOT_CLOSING. The intent is never withdrawn, so reading it outside the
 * posting transaction decides nothing a racing request could change.
 */
export async function requireClosingIntent(deps: Pick<TPayoutsDeps, 'pool'>, userId: string): Promise<void> {
  if (!(await waitForCopy(() => hasClosingIntent(deps.pool, userId)))) throw PAYOUTS_ERRORS.notClosing();
}

/** account.closing_started: payouts keeps the worker's intent (once; a redelivered event changes nothing). */
export async function recordClosingIntent(client: PoolClient, data: TAccountClosingStartedData): Promise<void> {
  await keepClosingIntent(client, data.userId, data.startedAt);
}
