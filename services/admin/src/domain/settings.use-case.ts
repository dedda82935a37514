import { SYSTEM_SETTING_KEYS, type TSystemSetting, type TUpdateSystemSettingRequest } from '@platform/contracts';
import { withTransaction, writeEvent, type PoolClient } from '@platform/service-kit';
import { claimUnpublishedSettings, findAllSettings, lockSetting, writeSetting, type TSettingRecord } from '../data-access/settings.repository.js';
import { ADMIN_ERRORS } from './admin.errors.js';
import type { TAdminDeps } from './deps.js';
import { checkSettingValue, isSettingKey, SETTING_DEFAULTS, SETTING_MESSAGES } from './settings.js';

function present(record: TSettingRecord): TSystemSetting {
  return {
    id: record.id,
    settingKey: record.key,
    settingValue: record.value,
    description: record.description,
    updatedBy: record.updatedBy,
    updatedAt: record.updatedAt.toISOString(),
  };
}

export async function listSettings(deps: TAdminDeps): Promise<TSystemSetting[]> {
  return (await findAllSettings(deps.pool)).map(present);
}

/**
 * Sets one value, in one transaction with its settings.changed event (previousValue, changedBy, changedAt). A value
 * equal to the stored one changes nothing and publishes nothing (only a given description is saved).
 */
async function changeSetting(
  client: PoolClient,
  input: { key: string; value: string; description?: string | undefined; adminId: string },
): Promise<TSettingRecord> {
  const current = await lockSetting(client, input.key);
  if (!current) throw ADMIN_ERRORS.unknownSetting();
  const changed = current.value !== input.value;
  if (!changed && (input.description === undefined || input.description === current.description)) return current;
  const updated = await writeSetting(client, {
    key: input.key,
    value: input.value,
    description: input.description,
    updatedBy: input.adminId,
    published: changed,
  });
  if (changed) {
    await writeEvent(client, 'settings.changed', {
      key: updated.key,
      value: updated.value,
      previousValue: current.value,
      changedBy: input.adminId,
      changedAt: updated.updatedAt.toISOString(),
    });
  }
  return updated;
}

/** POST /api/admin/settings: a known key and a valid value, else 400 with the message the screen shows. */
export async function updateSetting(deps: TAdminDeps, adminId: string, input: TUpdateSystemSettingRequest): Promise<TSystemSetting> {
  if (!isSettingKey(input.settingKey)) throw ADMIN_ERRORS.unknownSetting();
  const checked = checkSettingValue(input.settingKey, input.settingValue);
  if (!checked.ok) {
    throw checked.message === SETTING_MESSAGES.valueRequired
      ? ADMIN_ERRORS.settingValueRequired()
      : ADMIN_ERRORS.invalidSettingValue(checked.message);
  }
  const description = input.description ? input.description : undefined;
  const updated = await withTransaction(deps.pool, (client) =>
    changeSetting(client, { key: input.settingKey, value: checked.value, description, adminId }),
  );
  return present(updated);
}

/** POST /api/admin/settings/reset: every value back to its default, one event per key that actually changed. */
export async function resetSettings(deps: TAdminDeps, adminId: string): Promise<TSystemSetting[]> {
  await withTransaction(deps.pool, async (client) => {
    for (const key of SYSTEM_SETTING_KEYS) {
      await changeSetting(client, { key, value: SETTING_DEFAULTS[key], adminId });
    }
  });
  return listSettings(deps);
}

/**
 * At start: publishes, once, every value that was never published (the seeded defaults of a new installation),
 * with changedBy null, so consumers deployed before the first change still learn every value. Safe when several
 * instances start at once (the rows are claimed in the same transaction as the events).
 */
export async function publishUnpublishedSettings(deps: TAdminDeps): Promise<string[]> {
  const published = await withTransaction(deps.pool, async (client) => {
    const claimed = await claimUnpublishedSettings(client);
    for (const record of claimed) {
      await writeEvent(client, 'settings.changed', {
        key: record.key,
        value: record.value,
        previousValue: null,
        changedBy: null,
        changedAt: record.updatedAt.toISOString(),
      });
    }
    return claimed.map((record) => record.key);
  });
  if (published.length) deps.logger.info({ keys: published }, 'published the current value of settings never published before');
  return published;
}
