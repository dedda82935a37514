import type { TSubmissionClaimList, TSubmissionClaimResponse } from '@platform/contracts';
import { withTransaction, writeEvent } from '@platform/service-kit';
import { dropClaim, findClaim, listLiveClaims, lockClaimToTake, takeClaim } from '../data-access/claims.repository.js';
import { findAssignment } from '../data-access/assignments.repository.js';
import type { TWorkDeps } from './deps.js';
import { WORK_ERRORS } from './work.errors.js';
import { explainNotReviewable } from './review.use-case.js';

/** The most live claims the console's poll reads (one per open review: a few). */
const LIVE_CLAIMS_SHOWN = 1_000;

/**
 * POST /api/admin/submissions/{id}/claim (issue 30): the admin opening a submission claims it for
 * SUBMISSION_CLAIM_SECONDS (300), or renews their own claim. 409 WORK.CLAIMED_BY_OTHER naming the admin when another
 * holds a live claim; 409 when it no longer awaits a decision; 404 when unknown. Taking over another admin's lapsed
 * claim writes submission.claim_taken_over (an audit row of the admin service) with the claim; claiming a free one or
 * renewing one's own writes nothing.
 */
export async function claimSubmission(deps: TWorkDeps, adminId: string, id: string): Promise<TSubmissionClaimResponse> {
  return withTransaction(deps.pool, async (client) => {
    const recorded = await lockClaimToTake(client, id, adminId);
    const claim = await takeClaim(client, id, adminId, deps.claimSeconds);
    if (!claim) return explainNotReviewable(client, id, adminId);
    // Another admin's claim let go of (takeClaim refuses a live one): lapsed.
    if (recorded?.claim && recorded.claim.adminId !== adminId) {
      await writeEvent(client, 'submission.claim_taken_over', {
        assignmentId: id,
        userId: recorded.userId,
        taskId: recorded.taskId,
        takenBy: adminId,
        takenAt: new Date().toISOString(),
        expiresAt: claim.expiresAt,
        previous: recorded.claim,
      });
    }
    return { submissionId: id, claim };
  });
}

/**
 * DELETE /api/admin/submissions/{id}/claim: the admin leaves the submission; their claim is released. Someone else's
 * claim stays (the answer carries it); releasing twice, or a lapsed claim, is not an error.
 */
export async function releaseSubmission(deps: TWorkDeps, adminId: string, id: string): Promise<TSubmissionClaimResponse> {
  if (!(await dropClaim(deps.pool, id, adminId))) {
    const existing = await findAssignment(deps.pool, id);
    if (!existing || existing.submittedAt === null) throw WORK_ERRORS.submissionNotFound();
  }
  return { submissionId: id, claim: await findClaim(deps.pool, id) };
}

/** GET /api/admin/submissions/claims: every live claim (the console's short poll, see ARCHITECTURE.md). */
export async function listClaims(deps: TWorkDeps): Promise<TSubmissionClaimList> {
  return { items: await listLiveClaims(deps.pool, LIVE_CLAIMS_SHOWN) };
}
