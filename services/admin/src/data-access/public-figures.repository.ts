import type { Queryable } from '@platform/service-kit';

/** The read model of the public figures (migration 0010): rows only from events. */

export async function recordApprovedTask(db: Queryable, input: { assignmentId: string; userId: string; reward: string; approvedAt: string }): Promise<void> {
  await db.query(
    `INSERT INTO figures_tasks (assignment_id, user_id, reward, approved_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (assignment_id) DO NOTHING`,
    [input.assignmentId, input.userId, input.reward, input.approvedAt],
  );
}

export async function recordWithdrawalRequested(db: Queryable, input: { withdrawalId: string; userId: string; requestedAt: string; decideBy: string | null }): Promise<void> {
  await db.query({
    name: 'admin_figures_withdrawal_requested',
    text: `INSERT INTO figures_withdrawals (withdrawal_id, user_id, requested_at, decide_by) VALUES ($1, $2, $3, $4)
           ON CONFLICT (withdrawal_id) DO UPDATE SET requested_at = EXCLUDED.requested_at, decide_by = EXCLUDED.decide_by`,
    values: [input.withdrawalId, input.userId, input.requestedAt, input.decideBy],
  });
}

/** A decision: its time and outcome; an approval is also the payout (paid_at). */
export async function recordWithdrawalDecided(
  db: Queryable,
  input: { withdrawalId: string; userId: string; decision: 'approved' | 'rejected'; decidedAt: string },
): Promise<void> {
  await db.query(
    `INSERT INTO figures_withdrawals (withdrawal_id, user_id, decided_at, decision, paid_at)
     VALUES ($1, $2, $3, $4, CASE WHEN $4 = 'approved' THEN $3::timestamptz END)
     ON CONFLICT (withdrawal_id) DO UPDATE SET decided_at = EXCLUDED.decided_at, decision = EXCLUDED.decision, paid_at = EXCLUDED.paid_at`,
    [input.withdrawalId, input.userId, input.decidedAt, input.decision],
  );
}

export async function recordSubmission(db: Queryable, input: { assignmentId: string; submittedAt: string }): Promise<void> {
  await db.query(`INSERT INTO figures_submissions (assignment_id, submitted_at) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [input.assignmentId, input.submittedAt]);
}

export async function recordReview(db: Queryable, input: { assignmentId: string; reviewedAt: string; outcome: 'approved' | 'rejected' }): Promise<void> {
  await db.query(`INSERT INTO figures_reviews (assignment_id, reviewed_at, outcome) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
    input.assignmentId,
    input.reviewedAt,
    input.outcome,
  ]);
}

export async function recordAppealDecided(db: Queryable, input: { appealId: string; assignmentId: string; decidedAt: string; decision: 'upheld' | 'overturned' }): Promise<void> {
  await db.query(
    `INSERT INTO figures_appeals (appeal_id, assignment_id, decided_at, decision) VALUES ($1, $2, $3, $4) ON CONFLICT (appeal_id) DO NOTHING`,
    [input.appealId, input.assignmentId, input.decidedAt, input.decision],
  );
}

export async function recordSupportFirstResponse(db: Queryable, input: { conversationId: string; openedAt: string; respondedAt: string }): Promise<void> {
  await db.query(
    `INSERT INTO figures_support_responses (conversation_id, opened_at, responded_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
    [input.conversationId, input.openedAt, input.respondedAt],
  );
}

export interface TFiguresRow {
  tasksCompleted: number;
  workersPaid: number;
  /** Decimal text with 2 decimals, or null. */
  medianReward: string | null;
  medianPayoutSeconds: number | null;
  asOf: Date;
}

/**
 * The figures over the `days` before now: approved tasks, distinct workers with a payout, the median reward of
 * those tasks and the median time from request to payout of those payouts (percentile_cont: with an even count,
 * the mean of the two middle values).
 */
export async function readFigures(db: Queryable, days: number): Promise<TFiguresRow> {
  const { rows } = await db.query<{ tasks: number; workers: number; median_reward: string | null; median_payout: number | null; as_of: Date }>(
    `WITH since AS (SELECT now() AS as_of, now() - make_interval(days => $1) AS start)
     SELECT
       (SELECT count(*) FROM figures_tasks, since WHERE approved_at > since.start)::int AS tasks,
       (SELECT count(DISTINCT user_id) FROM figures_withdrawals, since WHERE paid_at > since.start)::int AS workers,
       (SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY reward)::numeric, 2)::text
          FROM figures_tasks, since WHERE approved_at > since.start) AS median_reward,
       (SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM paid_at - requested_at))::numeric)::float8
          FROM figures_withdrawals, since WHERE paid_at > since.start AND requested_at IS NOT NULL) AS median_payout,
       (SELECT as_of FROM since) AS as_of`,
    [days],
  );
  const row = rows[0]!;
  return { tasksCompleted: row.tasks, workersPaid: row.workers, medianReward: row.median_reward, medianPayoutSeconds: row.median_payout, asOf: row.as_of };
}

export interface TTrustFiguresRow {
  withdrawalsDecided: number;
  medianDecisionSeconds: number | null;
  p95DecisionSeconds: number | null;
  withdrawalsPaid: number;
  medianPayoutSeconds: number | null;
  p95PayoutSeconds: number | null;
  promisesDue: number;
  promisesKept: number;
  reviews: number;
  medianReviewSeconds: number | null;
  rejections: number;
  appealsDecided: number;
  appealsOverturned: number;
  supportResponses: number;
  medianFirstResponseSeconds: number | null;
  workersPaid: number;
  asOf: Date;
}

/**
 * The trust page's figures over the `days` before now, in one statement (one snapshot). Medians and the 95th
 * percentile are percentile_cont (interpolated), rounded to whole seconds.
 * - decisions: withdrawals decided in the window (approved or rejected), from request to decision;
 * - payouts: those approved, from request to approval (the payout);
 * - promises: withdrawals whose decideBy fell in the window; kept when decided at or before it (one still undecided
 *   past it is a promise broken);
 * - reviews: each decision on submitted work in the window, from the latest submission of its assignment before it;
 *   a decision with another decision between it and that submission (an appeal's overturn) is not a review, and a
 *   decision whose submission is unknown (learnt before this read model existed) is left out;
 * - appeals decided in the window and how many were overturned; support rounds first answered in the window.
 */
export async function readTrustFigures(db: Queryable, days: number): Promise<TTrustFiguresRow> {
  const { rows } = await db.query<{
    decided: number;
    median_decision: number | null;
    p95_decision: number | null;
    paid: number;
    median_payout: number | null;
    p95_payout: number | null;
    due: number;
    kept: number;
    reviews: number;
    median_review: number | null;
    rejections: number;
    appeals: number;
    overturned: number;
    responses: number;
    median_response: number | null;
    workers: number;
    as_of: Date;
  }>(
    `WITH since AS (SELECT now() AS as_of, now() - make_interval(days => $1) AS start),
     decisions AS (
       SELECT extract(epoch FROM w.decided_at - w.requested_at) AS seconds
         FROM figures_withdrawals w, since WHERE w.decided_at > since.start AND w.requested_at IS NOT NULL),
     payouts AS (
       SELECT extract(epoch FROM w.paid_at - w.requested_at) AS seconds
         FROM figures_withdrawals w, since WHERE w.paid_at > since.start AND w.requested_at IS NOT NULL),
     reviews AS (
       SELECT r.outcome, extract(epoch FROM r.reviewed_at - sub.submitted_at) AS seconds
         FROM figures_reviews r
         CROSS JOIN since
         CROSS JOIN LATERAL (
           SELECT max(s.submitted_at) AS submitted_at FROM figures_submissions s
            WHERE s.assignment_id = r.assignment_id AND s.submitted_at <= r.reviewed_at) sub
        WHERE r.reviewed_at > since.start
          AND sub.submitted_at IS NOT NULL
          AND NOT EXISTS (
            SELECT 1 FROM figures_reviews o
             WHERE o.assignment_id = r.assignment_id AND o.reviewed_at >= sub.submitted_at AND o.reviewed_at < r.reviewed_at))
     SELECT
       (SELECT count(*) FROM decisions)::int AS decided,
       (SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds)::numeric)::float8 FROM decisions) AS median_decision,
       (SELECT round(percentile_cont(0.95) WITHIN GROUP (ORDER BY seconds)::numeric)::float8 FROM decisions) AS p95_decision,
       (SELECT count(*) FROM payouts)::int AS paid,
       (SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds)::numeric)::float8 FROM payouts) AS median_payout,
       (SELECT round(percentile_cont(0.95) WITHIN GROUP (ORDER BY seconds)::numeric)::float8 FROM payouts) AS p95_payout,
       (SELECT count(*) FROM figures_withdrawals w, since WHERE w.decide_by > since.start AND w.decide_by <= since.as_of)::int AS due,
       (SELECT count(*) FROM figures_withdrawals w, since
         WHERE w.decide_by > since.start AND w.decide_by <= since.as_of AND w.decided_at IS NOT NULL AND w.decided_at <= w.decide_by)::int AS kept,
       (SELECT count(*) FROM reviews)::int AS reviews,
       (SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds)::numeric)::float8 FROM reviews) AS median_review,
       (SELECT count(*) FROM reviews WHERE outcome = 'rejected')::int AS rejections,
       (SELECT count(*) FROM figures_appeals a, since WHERE a.decided_at > since.start)::int AS appeals,
       (SELECT count(*) FROM figures_appeals a, since WHERE a.decided_at > since.start AND a.decision = 'overturned')::int AS overturned,
       (SELECT count(*) FROM figures_support_responses f, since WHERE f.responded_at > since.start)::int AS responses,
       (SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM f.responded_at - f.opened_at))::numeric)::float8
          FROM figures_support_responses f, since WHERE f.responded_at > since.start) AS median_response,
       (SELECT count(DISTINCT w.user_id) FROM figures_withdrawals w, since WHERE w.paid_at > since.start)::int AS workers,
       (SELECT as_of FROM since) AS as_of`,
    [days],
  );
  const r = rows[0]!;
  return {
    withdrawalsDecided: r.decided,
    medianDecisionSeconds: r.median_decision,
    p95DecisionSeconds: r.p95_decision,
    withdrawalsPaid: r.paid,
    medianPayoutSeconds: r.median_payout,
    p95PayoutSeconds: r.p95_payout,
    promisesDue: r.due,
    promisesKept: r.kept,
    reviews: r.reviews,
    medianReviewSeconds: r.median_review,
    rejections: r.rejections,
    appealsDecided: r.appeals,
    appealsOverturned: r.overturned,
    supportResponses: r.responses,
    medianFirstResponseSeconds: r.median_response,
    workersPaid: r.workers,
    asOf: r.as_of,
  };
}
