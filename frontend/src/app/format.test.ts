import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatMoney, formatTotal } from './format';

/** Intl separates with no-break spaces in Russian; the tests read them as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the one format of dates, money and counts (issue 25)', () => {
  it('money is dollars with 2 decimals and separators in English, the locale\'s way in Russian', () => {
    expect(formatMoney('12.5', 'en')).toBe('$12.50');
    expect(formatMoney('0', 'en')).toBe('$0.00');
    expect(formatMoney('1234.5', 'en')).toBe('$1,234.50');
    expect(formatMoney(7.5, 'en')).toBe('$7.50');
    expect(plain(formatMoney('1234.5', 'ru'))).toBe('1 234,50 $');
  });

  it('a text that is not an amount is shown as it is', () => {
    expect(formatMoney('n/a', 'en')).toBe('n/a');
  });

  it('a calendar day is that day; a moment adds the time; an empty value is empty', () => {
    expect(formatDate('2026-01-05', 'en')).toBe('Jan 5, 2026');
    expect(formatDate('2026-01-05T10:00:00.000Z', 'en')).toMatch(/^Jan [45], 2026$/);
    expect(formatDateTime('2026-01-05', 'en')).toBe('Jan 5, 2026');
    expect(formatDateTime('2026-01-05T10:00:00.000Z', 'en')).toMatch(/^Jan [45], 2026, \d{1,2}:\d{2}\s[AP]M$/);
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });

  it('counts have separators, and a total past the server\'s cap reads "10,000+"', () => {
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(plain(formatCount(12345, 'ru'))).toBe('12 345');
    expect(formatTotal(10000, false, 'en')).toBe('10,000+');
    expect(formatTotal(21, true, 'en')).toBe('21');
  });
});
