import { AsyncLocalStorage } from 'node:async_hooks';

/** What is known about the work in progress: the request (or event) that caused it. */
export interface TRequestContext {
  requestId: string;
  /** Id of the event being handled, when the work comes from a consumer. */
  causationId?: string;
}

const storage = new AsyncLocalStorage<TRequestContext>();

export function runWithContext<T>(context: TRequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function getContext(): TRequestContext | undefined {
  return storage.getStore();
}
