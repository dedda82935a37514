import { ZSettingsChangedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import type { TPayoutsDeps } from '../../domain/deps.js';
import { keepSettingCopy } from '../../domain/settings-copy.use-case.js';

/** Queue (after QUEUE_PREFIX) of the settings copy. */
export const SETTINGS_QUEUE = 'payouts.settings';
export const SETTINGS_ROUTING_KEYS = ['settings.changed'] as const;

/** settings.changed {key, value}: keeps the settings payouts reads (see keepSettingCopy). */
export function createOnSettingsChanged(deps: Pick<TPayoutsDeps, 'logger' | 'settings'>) {
  return async function onSettingsChanged(event: TEventEnvelope, client: PoolClient): Promise<void> {
    await keepSettingCopy(client, deps, event, ZSettingsChangedDataSchema.parse(event.data));
  };
}
