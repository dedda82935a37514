import { randomUUID } from 'node:crypto';
import type { TWithdrawalRequestedData } from '@platform/contracts';
import { eventually } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_MODEL_QUEUE } from '../src/entry-points/messaging/read-model-events.handler.js';
import { envelope, submissionApproved, withdrawalDecided } from './events.js';
import { callApi, connectTestBroker, startAdminHarness, type TAdminHarness, type TTestBroker } from './helpers.js';

let h: TAdminHarness;
let broker: TTestBroker;

beforeAll(async () => {
  // No cache here, so each step's figures are read fresh; the cache itself is checked below with its own reader.
  h = await startAdminHarness('admin_figures', { PUBLIC_FIGURES_CACHE_MS: '0' });
  broker = await connectTestBroker(h.config);
  await broker.waitForConsumer(READ_MODEL_QUEUE);
});
afterAll(async () => {
  await broker?.close();
  await h?.close();
});

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

function requested(withdrawalId: string, userId: string, at: string) {
  return envelope<TWithdrawalRequestedData>('withdrawal.requested', {
    withdrawalId,
    userId,
    amount: '10.00',
    currency: 'USDT',
    networkFee: '1',
    walletAddress: 'TXYZ',
    requestedAt: at,
  });
}

async function figures() {
  const res = await callApi(h, 'GET', '/api/public/figures', { token: null });
  expect(res.status).toBe(200);
  return res.body;
}

async function rowsIn(table: 'figures_tasks' | 'figures_withdrawals'): Promise<number> {
  const { rows } = await h.service.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0]!.n;
}

describe('GET /api/public/figures', () => {
  it('when nothing happened yet, then zeros and null medians, with the time they were computed, and no token is needed', async () => {
    const before = Date.now();
    const body = await figures();
    expect(body).toEqual({ tasksCompletedLast30Days: 0, workersPaidLast30Days: 0, medianReward: null, medianPayoutSeconds: null, asOf: expect.any(String) });
    expect(Date.parse(body.asOf)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('when a known set of events arrives, then the figures equal the values computed by hand (odd and even counts)', async () => {
    const [u1, u2, u3] = [randomUUID(), randomUUID(), randomUUID()] as const;
    const twice = submissionApproved({ reward: '4.00', approvedAt: ago(2 * DAY) });
    const [w1, w2, w3, w4, w5, w6] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()] as const;
    await broker.publish(
      // Tasks in the window: 1.00, 4.00, 10.00 (the 4.00 delivered twice, under two event ids); 100.00 is 40 days old.
      submissionApproved({ reward: '1.00', approvedAt: ago(1 * DAY) }),
      twice,
      { ...twice, id: randomUUID() },
      submissionApproved({ reward: '10.00', approvedAt: ago(3 * DAY) }),
      submissionApproved({ reward: '100.00', approvedAt: ago(40 * DAY) }),
      // Payouts in the window: 2 h (u1), 1 h (u2), 4 h (u1 again); a rejection and a 40-day-old payout do not count.
      requested(w1, u1, ago(10 * HOUR)),
      withdrawalDecided({ withdrawalId: w1, userId: u1, decidedAt: ago(8 * HOUR) }),
      requested(w2, u2, ago(5 * DAY)),
      withdrawalDecided({ withdrawalId: w2, userId: u2, decidedAt: ago(5 * DAY - HOUR) }),
      requested(w3, u1, ago(3 * DAY)),
      withdrawalDecided({ withdrawalId: w3, userId: u1, decidedAt: ago(3 * DAY - 4 * HOUR) }),
      requested(w4, u3, ago(2 * DAY)),
      withdrawalDecided({ withdrawalId: w4, userId: u3, status: 'rejected', txReference: null, adminComment: 'Wrong wallet', decidedAt: ago(DAY) }),
      requested(w5, u3, ago(41 * DAY)),
      withdrawalDecided({ withdrawalId: w5, userId: u3, decidedAt: ago(40 * DAY) }),
    );
    await eventually(async () => (await rowsIn('figures_tasks')) === 4 && (await rowsIn('figures_withdrawals')) === 5, { what: 'the read model' });
    // Tasks: 3 in 30 days, median of {1, 4, 10} = 4. Payouts: u1 and u2 paid; median of {3600, 7200, 14400} = 7200.
    expect(await figures()).toMatchObject({ tasksCompletedLast30Days: 3, workersPaidLast30Days: 2, medianReward: '4.00', medianPayoutSeconds: 7200 });

    // One more of each: the decision before the request (events may arrive in any order).
    await broker.publish(
      submissionApproved({ reward: '6.00', approvedAt: ago(HOUR) }),
      withdrawalDecided({ withdrawalId: w6, userId: u3, decidedAt: ago(2 * DAY - 30 * 60_000) }),
    );
    await eventually(async () => (await rowsIn('figures_withdrawals')) === 6, { what: 'the decision of w6' });
    await broker.publish(requested(w6, u3, ago(2 * DAY)));
    await eventually(async () => (await figures()).workersPaidLast30Days === 3 && (await figures()).tasksCompletedLast30Days === 4, { what: 'the new figures' });
    // Tasks {1, 4, 6, 10}: median (4 + 6) / 2 = 5. Payouts {1800, 3600, 7200, 14400}: (3600 + 7200) / 2 = 5400.
    await eventually(async () => (await figures()).medianPayoutSeconds === 5400, { what: 'the request of w6' });
    expect(await figures()).toMatchObject({ tasksCompletedLast30Days: 4, workersPaidLast30Days: 3, medianReward: '5.00', medianPayoutSeconds: 5400 });
  });

  it('when served, then it may be cached for a minute by the browser', async () => {
    const res = await fetch(`${h.service.url}/api/public/figures`);
    expect(res.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
  });
});

describe('the figures reader', () => {
  it('when asked twice within its cache time, then it computes once and answers the same figures; after it, anew', async () => {
    const { createPublicFiguresReader } = await import('../src/domain/public-figures.use-case.js');
    let clock = 1_000_000;
    const reader = createPublicFiguresReader({ pool: h.service.pool }, { cacheMs: 60_000, now: () => clock });
    const first = await reader.read();
    clock += 59_000;
    expect(await reader.read()).toBe(first);
    clock += 2_000;
    expect(await reader.read()).not.toBe(first);
  });
});
