import { randomUUID } from 'node:crypto';
import { EVENT_SCHEMAS, eventVersionOf, type TEventData, type TEventEnvelope, type TEventType } from '@platform/contracts';
import { getContext } from './context.js';
import type { PoolClient } from './db.js';
import { markOutboxWrite } from './outbox-signal.js';
import { currentTraceHeaders } from './tracing.js';

/** The stored envelope's field holding the trace context (`traceparent`, `tracestate`) of the work that wrote it. */
export const TRACE_FIELD = 'traceContext';

export { OUTBOX_NOTIFY_CHANNEL } from './outbox-signal.js';

const INSERT_OUTBOX = 'INSERT INTO outbox (id, type, payload) VALUES ($1, $2, $3)';

/**
 * Writes an event to the outbox with the caller's transaction client, so the event exists exactly when the change
 * it announces is committed. The relay publishes it afterwards: withTransaction wakes it after the commit
 * (signalOutbox), so the write itself is one prepared statement. The data is checked against its contract.
 *
 * The statement is issued before this function first awaits: on a pipelined pool, statements issued together share a
 * round trip (`await Promise.all([writeEvent(...), ...])`).
 */
export async function writeEvent<K extends TEventType>(
  client: PoolClient,
  type: K,
  data: TEventData<K>,
  options: { version?: number } = {},
): Promise<TEventEnvelope<TEventData<K>>> {
  const ctx = getContext();
  const event: TEventEnvelope<TEventData<K>> = {
    id: randomUUID(),
    type,
    version: options.version ?? eventVersionOf(type),
    occurredAt: new Date().toISOString(),
    correlationId: ctx?.requestId ?? null,
    causationId: ctx?.causationId ?? null,
    data: EVENT_SCHEMAS[type].parse(data) as TEventData<K>,
  };
  markOutboxWrite(client);
  // With tracing on, the stored envelope keeps the writer's trace context; the relay publishes it as headers.
  const traceHeaders = currentTraceHeaders();
  const stored = traceHeaders ? { ...event, [TRACE_FIELD]: traceHeaders } : event;
  await client.query({ name: 'kit_outbox_insert', text: INSERT_OUTBOX, values: [event.id, type, JSON.stringify(stored)] });
  return event;
}
