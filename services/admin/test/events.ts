import { randomUUID } from 'node:crypto';
import type { TEventEnvelope, TPasswordResetRequestedData, TUserRegisteredData, TWithdrawalDecidedData } from '@platform/contracts';

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
