import { ZSubmissionApprovedDataSchema, ZWithdrawalDecidedDataSchema, ZWithdrawalRequestedDataSchema } from '@platform/contracts';
import type { TEventHandler } from '@platform/service-kit';
import { onTaskApproved, onWithdrawalDecided, onWithdrawalRequested } from '../../domain/public-figures.use-case.js';

/** The admin service's queue for the public figures' read model (prefixed with QUEUE_PREFIX) and its events. */
export const FIGURES_QUEUE = 'admin.public-figures';
export const FIGURES_ROUTING_KEYS = ['submission.approved', 'withdrawal.requested', 'withdrawal.decided'] as const;

export function createPublicFiguresHandler(): TEventHandler {
  return async (event, client) => {
    if (event.type === 'submission.approved') await onTaskApproved(client, ZSubmissionApprovedDataSchema.parse(event.data));
    else if (event.type === 'withdrawal.requested') await onWithdrawalRequested(client, ZWithdrawalRequestedDataSchema.parse(event.data));
    else if (event.type === 'withdrawal.decided') await onWithdrawalDecided(client, ZWithdrawalDecidedDataSchema.parse(event.data));
  };
}
