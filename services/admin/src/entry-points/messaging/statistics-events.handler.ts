import type { TEventEnvelope } from '@platform/contracts';
import { coalesced, onCommit, type Logger, type Pool, type TEventHandler } from '@platform/service-kit';
import { markStatsUpdated } from '../../data-access/statistics.repository.js';
import { applyStatisticsEvent, STATS_EVENT_TYPES } from '../../domain/statistics.use-case.js';

/** The admin service's statistics queue (prefixed with QUEUE_PREFIX) and the events it takes. */
export const STATS_QUEUE = 'admin.stats';
export const STATS_ROUTING_KEYS = STATS_EVENT_TYPES;

const ID_FIELD_OF_TYPE: Record<string, string> = {
  user: 'userId',
  task: 'taskId',
  submission: 'assignmentId',
  assignment: 'assignmentId',
  withdrawal: 'withdrawalId',
  verification: 'verificationId',
  appeal: 'appealId',
};

/**
 * The read-model row an event writes (its entity: `submission:<assignment id>`...), the consumer's lock order: two
 * batches applied at once upsert their rows in one order and never deadlock.
 */
export function statsLockKey(event: TEventEnvelope): string {
  // submission.appealed writes the appeal's row, as appeal.decided does.
  const entity = event.type === 'submission.appealed' ? 'appeal' : event.type.slice(0, event.type.indexOf('.'));
  const field = ID_FIELD_OF_TYPE[entity];
  const id = field ? (event.data as Record<string, unknown> | null)?.[field] : undefined;
  return `${entity === 'assignment' ? 'submission' : entity}:${typeof id === 'string' ? id : ''}`;
}

/**
 * Applies each event to the dashboard's read model in the consumer's transaction (with its inbox row). "Updated at"
 * is set once the transaction has committed, by one statement at a time for all the batches committed meanwhile (a
 * process that dies in between leaves it a moment older than the last change; the figures are right).
 */
export function createStatisticsEventsHandler(deps: { pool: Pool; logger: Logger }): TEventHandler {
  const touch = coalesced(() => markStatsUpdated(deps.pool).catch((error: unknown) => deps.logger.warn({ err: error }, 'could not set the statistics updated_at')));
  return async (event, client) => {
    await applyStatisticsEvent(client, event);
    onCommit(client, touch);
  };
}
