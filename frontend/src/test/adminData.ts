import type { TAdminUser, TSystemSetting } from '@platform/contracts';

/** Test data for the admin screens' component tests. */
export function makeAdminUser(overrides: Partial<TAdminUser> = {}): TAdminUser {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    email: 'ada@example.test',
    firstName: 'Ada',
    lastName: 'Worker',
    telegramUsername: null,
    role: 'employee',
    isActive: true,
    isVerified: false,
    verificationStatus: 'none',
    welcomeVideoShown: true,
    documentsAccepted: true,
    documentsAcceptedAt: '2025-01-02T10:00:00.000Z',
    referralSource: null,
    createdAt: '2025-01-02T09:00:00.000Z',
    language: 'en',
    updatedAt: '2025-01-02T10:00:00.000Z',
    balance: '20.00',
    heldBalance: '0.00',
    ...overrides,
  };
}

export const ADMIN_ID = '44444444-4444-4444-8444-444444444444';

export function makeSettings(overrides: Partial<Record<string, Partial<TSystemSetting>>> = {}): TSystemSetting[] {
  const base: [string, string][] = [
    ['platform_name', 'Task Portal'],
    ['operator_legal_name', ''],
    ['operator_address', ''],
    ['operator_contact', ''],
    ['auto_approval_days', '3'],
    ['minimum_withdrawal', '50.00'],
    ['starting_balance', '0.00'],
    ['wallet_cooldown_hours', '0'],
    ['chat_archive_days', '90'],
    ['verification_retention_days', '30'],
    ['max_live_assignments', '3'],
    ['assignment_time_limit_hours', '24'],
    ['withdrawal_decision_hours', '48'],
    ['minimum_hourly_rate', '8.00'],
    ['top_up_underpaid', '1'],
    ['appeal_window_days', '7'],
    ['appeal_decision_days', '3'],
    ['bulk_spot_check_every', '20'],
  ];
  return base.map(([key, value], index) => ({
    id: `5555555${index}-5555-4555-8555-555555555555`,
    settingKey: key,
    settingValue: value,
    description: null,
    updatedBy: null,
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides[key],
  }));
}
