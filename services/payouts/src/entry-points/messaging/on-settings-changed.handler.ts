import { ZSettingsChangedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { Logger, PoolClient } from '@platform/service-kit';
import { upsertSetting } from '../../data-access/copies.repository.js';
import { normaliseSettingValue, PAYOUT_SETTING_KEYS, type TPayoutSettingKey } from '../../domain/settings.js';

/** Queue (after QUEUE_PREFIX) of the settings copy. */
export const SETTINGS_QUEUE = 'payouts.settings';
export const SETTINGS_ROUTING_KEYS = ['settings.changed'] as const;

/**
 * settings.changed {key, value}: keeps minimum_withdrawal, starting_balance and wallet_cooldown_hours (other keys
 * are ignored; an older event never overwrites a newer value; a value that is not a non-negative amount is ignored
 * with a warning, the admin service having refused it already).
 */
export function createOnSettingsChanged(logger: Logger) {
  return async function onSettingsChanged(event: TEventEnvelope, client: PoolClient): Promise<void> {
    const data = ZSettingsChangedDataSchema.parse(event.data);
    if (!(PAYOUT_SETTING_KEYS as string[]).includes(data.key)) return;
    const key = data.key as TPayoutSettingKey;
    const value = normaliseSettingValue(key, data.value);
    if (value === undefined) {
      logger.warn({ key, value: data.value, eventId: event.id }, 'settings.changed with an unusable value; ignored');
      return;
    }
    await upsertSetting(client, key, value, event.occurredAt);
  };
}
