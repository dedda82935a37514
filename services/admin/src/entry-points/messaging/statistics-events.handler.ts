import type { TEventHandler } from '@platform/service-kit';
import { applyStatisticsEvent, STATS_EVENT_TYPES } from '../../domain/statistics.use-case.js';

/** The admin service's statistics queue (prefixed with QUEUE_PREFIX) and the events it takes. */
export const STATS_QUEUE = 'admin.stats';
export const STATS_ROUTING_KEYS = STATS_EVENT_TYPES;

/** Applies each event to the dashboard's read model in the consumer's transaction (with its inbox row). */
export function createStatisticsEventsHandler(): TEventHandler {
  return async (event, client) => {
    await applyStatisticsEvent(client, event);
  };
}
