import { ZSettingsChangedDataSchema, type TEventEnvelope } from '@platform/contracts';
import type { PoolClient, Queryable } from '@platform/service-kit';
import { findRetentionDays, keepSetting, VERIFICATION_RETENTION_DAYS_KEY } from '../data-access/verification-settings.repository.js';
import { deleteExpiredVerificationImages } from '../data-access/verifications.repository.js';

/**
 * The retention of identity images: those of applications decided more than verification_retention_days ago
 * (setting, default 30) are deleted; the application and its decision stay. Safe to run twice at once (SKIP
 * LOCKED). Returns how many applications lost their images.
 */
export async function deleteExpiredIdentityImages(db: Queryable): Promise<{ deleted: number; retentionDays: number }> {
  const retentionDays = await findRetentionDays(db);
  let deleted = 0;
  for (;;) {
    const batch = await deleteExpiredVerificationImages(db, retentionDays);
    deleted += batch;
    if (batch < 1000) return { deleted, retentionDays };
  }
}

/** settings.changed: keeps verification_retention_days (an older event never overwrites a newer value). */
export async function keepVerificationSetting(client: PoolClient, event: TEventEnvelope): Promise<void> {
  const data = ZSettingsChangedDataSchema.parse(event.data);
  if (data.key !== VERIFICATION_RETENTION_DAYS_KEY) return;
  await keepSetting(client, data.key, data.value, data.changedAt ?? event.occurredAt);
}
