import {
  ZSubmissionApprovedDataSchema,
  ZSubmissionRejectedDataSchema,
  ZUserDeletedDataSchema,
  ZUserRegisteredDataSchema,
  ZUserUpdatedDataSchema,
  type TEventEnvelope,
} from '@platform/contracts';
import type { PoolClient } from '@platform/service-kit';
import { eraseLeaderboardUser, recordReview, upsertLeaderboardUser } from '../data-access/awards.repository.js';

/** The events the leaderboards learn from: who the users are (and who opted out) and every review with its reward. */
export const LEADERBOARD_EVENT_TYPES = ['user.registered', 'user.updated', 'user.deleted', 'submission.approved', 'submission.rejected'] as const;

/** Applies one event to the leaderboards' read model, in the consumer's transaction. */
export async function applyLeaderboardEvent(client: PoolClient, event: TEventEnvelope): Promise<void> {
  switch (event.type) {
    case 'user.registered': {
      const d = ZUserRegisteredDataSchema.parse(event.data);
      await upsertLeaderboardUser(client, { userId: d.userId, firstName: d.firstName, lastName: d.lastName, role: d.role, optedOut: undefined, sourceAt: event.occurredAt });
      return;
    }
    case 'user.updated': {
      const d = ZUserUpdatedDataSchema.parse(event.data);
      await upsertLeaderboardUser(client, { userId: d.userId, firstName: d.firstName, lastName: d.lastName, role: d.role, optedOut: d.leaderboardOptOut, sourceAt: event.occurredAt });
      return;
    }
    case 'user.deleted': {
      const d = ZUserDeletedDataSchema.parse(event.data);
      await eraseLeaderboardUser(client, d.userId, event.occurredAt);
      return;
    }
    case 'submission.approved': {
      const d = ZSubmissionApprovedDataSchema.parse(event.data);
      await recordReview(client, { eventId: event.id, userId: d.userId, assignmentId: d.assignmentId, outcome: 'approved', reward: d.reward, reviewedAt: d.approvedAt });
      return;
    }
    case 'submission.rejected': {
      const d = ZSubmissionRejectedDataSchema.parse(event.data);
      await recordReview(client, { eventId: event.id, userId: d.userId, assignmentId: d.assignmentId, outcome: 'rejected', reward: '0', reviewedAt: d.rejectedAt });
      return;
    }
    default:
      throw new Error(`The leaderboards queue does not handle events of type "${event.type}"`);
  }
}
