import { describe, expect, it } from 'vitest';
import { arrivalOf, minimumProgress, missingFields } from './withdrawalReadiness';

describe('minimumProgress', () => {
  it('when $12.50 of a $50.00 minimum is available, then 25% with $37.50 to go', () => {
    expect(minimumProgress('12.50', '50.00')).toEqual({ reached: false, percent: 25, remaining: '37.50' });
  });
  it('when the balance is $0.00, $49.99 or exactly the minimum, then 0%, 99% (never 100 early) and reached', () => {
    expect(minimumProgress('0.00', '50.00')).toEqual({ reached: false, percent: 0, remaining: '50.00' });
    expect(minimumProgress('49.99', '50.00')).toEqual({ reached: false, percent: 99, remaining: '0.01' });
    expect(minimumProgress('50.00', '50.00')).toEqual({ reached: true, percent: 100, remaining: '0.00' });
  });
  it('when either figure is unknown, then null (nothing is claimed)', () => {
    expect(minimumProgress(null, '50.00')).toBeNull();
    expect(minimumProgress('10.00', undefined)).toBeNull();
  });
});

describe('missingFields', () => {
  it('lists the empty fields in the form order', () => {
    expect(missingFields({ currency: '', amount: ' ', walletAddress: '' })).toEqual(['currency', 'amount', 'walletAddress']);
    expect(missingFields({ currency: 'ETH', amount: '60', walletAddress: '' })).toEqual(['walletAddress']);
    expect(missingFields({ currency: 'ETH', amount: '60', walletAddress: '0xabc' })).toEqual([]);
  });
});

describe('arrivalOf', () => {
  it('when USDT (pegged to the dollar), then about the amount less the fee arrives', () => {
    expect(arrivalOf('50', { value: 'USDT', networkFee: '1.0' })).toEqual({ kind: 'pegged', net: '49.00', fee: '1.0', currency: 'USDT', amount: '50.00', tooSmall: false });
    expect(arrivalOf('0.75', { value: 'USDT', networkFee: '1.0' })).toMatchObject({ net: '0.00', tooSmall: true });
  });
  it('when another coin, then the amount is converted at payout and the fee named in its units', () => {
    expect(arrivalOf('60.5', { value: 'ETH', networkFee: '0.005' })).toEqual({ kind: 'converted', fee: '0.005', currency: 'ETH', amount: '60.50' });
  });
  it('when no currency or no valid amount, then null', () => {
    expect(arrivalOf('60', undefined)).toBeNull();
    expect(arrivalOf('abc', { value: 'ETH', networkFee: '0.005' })).toBeNull();
    expect(arrivalOf('0', { value: 'ETH', networkFee: '0.005' })).toBeNull();
  });
});
