import { setTimeout as sleep } from 'node:timers/promises';
import type { TAccountClosingStartedData } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { hasClosingIntent, keepClosingIntent } from '../data-access/closing-intents.repository.js';
import type { TPayoutsDeps } from './deps.js';
import { PAYOUTS_ERRORS } from './payouts.errors.js';

/** How long a closing request waits for the account.closing_started that auth has just written (read-your-writes). */
export const CLOSING_INTENT_WAIT_MS = 2_000;
const CLOSING_INTENT_POLL_MS = 100;

/**
 * A closing withdrawal and a give-up are only for a worker closing the account (issue 28 item 4): auth records the
 * intent (POST /api/user/account/closing) and announces it with account.closing_started, which payouts keeps. The app
 * asks right after stating it, while the event is normally milliseconds away, so a missing intent is looked up again
 * for up to CLOSING_INTENT_WAIT_MS before the answer is 409 PAYOUTS.NOT_CLOSING. The intent is never withdrawn, so
 * reading it outside the posting transaction decides nothing a racing request could change.
 */
export async function requireClosingIntent(deps: Pick<TPayoutsDeps, 'pool'>, userId: string): Promise<void> {
  const deadline = Date.now() + CLOSING_INTENT_WAIT_MS;
  for (;;) {
    if (await hasClosingIntent(deps.pool, userId)) return;
    if (Date.now() >= deadline) throw PAYOUTS_ERRORS.notClosing();
    await sleep(CLOSING_INTENT_POLL_MS);
  }
}

/** account.closing_started: payouts keeps the worker's intent (once; a redelivered event changes nothing). */
export async function recordClosingIntent(client: PoolClient, data: TAccountClosingStartedData): Promise<void> {
  await keepClosingIntent(client, data.userId, data.startedAt);
}
