import type { TRecordedClaim, TSubmissionClaim } from '@platform/contracts';
import type { Queryable } from '@platform/service-kit';
import { CLAIM_COLUMNS, NOT_CLAIMED_BY_OTHER } from './assignments.repository.js';
import { iso } from './rows.js';

/**
 * Who is reviewing what (issue 30): a claim is two columns of the assignment (claimed_by, claim_expires_at, migration
 * 0011), changed only by conditional updates of that row, so a claim and a decision on the same submission are
 * serialised by the row's lock.
 */

interface TClaimRow {
  id: string;
  claim_admin_id: string | null;
  claim_admin_name: string | null;
  claim_expires: Date | null;
}

function mapClaim(row: TClaimRow | undefined): TSubmissionClaim | null {
  if (!row?.claim_admin_id || !row.claim_expires) return null;
  return { adminId: row.claim_admin_id, adminName: row.claim_admin_name ?? '', expiresAt: iso(row.claim_expires) };
}

/**
 * Claims (or renews) the submission for the admin for `seconds`: only while it awaits a decision (submitted, or
 * rejected and under appeal) and nobody else holds a live claim. Returns the claim, or undefined when refused.
 */
export async function takeClaim(db: Queryable, id: string, adminId: string, seconds: number): Promise<TSubmissionClaim | undefined> {
  const { rows } = await db.query<TClaimRow>(
    `UPDATE task_assignments AS a SET claimed_by = $2, claim_expires_at = now() + make_interval(secs => $3::double precision)
     WHERE a.id = $1 AND ${CLAIMABLE_BY('$2')}
     RETURNING a.id, ${CLAIM_COLUMNS}`,
    [id, adminId, seconds],
  );
  return mapClaim(rows[0]) ?? undefined;
}

/** Releases the admin's own claim (a claim of someone else stays). Answers whether one was released. */
export async function dropClaim(db: Queryable, id: string, adminId: string): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE task_assignments SET claimed_by = NULL, claim_expires_at = NULL WHERE id = $1 AND claimed_by = $2', [id, adminId]);
  return (rowCount ?? 0) > 0;
}

/*
 * The claim recorded on an assignment, live or lapsed, for the audit log (issue 30): read with the row locked, in the
 * transaction of the claim or the decision about to replace or clear it, so nothing changes it between. The claim's
 * and the decision's own conditions are part of the read: a row they would not change is neither returned nor waited
 * for (a decision refused by another admin's live claim is refused at once, as without the read).
 */

/** The submission awaits a decision and `admin` may claim it: nobody else holds a live claim. */
const CLAIMABLE_BY = (admin: string) =>
  `(a.status = 'submitted' OR (a.status = 'rejected' AND a.under_appeal)) AND (a.claimed_by IS NULL OR a.claim_expires_at <= now() OR a.claimed_by = ${admin}::uuid)`;

interface TRecordedClaimRow {
  user_id: string;
  task_id: string;
  claimed_by: string | null;
  claim_expires_at: Date | null;
  lapsed: boolean | null;
}
const RECORDED_CLAIM_COLUMNS = 'a.user_id, a.task_id, a.claimed_by, a.claim_expires_at, a.claim_expires_at <= now() AS lapsed';
type TRecorded = { userId: string; taskId: string; claim: TRecordedClaim | null };

function mapRecorded(row: TRecordedClaimRow | undefined): TRecorded | undefined {
  if (!row) return undefined;
  const claim = row.claimed_by && row.claim_expires_at ? { adminId: row.claimed_by, expiresAt: iso(row.claim_expires_at), lapsed: row.lapsed === true } : null;
  return { userId: row.user_id, taskId: row.task_id, claim };
}

/** Before a claim by `adminId`: the claim it replaces (null: none); undefined when the claim will be refused. */
export async function lockClaimToTake(db: Queryable, id: string, adminId: string): Promise<TRecorded | undefined> {
  const { rows } = await db.query<TRecordedClaimRow>(`SELECT ${RECORDED_CLAIM_COLUMNS} FROM task_assignments a WHERE a.id = $1 AND ${CLAIMABLE_BY('$2')} FOR UPDATE`, [id, adminId]);
  return mapRecorded(rows[0]);
}

/**
 * Before a decision by `decidedBy` (null: the auto-approval job) on a submission in status `from`: the claim it is made
 * under (null: none); undefined when markApproved / markRejected will find no row.
 */
export async function lockClaimToDecide(db: Queryable, id: string, decidedBy: string | null, from: 'submitted' | 'rejected'): Promise<TRecorded | undefined> {
  const { rows } = await db.query<TRecordedClaimRow>(
    `SELECT ${RECORDED_CLAIM_COLUMNS} FROM task_assignments a WHERE a.id = $1 AND a.status = $3 AND ${NOT_CLAIMED_BY_OTHER('$2')} FOR UPDATE`,
    [id, decidedBy, from],
  );
  return mapRecorded(rows[0]);
}

/** Whatever the claim: an appeal decision locks the assignment and reads its claim before checking it. */
export async function lockRecordedClaim(db: Queryable, id: string): Promise<TRecorded | undefined> {
  const { rows } = await db.query<TRecordedClaimRow>(`SELECT ${RECORDED_CLAIM_COLUMNS} FROM task_assignments a WHERE a.id = $1 FOR UPDATE`, [id]);
  return mapRecorded(rows[0]);
}

/** The submission's live claim (with the claimer's name), or null. */
export async function findClaim(db: Queryable, id: string): Promise<TSubmissionClaim | null> {
  const { rows } = await db.query<TClaimRow>(`SELECT a.id, ${CLAIM_COLUMNS} FROM task_assignments a WHERE a.id = $1`, [id]);
  return mapClaim(rows[0]);
}

/** Every live claim, soonest to lapse first, at most `limit` (index task_assignments_claims_idx). */
export async function listLiveClaims(db: Queryable, limit: number): Promise<(TSubmissionClaim & { submissionId: string })[]> {
  const { rows } = await db.query<TClaimRow>(
    `SELECT a.id, ${CLAIM_COLUMNS} FROM task_assignments a
     WHERE a.claimed_by IS NOT NULL AND a.claim_expires_at > now() ORDER BY a.claim_expires_at LIMIT $1`,
    [limit],
  );
  return rows.flatMap((row) => {
    const claim = mapClaim(row);
    return claim ? [{ submissionId: row.id, ...claim }] : [];
  });
}
