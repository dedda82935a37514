import { describe, expect, it } from 'vitest';
import { centsToText, numberToAmountText, parseAmountInput, parseCents, shortenAddress, sumAmounts } from './money';

describe('money as decimal strings', () => {
  it('when amounts are parsed, then they become exact integer cents', () => {
    expect(parseCents('50.00')).toBe(5000n);
    expect(parseCents('0.1')).toBe(10n);
    expect(parseCents('-50.00')).toBe(-5000n);
    expect(parseCents('1234567890.99')).toBe(123456789099n);
    expect(parseCents('1.234')).toBeNull();
    expect(parseCents('abc')).toBeNull();
    expect(parseCents(null)).toBeNull();
  });

  it('when typed input is parsed, then only unsigned numbers with at most 2 decimals are amounts', () => {
    expect(parseAmountInput('50')).toBe(5000n);
    expect(parseAmountInput('50.5')).toBe(5050n);
    expect(parseAmountInput('.5')).toBe(50n);
    expect(parseAmountInput('5.')).toBe(500n);
    expect(parseAmountInput('-5')).toBeNull();
    expect(parseAmountInput('1e3')).toBeNull();
    expect(parseAmountInput('0.001')).toBeNull();
  });

  it('when cents or an input\'s number become the API\'s amount text, then it has exactly 2 decimals (screens show money with app/format.ts)', () => {
    expect(centsToText(5n)).toBe('0.05');
    expect(numberToAmountText(12.5)).toBe('12.50');
    expect(numberToAmountText(0.1 + 0.2)).toBe('0.30');
  });

  it('when amounts are summed, then 0.1 + 0.2 is exactly 0.30', () => {
    expect(sumAmounts(['0.10', '0.20'])).toBe('0.30');
    expect(sumAmounts([])).toBe('0.00');
  });

  it('when a long address is shortened, then its head and tail remain', () => {
    expect(shortenAddress('0x1111111111222222222233333333334444444444')).toBe('0x111111…444444');
    expect(shortenAddress('short')).toBe('short');
  });
});
