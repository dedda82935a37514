import { describe, expect, it } from 'vitest';
import { createIdempotencyKeeper, newIdempotencyKey, outcomeUnknown } from './idempotency';

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

describe('withdrawal Idempotency-Key', () => {
  it('when an attempt got no answer, then sending the same body again reuses its key', () => {
    const keeper = createIdempotencyKeeper(counter());
    expect(keeper.keyFor('A')).toBe('key-1');
    keeper.settle(true);
    expect(keeper.keyFor('A')).toBe('key-1');
  });

  it('when the service answered (accepted or refused), then the next attempt gets a new key', () => {
    const keeper = createIdempotencyKeeper(counter());
    keeper.keyFor('A');
    keeper.settle(false);
    expect(keeper.keyFor('A')).toBe('key-2');
  });

  it('when the body changed after an unanswered attempt, then it is a new request with a new key', () => {
    const keeper = createIdempotencyKeeper(counter());
    keeper.keyFor('A');
    keeper.settle(true);
    expect(keeper.keyFor('B')).toBe('key-2');
  });

  it('when the outcome is a network error or a 5xx, then it is unknown; a 4xx is an answer', () => {
    expect(outcomeUnknown('FETCH_ERROR')).toBe(true);
    expect(outcomeUnknown(502)).toBe(true);
    expect(outcomeUnknown(400)).toBe(false);
    expect(outcomeUnknown(201)).toBe(false);
  });

  it('when a key is generated, then it is a v4 UUID', () => {
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
