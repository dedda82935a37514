import type { TStatsUserSnapshot } from '@platform/contracts';
import type { Queryable } from '@platform/service-kit';

/** Snapshot pages for the admin dashboard's rebuild (GET /internal/stats/*), in id order after `after`. */
export async function readUsersPage(db: Queryable, after: string | undefined, limit: number): Promise<TStatsUserSnapshot[]> {
  const { rows } = await db.query<{ id: string; email: string; first_name: string; last_name: string; role: 'employee' | 'admin'; is_active: boolean; created_at: Date }>(
    `SELECT id, email, first_name, last_name, role, is_active, created_at FROM users
     WHERE ($1::uuid IS NULL OR id > $1::uuid) ORDER BY id LIMIT $2`,
    [after ?? null, limit],
  );
  return rows.map((r) => ({
    userId: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    role: r.role,
    isActive: r.is_active,
    registeredAt: r.created_at.toISOString(),
  }));
}

export interface TVerificationSnapshotRecord {
  verificationId: string;
  userId: string;
  status: 'pending' | 'approved' | 'rejected';
  submittedAt: string;
}

export async function readVerificationsPage(db: Queryable, after: string | undefined, limit: number): Promise<TVerificationSnapshotRecord[]> {
  const { rows } = await db.query<{ id: string; user_id: string; status: 'pending' | 'approved' | 'rejected'; submitted_at: Date }>(
    `SELECT id, user_id, status, submitted_at FROM user_verifications
     WHERE ($1::uuid IS NULL OR id > $1::uuid) ORDER BY id LIMIT $2`,
    [after ?? null, limit],
  );
  return rows.map((r) => ({ verificationId: r.id, userId: r.user_id, status: r.status, submittedAt: r.submitted_at.toISOString() }));
}
