import { onCommit, type PoolClient } from '@platform/service-kit';
import { SETTINGS_COPY } from '../data-access/copies.repository.js';
import type { TPayoutsDeps } from './deps.js';
import { normaliseSettingValue, PAYOUT_SETTING_KEYS, type TPayoutSettingKey } from './settings.js';

/**
 * settings.changed (in the consumer's transaction): keeps minimum_withdrawal, starting_balance,
 * wallet_cooldown_hours and withdrawal_decision_hours (other keys are ignored; an older event never overwrites a newer value; a value that is not a
 * non-negative amount is ignored with a warning, the admin service having refused it already), in the table and, once
 * committed, in the copy in memory.
 */
export async function keepSettingCopy(
  client: PoolClient,
  deps: Pick<TPayoutsDeps, 'logger' | 'settings'>,
  event: { id: string; occurredAt: string },
  data: { key: string; value: string },
): Promise<void> {
  if (!(PAYOUT_SETTING_KEYS as string[]).includes(data.key)) return;
  const key = data.key as TPayoutSettingKey;
  const value = normaliseSettingValue(key, data.value);
  if (value === undefined) {
    deps.logger.warn({ key, value: data.value, eventId: event.id }, 'settings.changed with an unusable value; ignored');
    return;
  }
  if (await SETTINGS_COPY.upsert(client, { key, value }, event.occurredAt)) {
    // The copy in memory follows the table once the transaction has committed.
    onCommit(client, () => deps.settings.apply(key, value, event.occurredAt));
  }
}
