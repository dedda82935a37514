import type { TEventHandler } from '@platform/service-kit';
import { ACTIVITY_EVENT_TYPES, recordActivity } from '../../domain/activity.use-case.js';
import { keepVerificationSetting } from '../../domain/verification-retention.use-case.js';

/** The activity history's queue (after QUEUE_PREFIX) and the events it is built from. */
export const ACTIVITY_QUEUE = 'auth.activity';
export const ACTIVITY_ROUTING_KEYS = ACTIVITY_EVENT_TYPES;
/**
 * A batch's first event waits this long for more (ms): under a steady flow (a withdrawal's event, a task taken) the
 * entries of many events share one transaction, inbox insert and ack, for 20 ms more before they show in the history.
 */
export const ACTIVITY_BATCH_WAIT_MS = 20;

export const activityEventsHandler: TEventHandler = async (event, client) => {
  await recordActivity(client, event);
};

/** The copy of verification_retention_days. */
export const VERIFICATION_SETTINGS_QUEUE = 'auth.verification-settings';
export const VERIFICATION_SETTINGS_ROUTING_KEYS = ['settings.changed'] as const;

export const verificationSettingsHandler: TEventHandler = async (event, client) => {
  await keepVerificationSetting(client, event);
};
