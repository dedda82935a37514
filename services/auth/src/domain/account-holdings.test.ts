import { describe, expect, it } from 'vitest';
import { blockersOf, deletionBlockers } from './account-holdings.js';

describe('deletionBlockers', () => {
  it('when money or work is pending, then each reason has its English sentence and the parameters the screens say it from (issue 28)', () => {
    const reasons = deletionBlockers(
      { available: '7.50', held: '12.00', pendingWithdrawals: 1 },
      { activeAssignments: 2, submissionsUnderReview: 0, pendingTaskRequests: 3 },
    );
    expect(reasons).toEqual([
      { code: 'available_balance', message: 'The available balance is $7.50; it must be $0.00', params: { amount: '7.50' } },
      { code: 'held_balance', message: '$12.00 is held for withdrawals', params: { amount: '12.00' } },
      { code: 'pending_withdrawal', message: '1 withdrawal is waiting for review', params: { count: 1 } },
      { code: 'active_assignment', message: '2 tasks are still assigned', params: { count: 2 } },
      { code: 'pending_task_request', message: '3 task requests are pending', params: { count: 3 } },
    ]);
    expect(blockersOf({ allowed: false, reasons: reasons.slice(0, 1) })).toEqual([{ code: 'available_balance', params: { amount: '7.50' } }]);
  });

  it('when nothing is held or pending, then there is no reason', () => {
    expect(deletionBlockers({ available: '0.00', held: '0', pendingWithdrawals: 0 }, { activeAssignments: 0, submissionsUnderReview: 0, pendingTaskRequests: 0 })).toEqual([]);
  });
});
