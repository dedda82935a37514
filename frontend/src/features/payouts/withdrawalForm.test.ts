import { describe, expect, it } from 'vitest';
import { toWithdrawalRequest, validateWithdrawal, type TWithdrawalFormValues } from './withdrawalForm';

const WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
const form = (amount: string, overrides: Partial<TWithdrawalFormValues> = {}): TWithdrawalFormValues => ({ currency: 'ETH', amount, walletAddress: WALLET, ...overrides });
const limits = { minimum: '50.00', available: '100.00' };

describe('withdrawal form rules (spec 02 s.5)', () => {
  it('when a field is empty or blank, then "Please fill in all fields"', () => {
    expect(validateWithdrawal(form('60', { currency: '' }), limits)).toEqual({ kind: 'fillAllFields' });
    expect(validateWithdrawal(form(''), limits)).toEqual({ kind: 'fillAllFields' });
    expect(validateWithdrawal(form('60', { walletAddress: '   ' }), limits)).toEqual({ kind: 'fillAllFields' });
  });

  it('when the amount is not a number above 0 with at most 2 decimals, then "Please enter a valid amount"', () => {
    for (const amount of ['0', '0.00', '-5', 'abc', '1.234', '1e3']) {
      expect(validateWithdrawal(form(amount), limits), amount).toEqual({ kind: 'invalidAmount' });
    }
  });

  it('when the amount equals the minimum as a decimal string, then it is allowed; a cent less is too low', () => {
    expect(validateWithdrawal(form('50.00'), limits)).toBeNull();
    expect(validateWithdrawal(form('50'), limits)).toBeNull();
    expect(validateWithdrawal(form('49.99'), limits)).toEqual({ kind: 'amountTooLow', minimum: '50.00' });
  });

  it('when the amount is above the available balance by a cent, then "Insufficient funds"; the whole balance is allowed', () => {
    expect(validateWithdrawal(form('100.01'), limits)).toEqual({ kind: 'insufficientFunds' });
    expect(validateWithdrawal(form('100.00'), limits)).toBeNull();
  });

  it('when the balance is unknown, then only the server decides against it', () => {
    expect(validateWithdrawal(form('100000'), { minimum: '50.00', available: null })).toBeNull();
  });

  it('when the minimum check and the balance check both fail, then the minimum is reported first', () => {
    expect(validateWithdrawal(form('10'), { minimum: '50.00', available: '5.00' })).toEqual({ kind: 'amountTooLow', minimum: '50.00' });
  });

  it('when the request is built, then the amount is a 2-decimal string and fields are trimmed', () => {
    expect(toWithdrawalRequest(form(' 50.5 ', { walletAddress: ` ${WALLET} ` }))).toEqual({ amount: '50.50', currency: 'ETH', walletAddress: WALLET });
  });
});
