import { ZSettingsChangedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { AUTO_APPROVAL_DAYS_KEY, upsertSetting } from '../../data-access/settings.repository.js';

/** Queue (after QUEUE_PREFIX) of the settings copy. */
export const SETTINGS_QUEUE = 'work.settings';
export const SETTINGS_ROUTING_KEYS = ['settings.changed'] as const;

/** The settings this service keeps a copy of; other keys are ignored. */
const KEPT_SETTINGS = new Set([AUTO_APPROVAL_DAYS_KEY]);

/** settings.changed {key, value}: keeps auto_approval_days (an older event never overwrites a newer one). */
export async function onSettingsChanged(event: TEventEnvelope, client: PoolClient): Promise<void> {
  const data = ZSettingsChangedDataSchema.parse(event.data);
  if (!KEPT_SETTINGS.has(data.key)) return;
  await upsertSetting(client, data.key, data.value, event.occurredAt);
}
