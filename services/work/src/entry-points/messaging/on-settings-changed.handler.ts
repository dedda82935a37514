import { ZSettingsChangedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { keepSettingCopy } from '../../domain/local-copies.use-case.js';

/** Queue (after QUEUE_PREFIX) of the settings copy. */
export const SETTINGS_QUEUE = 'work.settings';
export const SETTINGS_ROUTING_KEYS = ['settings.changed'] as const;

/** settings.changed {key, value}: keeps auto_approval_days, max_live_assignments, assignment_time_limit_hours, minimum_hourly_rate, top_up_underpaid, appeal_window_days, appeal_decision_days, bulk_spot_check_every (an older event never overwrites a newer one). */
export async function onSettingsChanged(event: TEventEnvelope, client: PoolClient): Promise<void> {
  await keepSettingCopy(client, ZSettingsChangedDataSchema.parse(event.data), event.occurredAt);
}
