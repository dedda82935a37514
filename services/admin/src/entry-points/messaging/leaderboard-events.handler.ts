import type { TEventHandler } from '@platform/service-kit';
import { applyLeaderboardEvent, LEADERBOARD_EVENT_TYPES } from '../../domain/leaderboard-events.use-case.js';

/** The admin service's leaderboards queue (prefixed with QUEUE_PREFIX) and the events it takes. */
export const LEADERBOARD_QUEUE = 'admin.leaderboards';
export const LEADERBOARD_ROUTING_KEYS = LEADERBOARD_EVENT_TYPES;

/** Keeps the leaderboards' read model (users, reviews) in the consumer's transaction. */
export function createLeaderboardEventsHandler(): TEventHandler {
  return async (event, client) => {
    await applyLeaderboardEvent(client, event);
  };
}
