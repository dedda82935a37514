import { describe, expect, it } from 'vitest';
import { periodStart } from './leaderboard-periods.js';

describe('periodStart', () => {
  const now = new Date('2026-05-31T12:00:00.000Z');
  it('when the period is rolling, then it starts that long before now', () => {
    expect(periodStart('weekly', now)?.toISOString()).toBe('2026-05-24T12:00:00.000Z');
    expect(periodStart('monthly', now)?.toISOString()).toBe('2026-05-01T12:00:00.000Z');
    expect(periodStart('quarterly', now)?.toISOString()).toBe('2026-03-03T12:00:00.000Z');
    expect(periodStart('yearly', now)?.toISOString()).toBe('2025-05-31T12:00:00.000Z');
  });
  it('when the period is all_time, then it has no start', () => {
    expect(periodStart('all_time', now)).toBeNull();
  });
});
