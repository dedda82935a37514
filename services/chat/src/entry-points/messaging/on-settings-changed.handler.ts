import { ZSettingsChangedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { CHAT_ARCHIVE_DAYS_KEY, upsertSetting } from '../../data-access/settings.repository.js';

/** Queue (after QUEUE_PREFIX) of the settings copy. */
export const SETTINGS_QUEUE = 'chat.settings';
export const SETTINGS_ROUTING_KEYS = ['settings.changed'] as const;

/** settings.changed {key, value}: keeps chat_archive_days (an older event never overwrites a newer value). */
export async function onSettingsChanged(event: TEventEnvelope, client: PoolClient): Promise<void> {
  const data = ZSettingsChangedDataSchema.parse(event.data);
  if (data.key !== CHAT_ARCHIVE_DAYS_KEY) return;
  await upsertSetting(client, data.key, data.value, event.occurredAt);
}
