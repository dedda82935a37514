import { describe, expect, it } from 'vitest';
import { fromCents, normaliseMoney, toCents } from './money.js';

describe('money', () => {
  it('when decimal strings are converted to cents and back, then nothing is lost', () => {
    expect(toCents('12.5')).toBe(1250n);
    expect(toCents('0.01')).toBe(1n);
    expect(toCents('-3.07')).toBe(-307n);
    expect(toCents('9999999999.99')).toBe(999_999_999_999n);
    expect(fromCents(1250n)).toBe('12.50');
    expect(fromCents(-1n)).toBe('-0.01');
    expect(fromCents(0n)).toBe('0.00');
    expect(normaliseMoney('5')).toBe('5.00');
  });

  it('when 0.10 is added ten times, then the sum is exactly 1.00 (no floating point)', () => {
    let sum = 0n;
    for (let i = 0; i < 10; i += 1) sum += toCents('0.10');
    expect(fromCents(sum)).toBe('1.00');
  });

  it('when the text is not an amount with at most 2 decimals, then it is refused', () => {
    for (const bad of ['', 'abc', '1.234', '1e3', '0x10', '1,5', '--1']) expect(() => toCents(bad)).toThrow();
  });
});
