/**
 * The Idempotency-Key of POST /api/withdrawals. One key per submission attempt; when an attempt ends without an
 * answer from the service (a network error, or a 5xx from the gateway that may have come after the service
 * accepted it), the next submission of the same body reuses the key, so the server answers with what it did the
 * first time and nothing is created twice. Any answer from the service (accepted or refused: a refusal created
 * nothing) retires the key.
 */

/** A v4 UUID; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether an attempt may have been applied without the client hearing of it (so its key must be kept). */
export function outcomeUnknown(status: number | 'FETCH_ERROR' | undefined): boolean {
  return status === 'FETCH_ERROR' || (typeof status === 'number' && status >= 500);
}

export interface TIdempotencyKeeper {
  /** The key for this body: the kept one when the same body is sent again after an unknown outcome. */
  keyFor(body: string): string;
  /** After an answer: keep the key only when the outcome is unknown. */
  settle(unknown: boolean): void;
}

export function createIdempotencyKeeper(generate: () => string = newIdempotencyKey): TIdempotencyKeeper {
  let pending: { key: string; body: string } | null = null;
  return {
    keyFor(body) {
      if (pending && pending.body === body) return pending.key;
      pending = { key: generate(), body };
      return pending.key;
    },
    settle(unknown) {
      if (!unknown) pending = null;
    },
  };
}
