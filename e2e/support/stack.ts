import { inject } from 'vitest';

/** One stack of the browser journeys (support/global-setup.ts starts one per worker). */
export interface TE2eStack {
  baseUrl: string;
  outboxDir: string;
  /** Each service's database (e.g. `databaseUrls.work`), for journeys that check what the server stored. */
  databaseUrls: Record<string, string>;
  /** Each process's internal port (/health, /ready, /metrics) by name: `chat` and `chat-2` are the chat instances. */
  internalUrls: Record<string, string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stacks: TE2eStack[];
  }
}

/**
 * The stack of the worker running this file. Journeys run in two workers at once, each on a stack of its own, and a
 * worker's files run one after another: so a journey shares its stack only with the journeys before it in the same
 * worker, never with one running at the same time (vitest numbers its workers 1..maxWorkers in VITEST_POOL_ID, and
 * a number is only reused once its worker has finished).
 */
export function e2eStack(): TE2eStack {
  const stacks = inject('stacks');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const stack = stacks[worker - 1];
  if (!stack) throw new Error(`No stack for worker ${worker}: global setup started ${stacks.length}`);
  return stack;
}
