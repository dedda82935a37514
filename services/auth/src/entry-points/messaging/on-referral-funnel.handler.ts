import { ZSubmissionApprovedDataSchema, ZWithdrawalDecidedDataSchema } from '@platform/contracts';
import type { TEventHandler } from '@platform/service-kit';
import { recordFirstPayout, recordFirstTask } from '../../domain/referrals.use-case.js';

/** The auth service's queue for the referral funnel (prefixed with QUEUE_PREFIX) and the events it takes. */
export const REFERRAL_FUNNEL_QUEUE = 'auth.referral-funnel';
export const REFERRAL_FUNNEL_ROUTING_KEYS = ['submission.approved', 'withdrawal.decided'] as const;

/**
 * Which referred workers went on to complete a task (submission.approved) and to be paid (an approved
 * withdrawal.decided): the last two steps of a link's funnel. Workers who came from no link change nothing.
 */
export function createReferralFunnelHandler(): TEventHandler {
  return async (event, client) => {
    if (event.type === 'submission.approved') {
      const data = ZSubmissionApprovedDataSchema.parse(event.data);
      await recordFirstTask(client, data.userId, data.approvedAt);
    } else if (event.type === 'withdrawal.decided') {
      const data = ZWithdrawalDecidedDataSchema.parse(event.data);
      if (data.status === 'approved') await recordFirstPayout(client, data.userId, data.decidedAt);
    }
  };
}
