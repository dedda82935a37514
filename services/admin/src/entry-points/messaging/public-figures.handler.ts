import {
  ZAppealDecidedDataSchema,
  ZSubmissionApprovedDataSchema,
  ZSubmissionRejectedDataSchema,
  ZSubmissionSubmittedDataSchema,
  ZSupportFirstResponseDataSchema,
  ZWithdrawalDecidedDataSchema,
  ZWithdrawalRequestedDataSchema,
} from '@platform/contracts';
import type { TEventHandler } from '@platform/service-kit';
import {
  onAppealDecided,
  onSubmissionRejected,
  onSubmissionSubmitted,
  onSupportFirstResponse,
  onTaskApproved,
  onWithdrawalDecided,
  onWithdrawalRequested,
} from '../../domain/public-figures.use-case.js';

/** The admin service's queue for the public figures' read model (prefixed with QUEUE_PREFIX) and its events. */
export const FIGURES_QUEUE = 'admin.public-figures';
export const FIGURES_ROUTING_KEYS = [
  'submission.approved',
  'withdrawal.requested',
  'withdrawal.decided',
  // the trust page (issue 31)
  'submission.submitted',
  'submission.rejected',
  'appeal.decided',
  'support.first_response',
] as const;

export function createPublicFiguresHandler(): TEventHandler {
  return async (event, client) => {
    if (event.type === 'submission.approved') await onTaskApproved(client, ZSubmissionApprovedDataSchema.parse(event.data));
    else if (event.type === 'withdrawal.requested') await onWithdrawalRequested(client, ZWithdrawalRequestedDataSchema.parse(event.data));
    else if (event.type === 'withdrawal.decided') await onWithdrawalDecided(client, ZWithdrawalDecidedDataSchema.parse(event.data));
    else if (event.type === 'submission.submitted') await onSubmissionSubmitted(client, ZSubmissionSubmittedDataSchema.parse(event.data));
    else if (event.type === 'submission.rejected') await onSubmissionRejected(client, ZSubmissionRejectedDataSchema.parse(event.data));
    else if (event.type === 'appeal.decided') await onAppealDecided(client, ZAppealDecidedDataSchema.parse(event.data));
    else if (event.type === 'support.first_response') await onSupportFirstResponse(client, ZSupportFirstResponseDataSchema.parse(event.data));
  };
}
