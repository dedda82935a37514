import { describe, expect, it } from 'vitest';
import { checkSettingValue, SETTING_DEFAULTS } from './settings.js';

describe('checkSettingValue', () => {
  it.each([
    ['minimum_withdrawal', '50', '50.00'],
    ['minimum_withdrawal', ' 25.5 ', '25.50'],
    ['minimum_withdrawal', 0, '0.00'],
    ['minimum_withdrawal', 12.34, '12.34'],
    ['starting_balance', '007.10', '7.10'],
    ['starting_balance', '99999999.99', '99999999.99'],
    ['auto_approval_days', '3', '3'],
    ['auto_approval_days', '0', '0'],
    ['auto_approval_days', '365', '365'],
    ['wallet_cooldown_hours', 8760, '8760'],
    ['wallet_cooldown_hours', '024', '24'],
    ['chat_archive_days', '1', '1'],
    ['chat_archive_days', '3650', '3650'],
    ['platform_name', '  Acme   Tasks ', 'Acme Tasks'],
    ['platform_name', 'Задания Плюс', 'Задания Плюс'],
    ['platform_name', 'x'.repeat(60), 'x'.repeat(60)],
    ['operator_legal_name', '  Task  Portal Ltd ', 'Task Portal Ltd'],
    ['operator_address', 'ул. Ленина, 1, Москва, 101000', 'ул. Ленина, 1, Москва, 101000'],
    ['operator_address', 'x'.repeat(300), 'x'.repeat(300)],
    ['operator_contact', 'support@example.com', 'support@example.com'],
  ] as const)('when %s is %j, then it is stored as %j', (key, raw, value) => {
    expect(checkSettingValue(key, raw)).toEqual({ ok: true, value });
  });

  it.each([
    ['minimum_withdrawal', '', 'Value is required'],
    ['minimum_withdrawal', '   ', 'Value is required'],
    ['minimum_withdrawal', null, 'Value is required'],
    ['minimum_withdrawal', undefined, 'Value is required'],
    ['minimum_withdrawal', '-1', 'Minimum withdrawal must be a non-negative amount with at most 2 decimals'],
    ['minimum_withdrawal', '1.234', 'Minimum withdrawal must be a non-negative amount with at most 2 decimals'],
    ['minimum_withdrawal', 'abc', 'Minimum withdrawal must be a non-negative amount with at most 2 decimals'],
    ['minimum_withdrawal', '1e3', 'Minimum withdrawal must be a non-negative amount with at most 2 decimals'],
    ['minimum_withdrawal', Number.NaN, 'Minimum withdrawal must be a non-negative amount with at most 2 decimals'],
    ['starting_balance', '123456789', 'Starting balance cannot exceed 99999999.99'],
    ['auto_approval_days', '1.5', 'Auto-approval days must be a whole number from 0 to 365'],
    ['auto_approval_days', '366', 'Auto-approval days must be a whole number from 0 to 365'],
    ['auto_approval_days', '-1', 'Auto-approval days must be a whole number from 0 to 365'],
    ['wallet_cooldown_hours', '8761', 'Wallet cooldown hours must be a whole number from 0 to 8760'],
    ['chat_archive_days', '0', 'Chat archive days must be a whole number from 1 to 3650'],
    ['chat_archive_days', '3651', 'Chat archive days must be a whole number from 1 to 3650'],
    ['platform_name', '', 'Value is required'],
    ['platform_name', 'x'.repeat(61), 'Platform name is too long (at most 60 characters)'],
    ['platform_name', 'Acme\nTasks', 'Platform name must be one line without < or >'],
    ['platform_name', '<b>Acme</b>', 'Platform name must be one line without < or >'],
    ['platform_name', 'Acme\u0000', 'Platform name must not contain control characters'],
    ['platform_name', 42, 'Platform name must be text'],
    ['operator_legal_name', '   ', 'Value is required'],
    ['operator_legal_name', 'x'.repeat(201), 'Operator legal name is too long (at most 200 characters)'],
    ['operator_address', 'x'.repeat(301), 'Operator address is too long (at most 300 characters)'],
    ['operator_address', 'Line 1\nLine 2', 'Operator address must be one line without < or >'],
    ['operator_contact', '<a href="x">mail</a>', 'Operator contact must be one line without < or >'],
    ['operator_contact', 7, 'Operator contact must be text'],
  ] as const)('when %s is %j, then it is refused with %j', (key, raw, message) => {
    expect(checkSettingValue(key, raw)).toEqual({ ok: false, message });
  });

  it('the defaults are the values of spec 03, issue 5 and issue 15 (verification images kept 30 days), and each passes its own check (the operator identity starts empty: missing until an admin fills it in)', () => {
    expect(SETTING_DEFAULTS).toEqual({ platform_name: 'Task Portal', operator_legal_name: '', operator_address: '', operator_contact: '', minimum_withdrawal: '50.00', starting_balance: '0.00', auto_approval_days: '3', wallet_cooldown_hours: '0', chat_archive_days: '90', verification_retention_days: '30', max_live_assignments: '3', assignment_time_limit_hours: '24', minimum_hourly_rate: '8.00', withdrawal_decision_hours: '48', top_up_underpaid: '1', appeal_window_days: '7', appeal_decision_days: '3', bulk_spot_check_every: '20' });
    for (const [key, value] of Object.entries(SETTING_DEFAULTS)) {
      if (key.startsWith('operator_')) continue;
      expect(checkSettingValue(key as keyof typeof SETTING_DEFAULTS, value)).toEqual({ ok: true, value });
    }
  });
});
