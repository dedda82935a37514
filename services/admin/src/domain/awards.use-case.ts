import type { TAuditAction } from '@platform/contracts';
import { randomUUID } from 'node:crypto';
import { AWARD_CATEGORIES, AWARD_PERIODS, isUuid, type TAdminAwardsQuery, type TAward, type TAwardPage, type TAwardRequest, type TAwardsQuery } from '@platform/contracts';
import { withTransaction, type PoolClient, type Queryable } from '@platform/service-kit';
import { insertAuditEntry } from '../data-access/audit-log.repository.js';
import {
  deleteAward,
  findAward,
  insertManualAward,
  listAwardsPage,
  lockLeaderboards,
  rankWorkers,
  storeComputedAwards,
  updateManualAward,
  userExists,
  type TAwardRecord,
  type TManualAward,
} from '../data-access/awards.repository.js';
import { ADMIN_ERRORS } from './admin.errors.js';
import type { TAdminDeps } from './deps.js';
import { LEADERBOARD_SIZE, MIN_REVIEWS_FOR_RATE, periodStart } from './leaderboard-periods.js';

function present(record: TAwardRecord): TAward {
  return { ...record, createdAt: record.createdAt.toISOString(), updatedAt: record.updatedAt.toISOString() };
}

/**
 * GET /api/awards: a page of the computed and manual awards in the leaderboards' order; workers do not see users who
 * opted out of the leaderboards (an admin does).
 */
export async function listAwardsFor(deps: TAdminDeps, role: string, query: TAwardsQuery): Promise<TAwardPage> {
  const page = await listAwardsPage(deps.pool, query, { publicOnly: role !== 'admin' });
  return { ...page, items: page.items.map(present) };
}

/** GET /api/admin/awards: a page of every award (computed and manual, opted-out users too), in the leaderboards' order. */
export async function listAdminAwards(deps: TAdminDeps, query: TAdminAwardsQuery): Promise<TAwardPage> {
  const page = await listAwardsPage(deps.pool, query);
  return { ...page, items: page.items.map(present) };
}

async function checkedAward(db: Queryable, input: TAwardRequest & { value: string }): Promise<TManualAward> {
  const userId = input.userId.toLowerCase();
  if (!isUuid(userId) || !(await userExists(db, userId))) throw ADMIN_ERRORS.awardUserNotFound();
  return { userId, category: input.category, rank: input.rank, value: input.value, period: input.period };
}

async function audit(db: Queryable, actorId: string, action: TAuditAction, targetId: string, before: unknown, after: unknown): Promise<void> {
  await insertAuditEntry(db, { eventId: randomUUID(), actorId, action, targetType: 'award', targetId, before, after, createdAt: new Date().toISOString() });
}

const auditOf = (award: TManualAward | TAwardRecord) => ({ userId: award.userId, category: award.category, rank: award.rank, value: award.value, period: award.period });

/** POST /api/admin/awards: a manual award naming an existing user (its names come from that user). */
export async function createManualAward(deps: TAdminDeps, adminId: string, input: TAwardRequest & { value: string }): Promise<TAward> {
  const id = await withTransaction(deps.pool, async (client) => {
    const award = await checkedAward(client, input);
    const newId = await insertManualAward(client, award, adminId);
    await audit(client, adminId, 'award.created', newId, null, auditOf(award));
    return newId;
  });
  return present((await findAward(deps.pool, id))!);
}

/** PUT /api/admin/awards/{id}: manual awards only (computed ones come from the data). */
export async function replaceManualAward(deps: TAdminDeps, adminId: string, id: string, input: TAwardRequest & { value: string }): Promise<TAward> {
  await withTransaction(deps.pool, async (client) => {
    const before = await findAward(client, id, { forUpdate: true });
    if (!before) throw ADMIN_ERRORS.awardNotFound();
    if (before.source !== 'manual') throw ADMIN_ERRORS.computedAwardReadOnly();
    const award = await checkedAward(client, input);
    await updateManualAward(client, id, award);
    await audit(client, adminId, 'award.updated', id, auditOf(before), auditOf(award));
  });
  return present((await findAward(deps.pool, id))!);
}

export async function removeManualAward(deps: TAdminDeps, adminId: string, id: string): Promise<void> {
  await withTransaction(deps.pool, async (client) => {
    const before = await findAward(client, id, { forUpdate: true });
    if (!before) throw ADMIN_ERRORS.awardNotFound();
    if (before.source !== 'manual') throw ADMIN_ERRORS.computedAwardReadOnly();
    await deleteAward(client, id);
    await audit(client, adminId, 'award.deleted', id, auditOf(before), null);
  });
}

/**
 * The leaderboards job: for each period and category, the top workers from the reviews the service learnt from
 * events, stored as computed awards. Runs hold one advisory lock for their whole transaction, so two at once run
 * one after the other, and the unique (period, category, rank) of computed awards keeps each award once.
 */
export async function computeLeaderboards(deps: TAdminDeps, now = new Date()): Promise<{ awards: number }> {
  return withTransaction(deps.pool, async (client: PoolClient) => {
    await lockLeaderboards(client);
    let awards = 0;
    for (const period of AWARD_PERIODS) {
      const since = periodStart(period, now);
      for (const category of AWARD_CATEGORIES) {
        const entries = await rankWorkers(client, category, since, { limit: LEADERBOARD_SIZE, minReviews: MIN_REVIEWS_FOR_RATE });
        await storeComputedAwards(client, period, category, entries);
        awards += entries.length;
      }
    }
    return { awards };
  });
}
