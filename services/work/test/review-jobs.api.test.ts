import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkHarness, submittedTask, type TTestUser, type TWorkHarness } from './helpers.js';

/**
 * Issue 30 item 4: bulk approval with spot checks, processed as a job. Each test starts on an empty queue (the filter
 * `{}` takes every submission awaiting review), so the tests here run one after another on their own submissions.
 */
let h: TWorkHarness;
let bob: TTestUser;
beforeAll(async () => {
  // Small batches so a job of a few hundred items is still running when the test looks.
  h = await startWorkHarness('work_review_jobs', { REVIEW_JOB_BATCH_SIZE: '50', REVIEW_JOB_POLL_MS: '200' });
  bob = await h.newUser('admin');
  await h.query(`INSERT INTO users (id, email, first_name, last_name, role, source_at) VALUES ($1, 'bob@example.com', 'Bob', 'Checker', 'admin', now())`, [bob.id]);
});
afterAll(async () => {
  await h?.close();
});

const setSpotCheckEvery = (n: number) =>
  h.query(`INSERT INTO settings (key, value, source_at) VALUES ('bulk_spot_check_every', $1, now()) ON CONFLICT (key) DO UPDATE SET value = $1, source_at = now()`, [String(n)]);

/** `count` submissions awaiting review, written straight to the database (one task each, a few workers), oldest first. */
async function seedSubmissions(count: number): Promise<string[]> {
  const workers = Array.from({ length: 10 }, () => randomUUID());
  const rows = await h.query<{ id: string }>(
    `WITH t AS (
       INSERT INTO tasks (id, title, description, submission_instructions, reward, status, estimated_minutes)
       SELECT gen_random_uuid(), 'Bulk task ' || g, 'Photograph the storefront', 'One photo', 1.25, 'submitted', 10 FROM generate_series(1, $1::int) g
       RETURNING id, title)
     INSERT INTO task_assignments (id, task_id, user_id, status, submission, assigned_at, submitted_at)
     SELECT gen_random_uuid(), t.id, ($2::uuid[])[1 + (substring(t.title from 11)::int % 10)], 'submitted', 'Done',
            now() - interval '2 hours', now() - interval '1 hour' + substring(t.title from 11)::int * interval '1 millisecond'
     FROM t RETURNING id`,
    [count, workers],
  );
  const ids = rows.map((r) => r.id);
  return (await h.query<{ id: string }>(`SELECT id FROM task_assignments WHERE id = ANY($1::uuid[]) ORDER BY submitted_at, id`, [ids])).map((r) => r.id);
}

const createJob = (body: unknown, token = h.admin.token) => h.api('POST', '/api/admin/review-jobs', { token, body });
const progress = async (jobId: string) => (await h.api('GET', `/api/admin/review-jobs/${jobId}`, { token: h.admin.token })).body;

async function waitDone(jobId: string, timeoutMs: number, onProgress?: (job: { counts: Record<string, number> }) => void) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await progress(jobId);
    onProgress?.(job);
    if (job.status === 'done') return job;
    if (Date.now() > deadline) throw new Error(`job not done in time: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Assignments of these ids with more than one decision event (approved or rejected): must be none. */
async function decidedTwice(ids: string[]): Promise<unknown[]> {
  return h.query(
    `SELECT payload->'data'->>'assignmentId' AS id, count(*) AS n FROM outbox
     WHERE type IN ('submission.approved', 'submission.rejected') AND payload->'data'->>'assignmentId' = ANY($1::text[])
     GROUP BY 1 HAVING count(*) > 1`,
    [ids],
  );
}

const approvedEvents = async (ids: string[]) =>
  Number(
    (await h.query<{ n: string }>(`SELECT count(*) AS n FROM outbox WHERE type = 'submission.approved' AND payload->'data'->>'assignmentId' = ANY($1::text[])`, [ids]))[0]?.n,
  );

describe('POST /api/admin/review-jobs', () => {
  it('when an admin approves 5,000 submissions of a filter while another admin decides some of them singly, then the request returns at once, progress is reported, every item is decided once and every 50th is left for a look', async () => {
    await setSpotCheckEvery(50);
    const ids = await seedSubmissions(5_000);
    const started = Date.now();
    const res = await createJob({ filter: {} });
    const answeredMs = Date.now() - started;
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'running', total: 5_000, spotCheckEvery: 50, createdBy: h.admin.id });
    expect(res.body.counts.spotCheck).toBe(100);
    expect(answeredMs).toBeLessThan(10_000);
    const jobId = res.body.id as string;

    // A second admin decides 60 items of the selection by hand at the same time: 30 approvals, 30 rejections.
    const singles = ids.filter((_, i) => i % 83 === 5).slice(0, 60);
    const singleResults = await Promise.all(
      singles.map((id, i) =>
        i % 2
          ? h.api('POST', `/api/admin/submissions/${id}/approve`, { token: bob.token })
          : h.api('POST', `/api/admin/submissions/${id}/reject`, { token: bob.token, body: { reason: 'Blurred' } }),
      ),
    );
    for (const r of singleResults) expect([200, 409]).toContain(r.status);
    const singleWins = singleResults.filter((r) => r.status === 200).length;
    const singleApprovals = singleResults.filter((r, i) => r.status === 200 && i % 2).length;

    const seen: number[] = [];
    const done = await waitDone(jobId, 280_000, (job) => seen.push(job.counts.remaining as number));
    expect(seen.some((remaining) => remaining > 0 && remaining < 4_900)).toBe(true);
    const c = done.counts;
    expect(c.remaining).toBe(0);
    expect(c.approved + c.alreadyDecided + c.spotCheck + c.claimed + c.failed).toBe(5_000);
    expect(c.failed).toBe(0);
    expect(c.claimed).toBe(0);
    expect(c.spotCheck).toBe(100);
    // Each single decision that won is the job's already_decided (or was a spot-check item, never approved by the job).
    const singleWinsOnSpotChecks = singles.filter((id, i) => singleResults[i]?.status === 200 && (ids.indexOf(id) + 1) % 50 === 0).length;
    expect(c.alreadyDecided).toBe(singleWins - singleWinsOnSpotChecks);
    // Paid once: one submission.approved per approved item, never two decisions on one submission.
    expect(await decidedTwice(ids)).toEqual([]);
    expect(await approvedEvents(ids)).toBe(c.approved + singleApprovals);
    const byAdmin = await h.query<{ by: string; n: string }>(
      `SELECT payload->'data'->>'approvedBy' AS by, count(*) AS n FROM outbox WHERE type = 'submission.approved' AND payload->'data'->>'assignmentId' = ANY($1::text[]) GROUP BY 1`,
      [ids],
    );
    expect(Object.fromEntries(byAdmin.map((r) => [r.by, Number(r.n)]))).toEqual({ [h.admin.id]: c.approved, ...(singleApprovals ? { [bob.id]: singleApprovals } : {}) });
    // The spot-check items still wait for an individual look (unless decided singly).
    const spot = await h.api('GET', `/api/admin/review-jobs/${jobId}/items?outcome=spot_check&pageSize=100`, { token: h.admin.token });
    expect(spot.body.total).toBe(100);
    expect(spot.body.items.map((i: { seq: number }) => i.seq)).toEqual(Array.from({ length: 100 }, (_, i) => (i + 1) * 50));
    expect(spot.body.items[0]).toMatchObject({ submissionId: ids[49], outcome: 'spot_check', taskTitle: expect.stringMatching(/^Bulk task /) });
    const stillWaiting = await h.query<{ n: string }>(`SELECT count(*) AS n FROM task_assignments WHERE id = ANY($1::uuid[]) AND status = 'submitted'`, [ids]);
    expect(Number(stillWaiting[0]?.n)).toBe(100 - singleWinsOnSpotChecks);
    // Items page through in order.
    const first = await h.api('GET', `/api/admin/review-jobs/${jobId}/items?pageSize=3`, { token: h.admin.token });
    expect(first.body.items.map((i: { seq: number }) => i.seq)).toEqual([1, 2, 3]);
    const second = await h.api('GET', `/api/admin/review-jobs/${jobId}/items?pageSize=3&cursor=${encodeURIComponent(first.body.nextCursor)}`, { token: h.admin.token });
    expect(second.body.items.map((i: { seq: number }) => i.seq)).toEqual([4, 5, 6]);
  }, 300_000);

  it('when the work service restarts in the middle of a job, then the job resumes where it stopped and each item is approved once', async () => {
    await setSpotCheckEvery(0);
    const ids = await seedSubmissions(600);
    const res = await createJob({ ids });
    expect(res.status).toBe(202);
    const jobId = res.body.id as string;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const job = await progress(jobId);
      if (job.counts.approved >= 50) break;
      if (Date.now() > deadline) throw new Error('the job did not start');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await h.restart();
    const midway = await progress(jobId);
    expect(midway.counts.remaining).toBeGreaterThan(0);
    const done = await waitDone(jobId, 120_000);
    expect(done.counts).toEqual({ approved: 600, alreadyDecided: 0, spotCheck: 0, claimed: 0, failed: 0, remaining: 0 });
    expect(done.finishedAt).toEqual(expect.any(String));
    expect(await decidedTwice(ids)).toEqual([]);
    expect(await approvedEvents(ids)).toBe(600);
  }, 200_000);

  it('when another admin has claimed an item, then the job reports it as claimed by them and does not decide it; an item decided before is already_decided; an unknown id failed', async () => {
    await setSpotCheckEvery(0);
    const worker = await h.newUser();
    const claimed = (await submittedTask(h, worker)).assignmentId;
    const decided = (await submittedTask(h, worker)).assignmentId;
    const plain = (await submittedTask(h, worker)).assignmentId;
    expect((await h.api('POST', `/api/admin/submissions/${claimed}/claim`, { token: bob.token })).status).toBe(200);
    expect((await h.api('POST', `/api/admin/submissions/${decided}/approve`, { token: bob.token })).status).toBe(200);
    const unknown = randomUUID();
    const res = await createJob({ ids: [claimed, decided, plain, unknown] });
    expect(res.status).toBe(202);
    await waitDone(res.body.id, 30_000);
    const items = await h.api('GET', `/api/admin/review-jobs/${res.body.id}/items`, { token: h.admin.token });
    expect(items.body.items.map((i: { submissionId: string; outcome: string; claimedBy: string | null; code: string | null }) => [i.submissionId, i.outcome, i.claimedBy, i.code])).toEqual([
      [claimed, 'claimed', 'Bob Checker', 'WORK.CLAIMED_BY_OTHER'],
      [decided, 'already_decided', null, 'WORK.ALREADY_REVIEWED'],
      [plain, 'approved', null, null],
      [unknown, 'failed', null, 'WORK.SUBMISSION_NOT_FOUND'],
    ]);
    const [row] = await h.query<{ status: string }>('SELECT status FROM task_assignments WHERE id = $1', [claimed]);
    expect(row?.status).toBe('submitted');
  });

  it('hostile input: both or neither of ids and filter, bad ids, duplicates, too many, unknown fields, another role, nothing matching; unknown jobs', async () => {
    const worker = await h.newUser();
    const one = (await submittedTask(h, worker)).assignmentId;
    const refused: [unknown, number][] = [
      [{}, 400],
      [{ ids: [one], filter: {} }, 400],
      [{ ids: [] }, 400],
      [{ ids: ['nope'] }, 400],
      [{ ids: [one, one] }, 400],
      [{ ids: Array.from({ length: 10_001 }, () => randomUUID()) }, 400],
      [{ ids: one }, 400],
      [{ ids: [one], approvedBy: bob.id }, 400],
      [{ filter: { status: 'completed' } }, 400],
      [{ filter: { taskId: 'x' } }, 400],
      [{ filter: { user: 'ab' } }, 400],
      [{ filter: { from: '2026-02-01', to: '2026-01-01' } }, 400],
      [{ filter: { taskId: randomUUID() } }, 409],
      ['text', 400],
    ];
    for (const [body, status] of refused) {
      const res = await createJob(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.body.code).toEqual(expect.any(String));
    }
    expect((await createJob({ filter: { taskId: randomUUID() } })).body.code).toBe('WORK.REVIEW_JOB_EMPTY');
    expect((await createJob({ ids: [one] }, worker.token)).status).toBe(403);
    expect(await h.query('SELECT 1 FROM review_jobs j JOIN review_job_items i ON i.job_id = j.id WHERE i.assignment_id = $1', [one])).toHaveLength(0);
    expect((await h.api('GET', `/api/admin/review-jobs/${randomUUID()}`, { token: h.admin.token })).status).toBe(404);
    expect((await h.api('GET', '/api/admin/review-jobs/nope', { token: h.admin.token })).status).toBe(404);
    expect((await h.api('GET', `/api/admin/review-jobs/${randomUUID()}/items`, { token: h.admin.token })).status).toBe(404);
    const job = await createJob({ ids: [one] });
    expect((await h.api('GET', `/api/admin/review-jobs/${job.body.id}/items?outcome=maybe`, { token: h.admin.token })).status).toBe(400);
    expect((await h.api('GET', `/api/admin/review-jobs/${job.body.id}/items?pageSize=1000`, { token: h.admin.token })).status).toBe(400);
    expect((await h.api('GET', `/api/admin/review-jobs/${job.body.id}`, { token: worker.token })).status).toBe(403);
  });
});
