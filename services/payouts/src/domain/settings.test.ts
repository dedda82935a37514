import { describe, expect, it } from 'vitest';
import { normaliseSettingValue } from './settings.js';

describe('normaliseSettingValue', () => {
  it('when amounts are non-negative with at most 2 decimals, then they are kept with 2 decimals; anything else is refused', () => {
    expect(normaliseSettingValue('minimum_withdrawal', '25.5')).toBe('25.50');
    expect(normaliseSettingValue('starting_balance', ' 0 ')).toBe('0.00');
    for (const bad of ['-1', 'abc', '1.234', '', '1e2']) expect(normaliseSettingValue('minimum_withdrawal', bad), bad).toBeUndefined();
  });

  it('when hours are a non-negative number, then they are kept in their shortest form', () => {
    expect(normaliseSettingValue('wallet_cooldown_hours', '24')).toBe('24');
    expect(normaliseSettingValue('wallet_cooldown_hours', '1.50')).toBe('1.5');
    expect(normaliseSettingValue('wallet_cooldown_hours', '0.0')).toBe('0');
    expect(normaliseSettingValue('wallet_cooldown_hours', '007')).toBe('7');
    expect(normaliseSettingValue('wallet_cooldown_hours', '10')).toBe('10');
    for (const bad of ['-3', 'x', '1e3']) expect(normaliseSettingValue('wallet_cooldown_hours', bad), bad).toBeUndefined();
  });
});
