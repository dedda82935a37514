import type { TApiError } from '../../app/baseQuery';

/**
 * The message the server gave with a refusal ({message, code}), or undefined when it gave none (a network error, an
 * empty or unreadable body): the screens then show their own fallback (spec 03 s.8).
 */
export function serverMessageOf(error: unknown): string | undefined {
  const data = (error as Partial<TApiError> | null)?.data;
  if (typeof data === 'object' && data !== null) {
    const message = (data as Record<string, unknown>).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}
