import type { TUserRegisteredData, TUserUpdatedData } from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { APPEAL_DECISION_DAYS_KEY, BULK_SPOT_CHECK_EVERY_KEY, APPEAL_WINDOW_DAYS_KEY, ASSIGNMENT_TIME_LIMIT_HOURS_KEY, AUTO_APPROVAL_DAYS_KEY, MAX_LIVE_ASSIGNMENTS_KEY, MINIMUM_HOURLY_RATE_KEY, SETTINGS_COPY, TOP_UP_UNDERPAID_KEY } from '../data-access/settings.repository.js';
import { USERS_COPY } from '../data-access/users.repository.js';

/** The settings this service keeps a copy of; other keys are ignored. */
const KEPT_SETTINGS = new Set([AUTO_APPROVAL_DAYS_KEY, MAX_LIVE_ASSIGNMENTS_KEY, ASSIGNMENT_TIME_LIMIT_HOURS_KEY, MINIMUM_HOURLY_RATE_KEY, TOP_UP_UNDERPAID_KEY, APPEAL_WINDOW_DAYS_KEY, APPEAL_DECISION_DAYS_KEY, BULK_SPOT_CHECK_EVERY_KEY]);

/** user.registered / user.updated (in the consumer's transaction): keep the local copy of the user's names and e-mail. */
export async function keepUserCopy(client: PoolClient, data: TUserRegisteredData | TUserUpdatedData, occurredAt: string): Promise<void> {
  await USERS_COPY.upsert(client, { id: data.userId, email: data.email, firstName: data.firstName, lastName: data.lastName, role: data.role }, occurredAt);
}

/** settings.changed (in the consumer's transaction): keep the kept keys; an older event never overwrites a newer one. */
export async function keepSettingCopy(client: PoolClient, data: { key: string; value: string }, occurredAt: string): Promise<void> {
  if (!KEPT_SETTINGS.has(data.key)) return;
  await SETTINGS_COPY.upsert(client, { key: data.key, value: data.value }, occurredAt);
}
