import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesce.js';

describe('coalesced', () => {
  it('when called five times during a run, then it runs once more after it, not five times', async () => {
    const finishers: (() => void)[] = [];
    let runs = 0;
    const signal = coalesced(() => {
      runs += 1;
      return new Promise<void>((resolve) => finishers.push(resolve));
    });
    signal();
    for (let i = 0; i < 5; i += 1) signal();
    expect(runs).toBe(1);
    finishers.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toBe(2);
    finishers.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toBe(2);
  });

  it('when a run fails, then the next call runs again', async () => {
    let runs = 0;
    const signal = coalesced(async () => {
      runs += 1;
      throw new Error('refused');
    });
    signal();
    await new Promise((resolve) => setImmediate(resolve));
    signal();
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toBe(2);
  });
});
