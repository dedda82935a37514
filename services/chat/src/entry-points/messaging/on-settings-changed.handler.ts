import { ZSettingsChangedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { keepSettingCopy } from '../../domain/copies.use-case.js';

/** Queue (after QUEUE_PREFIX) of the settings copy. */
export const SETTINGS_QUEUE = 'chat.settings';
export const SETTINGS_ROUTING_KEYS = ['settings.changed'] as const;

/** settings.changed {key, value}: keeps chat_archive_days (an older event never overwrites a newer value). */
export async function onSettingsChanged(event: TEventEnvelope, client: PoolClient): Promise<void> {
  await keepSettingCopy(client, ZSettingsChangedDataSchema.parse(event.data), event.occurredAt);
}
