import type pg from 'pg';
import { coalesced } from './coalesce.js';

/**
 * Waking the outbox relay after a commit that wrote events. writeEvent marks its client; withTransaction asks at the
 * commit (and forgets at a rollback) and signals the pool.
 */

/** Clients whose open transaction wrote to the outbox (writeEvent marks them; the commit takes the mark). */
const outboxWriters = new WeakSet<pg.PoolClient>();
/** The relays running in this process, by the pool they read the outbox with. */
const localRelays = new WeakMap<pg.Pool, Set<() => void>>();
/** Per pool, the cross-process notification: at most one in flight, commits meanwhile ask for one more. */
const notifiers = new WeakMap<pg.Pool, () => void>();

export const OUTBOX_NOTIFY_CHANNEL = 'outbox_new';

/** Called by writeEvent: this transaction wrote an event, wake the relay when (and only if) it commits. */
export function markOutboxWrite(client: pg.PoolClient): void {
  outboxWriters.add(client);
}

/** Whether this client's transaction wrote an event (and forgets it): asked at its commit or rollback. */
export function takeOutboxWrite(client: pg.PoolClient): boolean {
  return outboxWriters.delete(client);
}

/** A relay registers here to be woken at once by commits on its pool in this process; returns the unregister. */
export function onOutboxCommit(pool: pg.Pool, wake: () => void): () => void {
  let relays = localRelays.get(pool);
  if (!relays) localRelays.set(pool, (relays = new Set()));
  relays.add(wake);
  return () => relays.delete(wake);
}

/**
 * After a commit that wrote events: the relays of this process on the same pool are woken directly (no database
 * work at all); without one here (a tool, a service without a relay), `NOTIFY outbox_new` reaches the relays of other
 * processes, at most one in flight per pool (commits meanwhile ask for one more, not one each). A NOTIFY inside the
 * writing transaction would hold PostgreSQL's global notify lock across that transaction's commit and WAL flush,
 * serialising every writer (bench/results/outbox-notify.txt). A lost wake-up only delays: the relay also polls.
 */
export function signalOutbox(pool: pg.Pool): void {
  const relays = localRelays.get(pool);
  if (relays?.size) {
    for (const wake of relays) wake();
    return;
  }
  let notify = notifiers.get(pool);
  // A failed NOTIFY is ignored: the relay's poll finds the rows.
  if (!notify) notifiers.set(pool, (notify = coalesced(() => pool.query({ name: 'kit_outbox_notify', text: `SELECT pg_notify('${OUTBOX_NOTIFY_CHANNEL}', '')` }))));
  notify();
}
