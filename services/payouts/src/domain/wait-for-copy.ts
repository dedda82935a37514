import { setTimeout as sleep } from 'node:timers/promises';

/** How long a request waits for what auth has just announced to be kept here (`COPY_WAIT_MS`, 2 s). */
export const COPY_WAIT_MS = 2_000;
const COPY_POLL_MS = 100;

/**
 * Read-your-writes across an event: the app asks payouts right after auth has written an event payouts keeps (a
 * registration opens the account, a closing intent is stated), while the event is normally milliseconds away. `read`
 * is looked up again every 100 ms for up to COPY_WAIT_MS while it finds nothing; the value once found, else null.
 * Nothing is ever written here: the event's handler alone keeps the copy.
 */
export async function waitForCopy<T>(read: () => Promise<T | null | undefined | false>): Promise<T | null> {
  const deadline = Date.now() + COPY_WAIT_MS;
  for (;;) {
    const found = await read();
    if (found) return found;
    if (Date.now() >= deadline) return null;
    await sleep(COPY_POLL_MS);
  }
}
