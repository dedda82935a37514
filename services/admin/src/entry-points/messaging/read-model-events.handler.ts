import type { TEventEnvelope } from '@platform/contracts';
import { coalesced, onCommit, type Logger, type Pool, type TEventHandler } from '@platform/service-kit';
import { markStatsUpdated } from '../../data-access/statistics.repository.js';
import { applyLeaderboardEvent, LEADERBOARD_EVENT_TYPES } from '../../domain/leaderboard-events.use-case.js';
import { applyPublicFiguresEvent, PUBLIC_FIGURES_EVENT_TYPES } from '../../domain/public-figures.use-case.js';
import { applyStatisticsEvent, STATS_EVENT_TYPES } from '../../domain/statistics.use-case.js';

/**
 * The admin service's ONE read-model queue (prefixed with QUEUE_PREFIX): the dashboard's statistics, the public and
 * trust figures and the leaderboards are fed by it, so each event type reaches this service's read models once, in
 * one consumer transaction (a batch of events, with their inbox rows), instead of once per read model.
 */
export const READ_MODEL_QUEUE = 'admin.read-model';
/** A batch's first event waits this long for more (ms): the dashboard and the figures are read later anyway. */
export const READ_MODEL_BATCH_WAIT_MS = 20;
/** The queues the read models had before, one each: retired into READ_MODEL_QUEUE (service-kit retireQueues). */
export const RETIRED_READ_MODEL_QUEUES = ['admin.stats', 'admin.public-figures', 'admin.leaderboards'] as const;

const STATS = new Set<string>(STATS_EVENT_TYPES);
const FIGURES = new Set<string>(PUBLIC_FIGURES_EVENT_TYPES);
const LEADERBOARDS = new Set<string>(LEADERBOARD_EVENT_TYPES);
export const READ_MODEL_ROUTING_KEYS = [...new Set([...STATS_EVENT_TYPES, ...PUBLIC_FIGURES_EVENT_TYPES, ...LEADERBOARD_EVENT_TYPES])];

const ID_FIELD_OF_ENTITY: Record<string, string> = {
  user: 'userId',
  task: 'taskId',
  submission: 'assignmentId',
  assignment: 'assignmentId',
  withdrawal: 'withdrawalId',
  verification: 'verificationId',
  appeal: 'appealId',
  support: 'conversationId',
};

/**
 * The rows an event writes, as its entity (`submission:<assignment id>`...): every read model keys an event's rows by
 * that entity (the leaderboards' user rows by the user, its reviews by the event), so this is the consumer's lock
 * order, and two batches applied at once upsert their rows in one order and never deadlock.
 */
export function readModelLockKey(event: TEventEnvelope): string {
  // submission.appealed writes the appeal's row, as appeal.decided does.
  const entity = event.type === 'submission.appealed' ? 'appeal' : event.type.slice(0, event.type.indexOf('.'));
  const field = ID_FIELD_OF_ENTITY[entity];
  const id = field ? (event.data as Record<string, unknown> | null)?.[field] : undefined;
  return `${entity === 'assignment' ? 'submission' : entity}:${typeof id === 'string' ? id : ''}`;
}

/**
 * Applies each event to every read model that takes it, in the consumer's transaction (with its inbox row: each event
 * once). The read models write tables of their own, so their statements are issued together: on the pipelined pool
 * they share a round trip (a withdrawal.requested: one instead of two); the first failure fails the event (its
 * savepoint takes back what the others wrote). The statistics' "updated at" is set once the transaction has
 * committed, by one statement at a time for all the batches committed meanwhile (a process that dies in between
 * leaves it a moment older than the last change; the figures are right).
 */
export function createReadModelEventsHandler(deps: { pool: Pool; logger: Logger }): TEventHandler {
  const touch = coalesced(() => markStatsUpdated(deps.pool).catch((error: unknown) => deps.logger.warn({ err: error }, 'could not set the statistics updated_at')));
  return async (event, client) => {
    const writes: Promise<void>[] = [];
    if (STATS.has(event.type)) writes.push(applyStatisticsEvent(client, event));
    if (FIGURES.has(event.type)) writes.push(applyPublicFiguresEvent(client, event));
    if (LEADERBOARDS.has(event.type)) writes.push(applyLeaderboardEvent(client, event));
    await Promise.all(writes);
    if (STATS.has(event.type)) onCommit(client, touch);
  };
}
