import { randomUUID } from 'node:crypto';
import { EVENT_SCHEMAS, type TEventData, type TEventEnvelope, type TEventType } from '@platform/contracts';
import { getContext } from './context.js';
import type { PoolClient } from './db.js';

export const OUTBOX_NOTIFY_CHANNEL = 'outbox_new';

/**
 * Writes an event to the outbox with the caller's transaction client, so the event exists exactly when the change
 * it announces is committed. The relay publishes it afterwards. The data is checked against its contract.
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
    version: options.version ?? 1,
    occurredAt: new Date().toISOString(),
    correlationId: ctx?.requestId ?? null,
    causationId: ctx?.causationId ?? null,
    data: EVENT_SCHEMAS[type].parse(data) as TEventData<K>,
  };
  await client.query('INSERT INTO outbox (id, type, payload) VALUES ($1, $2, $3)', [event.id, type, JSON.stringify(event)]);
  // Wakes the relay at once instead of at its next poll; delivered only if the transaction commits.
  await client.query(`SELECT pg_notify('${OUTBOX_NOTIFY_CHANNEL}', '')`);
  return event;
}
