import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoApproveOverdueSubmissions } from '../src/domain/scheduled-work.use-case.js';
import { countEvents, createTask, startWorkHarness, submissionForm, submittedTask, type TTestUser, type TWorkHarness } from './helpers.js';

/** Issue 30 item 3: who is reviewing what. A claim on a submission, its lapse and release, and decisions racing it. */
let h: TWorkHarness;
let alice: TTestUser;
let bob: TTestUser;
beforeAll(async () => {
  h = await startWorkHarness('work_claims');
  alice = await h.newUser('admin');
  bob = await h.newUser('admin');
  // The users copy knows the admins' names (as user.registered would have written them).
  for (const [admin, first, last] of [
    [alice, 'Alice', 'Reviewer'],
    [bob, 'Bob', 'Checker'],
  ] as const) {
    await h.query(`INSERT INTO users (id, email, first_name, last_name, role, source_at) VALUES ($1, $2, $3, $4, 'admin', now())`, [admin.id, `${first.toLowerCase()}@example.com`, first, last]);
  }
});
afterAll(async () => {
  await h?.close();
});

const claim = (admin: TTestUser, id: string, body?: unknown) => h.api('POST', `/api/admin/submissions/${id}/claim`, { token: admin.token, body });
const release = (admin: TTestUser, id: string) => h.api('DELETE', `/api/admin/submissions/${id}/claim`, { token: admin.token });
const approve = (admin: TTestUser, id: string) => h.api('POST', `/api/admin/submissions/${id}/approve`, { token: admin.token });
const reject = (admin: TTestUser, id: string) => h.api('POST', `/api/admin/submissions/${id}/reject`, { token: admin.token, body: { reason: 'The photo is blurred' } });
const decisions = async (id: string) => (await countEvents(h, 'submission.approved', id)) + (await countEvents(h, 'submission.rejected', id));
const statusOf = async (id: string) => (await h.query<{ status: string }>('SELECT status FROM task_assignments WHERE id = $1', [id]))[0]?.status;
const lapse = (id: string) => h.query(`UPDATE task_assignments SET claim_expires_at = now() - interval '1 second' WHERE id = $1`, [id]);

async function submission() {
  return (await submittedTask(h, await h.newUser())).assignmentId;
}

describe('POST /api/admin/submissions/{id}/claim', () => {
  it('when an admin opens a submission, then it is claimed for 5 minutes and the list, the submission and the claims poll all name them', async () => {
    const id = await submission();
    const before = Date.now();
    const res = await claim(alice, id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ submissionId: id, claim: { adminId: alice.id, adminName: 'Alice Reviewer' } });
    const lasts = new Date(res.body.claim.expiresAt).getTime() - before;
    expect(lasts).toBeGreaterThan(290_000);
    expect(lasts).toBeLessThan(310_000);

    const one = await h.api('GET', `/api/admin/submissions/${id}`, { token: bob.token });
    expect(one.body.claim).toEqual(res.body.claim);
    const list = await h.api('GET', '/api/admin/submissions?pageSize=100', { token: bob.token });
    const item = (list.body.items as { id: string; claim: unknown }[]).find((s) => s.id === id);
    expect(item?.claim).toEqual(res.body.claim);
    const others = (list.body.items as { id: string; claim: unknown }[]).filter((s) => s.id !== id);
    expect(others.every((s) => s.claim === null)).toBe(true);
    const poll = await h.api('GET', '/api/admin/submissions/claims', { token: bob.token });
    expect(poll.status).toBe(200);
    expect(poll.body.items).toContainEqual({ submissionId: id, ...res.body.claim });
  });

  it('when the claimer opens it again, then the claim is renewed (a later expiry)', async () => {
    const id = await submission();
    await claim(alice, id);
    await h.query(`UPDATE task_assignments SET claim_expires_at = now() + interval '10 seconds' WHERE id = $1`, [id]);
    const renewed = await claim(alice, id);
    expect(renewed.status).toBe(200);
    expect(new Date(renewed.body.claim.expiresAt).getTime() - Date.now()).toBeGreaterThan(250_000);
  });

  it('when another admin holds a live claim, then a claim, an approval and a rejection by someone else are 409 WORK.CLAIMED_BY_OTHER naming them, and nothing changes', async () => {
    const id = await submission();
    expect((await claim(alice, id)).status).toBe(200);
    for (const res of [await claim(bob, id), await approve(bob, id), await reject(bob, id)]) {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'WORK.CLAIMED_BY_OTHER', message: 'This submission is being reviewed by Alice Reviewer', params: { name: 'Alice Reviewer' } });
    }
    expect(await statusOf(id)).toBe('submitted');
    expect(await decisions(id)).toBe(0);
    // The claimer decides; the claim goes with the decision.
    expect((await approve(alice, id)).status).toBe(200);
    expect(await countEvents(h, 'submission.approved', id)).toBe(1);
    const after = await h.api('GET', `/api/admin/submissions/${id}`, { token: bob.token });
    expect(after.body.claim).toBeNull();
    expect((await claim(bob, id)).body.code).toBe('WORK.ALREADY_REVIEWED');
  });

  it('when the claim has lapsed, then another admin may claim and decide', async () => {
    const id = await submission();
    await claim(alice, id);
    await lapse(id);
    const poll = await h.api('GET', '/api/admin/submissions/claims', { token: bob.token });
    expect((poll.body.items as { submissionId: string }[]).some((c) => c.submissionId === id)).toBe(false);
    expect((await h.api('GET', `/api/admin/submissions/${id}`, { token: bob.token })).body.claim).toBeNull();
    expect((await reject(bob, id)).status).toBe(200);
    expect(await decisions(id)).toBe(1);

    const next = await submission();
    await claim(alice, next);
    await lapse(next);
    const taken = await claim(bob, next);
    expect(taken.status).toBe(200);
    expect(taken.body.claim.adminId).toBe(bob.id);
    // Alice's own lapsed claim is gone: now she is the one refused.
    expect((await approve(alice, next)).body.code).toBe('WORK.CLAIMED_BY_OTHER');
  });

  it('when nobody holds a claim, then a decision without any claim works as before', async () => {
    const id = await submission();
    expect((await approve(bob, id)).status).toBe(200);
    expect(await countEvents(h, 'submission.approved', id)).toBe(1);
  });

  it('hostile input: a body with fields, a wrong id, another role, an unknown or never-submitted submission', async () => {
    const id = await submission();
    expect((await claim(alice, id, { adminId: bob.id })).status).toBe(400);
    expect((await claim(alice, id, 'x')).status).toBe(400);
    expect((await claim(alice, 'not-a-uuid')).status).toBe(404);
    expect((await claim(alice, randomUUID())).status).toBe(404);
    expect((await release(alice, randomUUID())).status).toBe(404);
    const long = (await release(alice, 'a'.repeat(5000))).status;
    expect(long).toBeGreaterThanOrEqual(400);
    expect(long).toBeLessThan(500);
    const worker = await h.newUser();
    expect((await claim(worker, id)).status).toBe(403);
    expect((await release(worker, id)).status).toBe(403);
    expect((await h.api('GET', '/api/admin/submissions/claims', { token: worker.token })).status).toBe(403);
    expect((await h.api('GET', '/api/admin/submissions/claims?x=1', { token: alice.token })).status).toBe(400);
    expect((await h.api('POST', `/api/admin/submissions/${id}/claim`, {})).status).toBe(401);
    // A task taken but not submitted is no submission.
    const task = await createTask(h);
    const taken = await h.api('POST', `/api/tasks/${task.id}/take`, { token: worker.token });
    expect((await claim(alice, taken.body.assignment.id)).status).toBe(404);
    expect(await statusOf(id)).toBe('submitted');
  });
});

describe('DELETE /api/admin/submissions/{id}/claim', () => {
  it('when the claimer leaves, then the claim is released and another admin may decide; a release by someone else leaves the claim', async () => {
    const id = await submission();
    await claim(alice, id);
    const notMine = await release(bob, id);
    expect(notMine.status).toBe(200);
    expect(notMine.body.claim.adminId).toBe(alice.id);
    expect((await approve(bob, id)).body.code).toBe('WORK.CLAIMED_BY_OTHER');
    const released = await release(alice, id);
    expect(released.status).toBe(200);
    expect(released.body.claim).toBeNull();
    expect((await release(alice, id)).status).toBe(200);
    expect((await approve(bob, id)).status).toBe(200);
    expect(await countEvents(h, 'submission.approved', id)).toBe(1);
  });
});

/** The data of the events of `type` about the submission, oldest first (read from work's outbox). */
const eventsOf = async (type: string, id: string) =>
  (await h.query<{ data: Record<string, unknown> }>(`SELECT payload->'data' AS data FROM outbox WHERE type = $1 AND payload->'data'->>'assignmentId' = $2 ORDER BY seq`, [type, id])).map((r) => r.data);

describe('claims in the audit log (issue 30)', () => {
  it('when an admin takes over another admin\'s lapsed claim, then submission.claim_taken_over names both claims; claiming a free one, renewing and releasing one\'s own write nothing', async () => {
    const id = await submission();
    await claim(alice, id);
    await claim(alice, id);
    await release(alice, id);
    await claim(alice, id);
    expect(await countEvents(h, 'submission.claim_taken_over', id)).toBe(0);

    await lapse(id);
    const [lapsed] = await h.query<{ expires: Date }>('SELECT claim_expires_at AS expires FROM task_assignments WHERE id = $1', [id]);
    const taken = await claim(bob, id);
    expect(taken.status).toBe(200);
    const [{ user_id: userId, task_id: taskId }] = (await h.query<{ user_id: string; task_id: string }>('SELECT user_id, task_id FROM task_assignments WHERE id = $1', [id])) as [{ user_id: string; task_id: string }];
    expect(await eventsOf('submission.claim_taken_over', id)).toEqual([
      {
        assignmentId: id,
        userId,
        taskId,
        takenBy: bob.id,
        takenAt: expect.any(String),
        expiresAt: taken.body.claim.expiresAt,
        previous: { adminId: alice.id, expiresAt: lapsed!.expires.toISOString(), lapsed: true },
      },
    ]);
    // Bob renewing his claim, or a refused claim by Alice, is no take-over.
    await claim(bob, id);
    expect((await claim(alice, id)).status).toBe(409);
    expect(await countEvents(h, 'submission.claim_taken_over', id)).toBe(1);
  });

  it('when an admin decides under their own claim, then the decision\'s event carries it (not lapsed); with no claim, none', async () => {
    const approved = await submission();
    const claimed = await claim(alice, approved);
    expect((await approve(alice, approved)).status).toBe(200);
    expect((await eventsOf('submission.approved', approved))[0]?.claim).toEqual({ adminId: alice.id, expiresAt: claimed.body.claim.expiresAt, lapsed: false });

    const rejected = await submission();
    const mine = await claim(bob, rejected);
    expect((await reject(bob, rejected)).status).toBe(200);
    expect((await eventsOf('submission.rejected', rejected))[0]?.claim).toEqual({ adminId: bob.id, expiresAt: mine.body.claim.expiresAt, lapsed: false });

    const free = await submission();
    expect((await approve(bob, free)).status).toBe(200);
    expect((await eventsOf('submission.approved', free))[0]).not.toHaveProperty('claim');
  });

  it('when an admin decides over another admin\'s lapsed claim without taking it, then the decision\'s event names that claim as lapsed', async () => {
    for (const decide of [approve, reject]) {
      const id = await submission();
      await claim(alice, id);
      await lapse(id);
      const [lapsed] = await h.query<{ expires: Date }>('SELECT claim_expires_at AS expires FROM task_assignments WHERE id = $1', [id]);
      expect((await decide(bob, id)).status).toBe(200);
      const [event] = await eventsOf(decide === approve ? 'submission.approved' : 'submission.rejected', id);
      expect(event?.claim).toEqual({ adminId: alice.id, expiresAt: lapsed!.expires.toISOString(), lapsed: true });
      expect(await countEvents(h, 'submission.claim_taken_over', id)).toBe(0);
    }
  });
});

describe('races', () => {
  it('when two admins race to claim and then decide, many rounds, then exactly one decision per submission, by the claimer, paid once', async () => {
    for (let round = 0; round < 15; round += 1) {
      const id = await submission();
      const claims = await Promise.all([claim(alice, id), claim(bob, id)]);
      expect(claims.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = claims[0]?.status === 200 ? alice : bob;
      const loser = winner === alice ? bob : alice;
      expect(claims.find((r) => r.status === 409)?.body.code).toBe('WORK.CLAIMED_BY_OTHER');
      // Both decide at once: only the claimer's decision counts, whichever it is.
      const [mine, theirs] = await Promise.all([round % 2 ? approve(winner, id) : reject(winner, id), round % 2 ? reject(loser, id) : approve(loser, id)]);
      expect(mine.status).toBe(200);
      expect(theirs.status).toBe(409);
      // Refused for the claim while the submission waits; once the claimer's decision has committed, refused because
      // it is decided (an approval or a final rejection) or sent back for revision and so no longer awaiting review
      // (explainNotReviewable). Which one depends on which request reaches the row first: CI saw all three.
      expect(['WORK.CLAIMED_BY_OTHER', 'WORK.ALREADY_REVIEWED', 'WORK.NOT_AWAITING_REVIEW']).toContain(theirs.body.code);
      expect(await decisions(id)).toBe(1);
      expect(await countEvents(h, 'submission.approved', id)).toBe(round % 2 ? 1 : 0);
    }
  });

  it('when a claim races a decision by another admin (no claim held), many rounds, then never both: either the decision wins and the claim is refused, or the claim wins and the decision is refused', async () => {
    let decidedFirst = 0;
    let claimedFirst = 0;
    for (let round = 0; round < 20; round += 1) {
      const id = await submission();
      const [claimed, decided] = await Promise.all([claim(alice, id), approve(bob, id)]);
      expect([claimed.status, decided.status].sort()).toEqual([200, 409]);
      if (decided.status === 200) {
        decidedFirst += 1;
        expect(claimed.body.code).toBe('WORK.ALREADY_REVIEWED');
        expect(await countEvents(h, 'submission.approved', id)).toBe(1);
      } else {
        claimedFirst += 1;
        expect(decided.body.code).toBe('WORK.CLAIMED_BY_OTHER');
        expect(await decisions(id)).toBe(0);
        expect((await approve(alice, id)).status).toBe(200);
        expect(await countEvents(h, 'submission.approved', id)).toBe(1);
      }
    }
    expect(decidedFirst + claimedFirst).toBe(20);
  });
});

describe('other doors', () => {
  it('when an admin holds a claim, then the auto-approval job leaves the submission for them (it is approved once the claim lapses)', async () => {
    const id = await submission();
    await h.query(`UPDATE task_assignments SET submitted_at = now() - interval '30 days' WHERE id = $1`, [id]);
    await claim(alice, id);
    await autoApproveOverdueSubmissions(h.service.deps);
    expect(await statusOf(id)).toBe('submitted');
    await lapse(id);
    await autoApproveOverdueSubmissions(h.service.deps);
    expect(await statusOf(id)).toBe('completed');
    expect(await countEvents(h, 'submission.approved', id)).toBe(1);
  });

  it('when another admin holds a claim on a submission under appeal, then the appeal decision is refused (409 naming them) until it is released', async () => {
    const worker = await h.newUser();
    const task = await createTask(h);
    const taken = await h.api('POST', `/api/tasks/${task.id}/take`, { token: worker.token });
    const id = taken.body.assignment.id as string;
    await h.api('POST', `/api/tasks/${task.id}/submit`, { token: worker.token, form: submissionForm('Here') });
    expect((await reject(h.admin, id)).status).toBe(200);
    const appealed = await h.api('POST', `/api/tasks/${task.id}/appeal`, { token: worker.token, body: { statement: 'It is sharp' } });
    expect(appealed.status).toBe(201);
    expect((await claim(alice, id)).status).toBe(200);
    const refused = await h.api('POST', `/api/admin/appeals/${appealed.body.appeal.id}/decide`, { token: bob.token, body: { decision: 'overturned' } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('WORK.CLAIMED_BY_OTHER');
    expect(await countEvents(h, 'submission.approved', id)).toBe(0);
    await release(alice, id);
    const decided = await h.api('POST', `/api/admin/appeals/${appealed.body.appeal.id}/decide`, { token: bob.token, body: { decision: 'overturned' } });
    expect(decided.status).toBe(200);
    expect(await countEvents(h, 'submission.approved', id)).toBe(1);
  });

  it('when the claimer decides an appeal, then appeal.decided and the approval it makes carry the claim (the audit rows)', async () => {
    const worker = await h.newUser();
    const task = await createTask(h);
    const taken = await h.api('POST', `/api/tasks/${task.id}/take`, { token: worker.token });
    const id = taken.body.assignment.id as string;
    await h.api('POST', `/api/tasks/${task.id}/submit`, { token: worker.token, form: submissionForm('Here') });
    expect((await reject(h.admin, id)).status).toBe(200);
    const appealed = await h.api('POST', `/api/tasks/${task.id}/appeal`, { token: worker.token, body: { statement: 'It is sharp' } });
    const claimed = await claim(alice, id);
    expect(claimed.status).toBe(200);
    const decided = await h.api('POST', `/api/admin/appeals/${appealed.body.appeal.id}/decide`, { token: alice.token, body: { decision: 'overturned' } });
    expect(decided.status).toBe(200);
    const claimOf = { adminId: alice.id, expiresAt: claimed.body.claim.expiresAt, lapsed: false };
    expect((await eventsOf('appeal.decided', id))[0]?.claim).toEqual(claimOf);
    expect((await eventsOf('submission.approved', id))[0]?.claim).toEqual(claimOf);
  });
});
