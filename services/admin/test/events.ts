import { randomUUID } from 'node:crypto';
import type {
  TAssignmentCancelledData,
  TBalanceAdjustedData,
  TBalanceGivenUpData,
  TEventEnvelope,
  TPasswordResetRequestedData,
  TSettingsChangedData,
  TSubmissionApprovedData,
  TSubmissionRejectedData,
  TTaskRequestDecidedData,
  TUserRegisteredData,
  TUserUpdatedData,
  TWithdrawalDecidedData,
  TWithdrawalRequestedData,
} from '@platform/contracts';

export function envelope<T>(type: string, data: T): TEventEnvelope<T> {
  return { id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), correlationId: randomUUID(), causationId: null, data };
}

export function userRegistered(overrides: Partial<TUserRegisteredData> = {}): TEventEnvelope<TUserRegisteredData> {
  return envelope('user.registered', {
    userId: randomUUID(),
    email: 'ada.lovelace@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'employee',
    referralSource: null,
    registeredAt: new Date().toISOString(),
    ...overrides,
  });
}

export function passwordResetRequested(overrides: Partial<TPasswordResetRequestedData> = {}): TEventEnvelope<TPasswordResetRequestedData> {
  return envelope('password_reset.requested', {
    userId: randomUUID(),
    email: 'grace.hopper@example.com',
    firstName: 'Grace',
    lastName: 'Hopper',
    token: 'tok+en/with=special&chars',
    expiresAt: new Date(Date.now() + 60 * 60_000).toISOString(),
    ...overrides,
  });
}

export function withdrawalDecided(overrides: Partial<TWithdrawalDecidedData> = {}): TEventEnvelope<TWithdrawalDecidedData> {
  return envelope('withdrawal.decided', {
    withdrawalId: randomUUID(),
    userId: randomUUID(),
    amount: '75.50',
    currency: 'USDT',
    status: 'approved',
    adminComment: null,
    txReference: '0xabc',
    decidedBy: randomUUID(),
    decidedAt: new Date().toISOString(),
    email: 'katherine@example.com',
    firstName: 'Katherine',
    ...overrides,
  });
}

export function withdrawalRequested(overrides: Partial<TWithdrawalRequestedData> = {}): TEventEnvelope<TWithdrawalRequestedData> {
  return envelope('withdrawal.requested', {
    withdrawalId: randomUUID(),
    userId: randomUUID(),
    amount: '60.00',
    currency: 'USDT',
    networkFee: '1.00',
    walletAddress: 'TWalletAddress',
    requestedAt: new Date().toISOString(),
    ...overrides,
  });
}

export function userUpdated(overrides: Partial<TUserUpdatedData> = {}): TEventEnvelope<TUserUpdatedData> {
  return envelope('user.updated', {
    userId: randomUUID(),
    email: 'ada.lovelace@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'employee',
    isActive: true,
    isVerified: false,
    updatedAt: new Date().toISOString(),
    ...overrides,
  });
}

export function balanceAdjusted(overrides: Partial<TBalanceAdjustedData> = {}): TEventEnvelope<TBalanceAdjustedData> {
  return envelope('balance.adjusted', {
    userId: randomUUID(),
    before: '10.00',
    after: '25.50',
    amount: '15.50',
    reason: 'Bonus for the March campaign',
    adjustedBy: randomUUID(),
    at: new Date().toISOString(),
    ...overrides,
  });
}

export function balanceGivenUp(overrides: Partial<TBalanceGivenUpData> = {}): TEventEnvelope<TBalanceGivenUpData> {
  return envelope('balance.given_up', {
    userId: randomUUID(),
    amount: '7.50',
    entryId: randomUUID(),
    at: new Date().toISOString(),
    ...overrides,
  });
}

export function settingsChanged(overrides: Partial<TSettingsChangedData> = {}): TEventEnvelope<TSettingsChangedData> {
  return envelope('settings.changed', {
    key: 'minimum_withdrawal',
    value: '25.00',
    previousValue: '50.00',
    changedBy: randomUUID(),
    changedAt: new Date().toISOString(),
    ...overrides,
  });
}

export function submissionApproved(overrides: Partial<TSubmissionApprovedData> = {}): TEventEnvelope<TSubmissionApprovedData> {
  return envelope('submission.approved', {
    userId: randomUUID(),
    assignmentId: randomUUID(),
    taskId: randomUUID(),
    reward: '12.50',
    approvedAt: new Date().toISOString(),
    approvedBy: randomUUID(),
    ...overrides,
  });
}

export function submissionRejected(overrides: Partial<TSubmissionRejectedData> = {}): TEventEnvelope<TSubmissionRejectedData> {
  return envelope('submission.rejected', {
    userId: randomUUID(),
    assignmentId: randomUUID(),
    taskId: randomUUID(),
    reason: 'The screenshot is missing',
    rejectedAt: new Date().toISOString(),
    rejectedBy: randomUUID(),
    ...overrides,
  });
}

export function assignmentCancelled(overrides: Partial<TAssignmentCancelledData> = {}): TEventEnvelope<TAssignmentCancelledData> {
  return envelope('assignment.cancelled', {
    userId: randomUUID(),
    assignmentId: randomUUID(),
    taskId: randomUUID(),
    reason: 'Task withdrawn by the client',
    cancelledAt: new Date().toISOString(),
    cancelledBy: randomUUID(),
    ...overrides,
  });
}

export function taskRequestDecided(overrides: Partial<TTaskRequestDecidedData> = {}): TEventEnvelope<TTaskRequestDecidedData> {
  return envelope('task_request.decided', {
    requestId: randomUUID(),
    userId: randomUUID(),
    taskId: randomUUID(),
    status: 'approved',
    reason: null,
    decidedAt: new Date().toISOString(),
    decidedBy: randomUUID(),
    assignmentId: randomUUID(),
    ...overrides,
  });
}
