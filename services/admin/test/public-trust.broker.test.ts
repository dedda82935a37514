import { randomUUID } from 'node:crypto';
import type { TAppealDecidedData, TSubmissionSubmittedData, TSupportFirstResponseData, TWithdrawalRequestedData } from '@platform/contracts';
import { eventually } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicTrustReader } from '../src/domain/public-figures.use-case.js';
import { READ_MODEL_QUEUE } from '../src/entry-points/messaging/read-model-events.handler.js';
import { envelope, submissionApproved, submissionRejected, withdrawalDecided } from './events.js';
import { callApi, connectTestBroker, startAdminHarness, type TAdminHarness, type TTestBroker } from './helpers.js';

/**
 * Issue 31 item 2: GET /api/public/trust (no sign-in) answers the operator (System Settings, missing fields named),
 * the rules in force and the live figures computed from events only; after a scripted day of events the figures are
 * the values computed by hand, and THE SAME as the admin dashboard's (GET /api/admin/stats trustFigures).
 */
let h: TAdminHarness;
let broker: TTestBroker;

beforeAll(async () => {
  // No cache here, so each step is read fresh; the cache itself is checked below with its own reader.
  h = await startAdminHarness('admin_trust', { PUBLIC_FIGURES_CACHE_MS: '0' });
  broker = await connectTestBroker(h.config);
  await broker.waitForConsumer(READ_MODEL_QUEUE);
});
afterAll(async () => {
  await broker?.close();
  await h?.close();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const base = Date.now();
const ago = (ms: number) => new Date(base - ms).toISOString();

function requested(withdrawalId: string, userId: string, at: string, decideBy?: string) {
  return envelope<TWithdrawalRequestedData>('withdrawal.requested', {
    withdrawalId,
    userId,
    amount: '60.00',
    currency: 'USDT',
    networkFee: '1.0',
    walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    requestedAt: at,
    ...(decideBy ? { decideBy } : {}),
  });
}

function submitted(assignmentId: string, at: string, resubmission = false) {
  return envelope<TSubmissionSubmittedData>('submission.submitted', { userId: randomUUID(), assignmentId, taskId: randomUUID(), submittedAt: at, fileCount: 1, resubmission });
}

function appealDecided(assignmentId: string, decision: 'upheld' | 'overturned', decidedAt: string) {
  return envelope<TAppealDecidedData>('appeal.decided', {
    appealId: randomUUID(),
    userId: randomUUID(),
    assignmentId,
    taskId: randomUUID(),
    taskTitle: 'Check the sign-up form',
    decision,
    reason: decision === 'upheld' ? 'The screenshot is still missing' : null,
    appealedAt: ago(3 * DAY),
    decidedAt,
    decidedBy: randomUUID(),
  });
}

function firstResponse(conversationId: string, openedAt: string, respondedAt: string) {
  return envelope<TSupportFirstResponseData>('support.first_response', { conversationId, userId: randomUUID(), openedAt, respondedAt, respondedBy: randomUUID() });
}

async function trust() {
  const res = await callApi(h, 'GET', '/api/public/trust', { token: null });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function rows(table: string): Promise<number> {
  const { rows: found } = await h.service.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return found[0]!.n;
}

const withoutTime = <T extends { asOf: string }>(figures: T) => ({ ...figures, asOf: undefined });

describe('GET /api/public/trust', () => {
  it('when nothing happened yet, then zeros, null medians and shares, the rules in force, and the operator reported as missing; no token is needed', async () => {
    const body = await trust();
    expect(body.operator).toEqual({ legalName: null, address: null, contact: null, missing: ['legalName', 'address', 'contact'] });
    expect(body.rules).toEqual({ withdrawalDecisionHours: 48, appealWindowDays: 7, appealDecisionDays: 3, autoApprovalDays: 3 });
    expect(body.figures).toMatchObject({
      days: 30,
      withdrawalsDecided: 0,
      medianDecisionSeconds: null,
      p95DecisionSeconds: null,
      medianPayoutSeconds: null,
      promisesDue: 0,
      decidedInTimeShare: null,
      reviews: 0,
      rejectionRate: null,
      appealsDecided: 0,
      supportResponses: 0,
      medianFirstResponseSeconds: null,
      workersPaid: 0,
    });
    expect(Date.parse(body.figures.asOf)).toBeGreaterThan(base - 60_000);
  });

  it('when an admin fills in the operator, then the page shows it and names only what is still missing; the rules follow System Settings', async () => {
    for (const [settingKey, settingValue] of [
      ['operator_legal_name', '  Task Portal   Ltd '],
      ['operator_contact', 'support@taskportal.example'],
      ['withdrawal_decision_hours', '24'],
      ['appeal_window_days', '10'],
    ]) {
      expect((await callApi(h, 'POST', '/api/admin/settings', { body: { settingKey, settingValue } })).status).toBe(200);
    }
    const body = await trust();
    expect(body.operator).toEqual({ legalName: 'Task Portal Ltd', address: null, contact: 'support@taskportal.example', missing: ['address'] });
    expect(body.rules).toMatchObject({ withdrawalDecisionHours: 24, appealWindowDays: 10 });
    // An empty value is refused (nothing saved): the operator cannot be blanked by a slip, only by Reset.
    const blank = await callApi(h, 'POST', '/api/admin/settings', { body: { settingKey: 'operator_legal_name', settingValue: '   ' } });
    expect(blank.status).toBe(400);
    expect((await trust()).operator.legalName).toBe('Task Portal Ltd');
    await callApi(h, 'POST', '/api/admin/settings', { body: { settingKey: 'withdrawal_decision_hours', settingValue: '48' } });
    await callApi(h, 'POST', '/api/admin/settings', { body: { settingKey: 'appeal_window_days', settingValue: '7' } });
  });

  it('when a scripted day of events arrives (some twice, some out of order), then the figures equal the values computed by hand and the dashboard shows the same', async () => {
    const [u1, u2, u3, u4] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()] as const;
    const [w1, w2, w3, w4, w5, w6] = Array.from({ length: 6 }, () => randomUUID()) as [string, string, string, string, string, string];
    const [a1, a2, a3, a4, a5] = Array.from({ length: 5 }, () => randomUUID()) as [string, string, string, string, string];
    const [c1, c2, c3] = [randomUUID(), randomUUID(), randomUUID()] as const;
    const approvedW1 = withdrawalDecided({ withdrawalId: w1, userId: u1, decidedAt: ago(8 * HOUR) });
    await broker.publish(
      // Withdrawals. w1: 2 h to the decision (approved), its promise not due yet.
      requested(w1, u1, ago(10 * HOUR), new Date(base - 10 * HOUR + 48 * HOUR).toISOString()),
      approvedW1,
      { ...approvedW1, id: randomUUID() },
      // w2: 1 h (approved), promised by 3 days ago: kept.
      withdrawalDecided({ withdrawalId: w2, userId: u2, decidedAt: ago(5 * DAY - HOUR) }),
      requested(w2, u2, ago(5 * DAY), ago(3 * DAY)),
      // w3: 4 h (approved), promised within 1 h: broken.
      requested(w3, u1, ago(3 * DAY), ago(3 * DAY - HOUR)),
      withdrawalDecided({ withdrawalId: w3, userId: u1, decidedAt: ago(3 * DAY - 4 * HOUR) }),
      // w4: 6 h (rejected: a decision, not a payout), promised by 1 day ago: kept.
      requested(w4, u3, ago(2 * DAY), ago(DAY)),
      withdrawalDecided({ withdrawalId: w4, userId: u3, status: 'rejected', txReference: null, adminComment: 'Wrong network', decidedAt: ago(2 * DAY - 6 * HOUR) }),
      // w5: 41 days ago, outside the window.
      requested(w5, u4, ago(41 * DAY)),
      withdrawalDecided({ withdrawalId: w5, userId: u4, decidedAt: ago(40 * DAY) }),
      // w6: still pending, promised by 2 days ago: a broken promise.
      requested(w6, u4, ago(4 * DAY), ago(2 * DAY)),

      // Reviews. a1: 2 h to an approval.
      submitted(a1, ago(3 * HOUR)),
      submissionApproved({ assignmentId: a1, approvedAt: ago(HOUR) }),
      // a2: rejected after 1 day, then the appeal overturned it (that approval is not a review).
      submitted(a2, ago(2 * DAY)),
      submissionRejected({ assignmentId: a2, rejectedAt: ago(DAY) }),
      submissionApproved({ assignmentId: a2, approvedAt: ago(12 * HOUR) }),
      appealDecided(a2, 'overturned', ago(12 * HOUR)),
      // a3: rejected after 30 min, resubmitted, approved after 3 h (the approval arrives before its submission).
      submitted(a3, ago(5 * DAY)),
      submissionRejected({ assignmentId: a3, rejectedAt: ago(5 * DAY - 30 * MINUTE) }),
      submissionApproved({ assignmentId: a3, approvedAt: ago(4 * DAY - 3 * HOUR) }),
      submitted(a3, ago(4 * DAY), true),
      appealDecided(a3, 'upheld', ago(4 * DAY + HOUR)),
      // a4: outside the window; a5: approved, its submission never seen (left out).
      submitted(a4, ago(40 * DAY)),
      submissionApproved({ assignmentId: a4, approvedAt: ago(39 * DAY) }),
      submissionApproved({ assignmentId: a5, approvedAt: ago(HOUR) }),
      appealDecided(a4, 'overturned', ago(35 * DAY)),

      // Support: first answers after 1 h, 20 min and 30 min (a second round of c1); one 31 days ago.
      firstResponse(c1, ago(5 * HOUR), ago(4 * HOUR)),
      firstResponse(c2, ago(2 * DAY), ago(2 * DAY - 20 * MINUTE)),
      firstResponse(c1, ago(HOUR), ago(30 * MINUTE)),
      firstResponse(c3, ago(31 * DAY + HOUR), ago(31 * DAY)),
    );
    await eventually(
      async () =>
        (await rows('figures_withdrawals')) === 6 &&
        (await rows('figures_reviews')) === 7 &&
        (await rows('figures_submissions')) === 5 &&
        (await rows('figures_appeals')) === 3 &&
        (await rows('figures_support_responses')) === 4,
      { what: 'the trust read model' },
    );

    const body = await trust();
    expect(body.figures).toEqual({
      days: 30,
      // Decisions {1 h, 2 h, 4 h, 6 h}: median (2 h + 4 h) / 2 = 3 h; 95th percentile 4 h + 0.85 x 2 h = 20520 s.
      withdrawalsDecided: 4,
      medianDecisionSeconds: 10_800,
      p95DecisionSeconds: 20_520,
      // Payouts {1 h, 2 h, 4 h}: median 2 h; 95th percentile 2 h + 0.9 x 2 h = 13680 s.
      withdrawalsPaid: 3,
      medianPayoutSeconds: 7200,
      p95PayoutSeconds: 13_680,
      // Due: w2 (kept), w3 (late), w4 (kept), w6 (undecided).
      promisesDue: 4,
      promisesKept: 2,
      decidedInTimeShare: 0.5,
      // Reviews {30 min (rejected), 2 h, 3 h, 1 day (rejected)}: median 2.5 h.
      reviews: 4,
      medianReviewSeconds: 9000,
      rejections: 2,
      rejectionRate: 0.5,
      appealsDecided: 2,
      appealsOverturned: 1,
      // First responses {20 min, 30 min, 1 h}.
      supportResponses: 3,
      medianFirstResponseSeconds: 1800,
      workersPaid: 2,
      asOf: expect.any(String),
    });

    const dashboard = await callApi(h, 'GET', '/api/admin/stats');
    expect(dashboard.status, JSON.stringify(dashboard.body)).toBe(200);
    expect(withoutTime(dashboard.body.trustFigures)).toEqual(withoutTime(body.figures));
    // The landing pages' figures agree where they overlap.
    const landing = await callApi(h, 'GET', '/api/public/figures', { token: null });
    expect(landing.body).toMatchObject({ workersPaidLast30Days: body.figures.workersPaid, medianPayoutSeconds: body.figures.medianPayoutSeconds });
  });

  it('when served, then browsers may cache it for at most a minute', async () => {
    const res = await fetch(`${h.service.url}/api/public/trust`);
    const maxAge = Number(/public, max-age=(\d+)/.exec(res.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeLessThanOrEqual(60);
  });

  it('when asked with hostile input, then a 4xx naming it or the same answer, never a 5xx; nothing can be written there', async () => {
    const unknown = await callApi(h, 'GET', '/api/public/trust?figures=all', { token: null });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('figures');
    for (const path of ['/api/public/trust?x=%00', `/api/public/trust?${'a'.repeat(5000)}=1`, '/api/public/trust/..%2f', '/api/public/trust?days=-1']) {
      const res = await callApi(h, 'GET', path, { token: null });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
    expect((await callApi(h, 'GET', '/api/public/trust', { token: 'not-a-token' })).status).toBe(200);
    expect((await callApi(h, 'POST', '/api/public/trust', { token: null, body: { figures: {} } })).status).toBe(404);
  });
});

describe('the trust reader', () => {
  it('when asked twice within its cache time, then it computes once; after it (a minute), anew', async () => {
    let clock = 1_000_000;
    const reader = createPublicTrustReader({ pool: h.service.pool }, { cacheMs: 60_000, now: () => clock });
    const first = await reader.read();
    clock += 59_000;
    expect(await reader.read()).toBe(first);
    clock += 2_000;
    const second = await reader.read();
    expect(second).not.toBe(first);
    expect(withoutTime(second.figures)).toEqual(withoutTime(first.figures));
  });
});
