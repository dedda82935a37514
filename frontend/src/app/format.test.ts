import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatDayMonth, formatDecimal, formatMoney, formatPercent, formatSignedMoney, formatTime, formatTotal } from './format';

/** Intl separates with no-break spaces in Russian; the tests read them as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the one format of dates, money and counts (issue 25)', () => {
  it('money is dollars with 2 decimals and separators in English, the locale\'s way in Russian', () => {
    expect(formatMoney('12.5', 'en')).toBe('$12.50');
    expect(formatMoney('0', 'en')).toBe('$0.00');
    expect(formatMoney('1234.5', 'en')).toBe('$1,234.50');
    expect(formatMoney(7.5, 'en')).toBe('$7.50');
    expect(plain(formatMoney('1234.5', 'ru'))).toBe('1 234,50 $');
    expect(formatMoney('1234567.8', 'en')).toBe('$1,234,567.80');
    expect(formatMoney('-50', 'en')).toBe('-$50.00');
  });

  it('a statement line is signed: a credit has a plus, a debit its minus, zero none', () => {
    expect(formatSignedMoney('100.00', 'en')).toBe('+$100.00');
    expect(formatSignedMoney('-0.01', 'en')).toBe('-$0.01');
    expect(formatSignedMoney('0.00', 'en')).toBe('$0.00');
    expect(plain(formatSignedMoney('7.5', 'ru'))).toBe('+7,50 $');
  });

  it('times are HH:mm in both languages; a chart day is short; decimals and percentages use the locale\'s separator', () => {
    expect(formatTime(new Date(2026, 0, 5, 9, 6).toISOString(), 'en')).toBe('09:06');
    expect(formatTime(new Date(2026, 0, 5, 21, 30).toISOString(), 'ru')).toBe('21:30');
    expect(formatTime('', 'en')).toBe('');
    expect(formatDayMonth('2026-11-28', 'en')).toBe('Nov 28');
    expect(formatDayMonth('2026-11-28', 'ru')).toBe('28 нояб.');
    expect(formatDecimal(1.25, 'en')).toBe('1.3');
    expect(formatDecimal(1.5, 'ru')).toBe('1,5');
    expect(formatPercent(0.857, 'en')).toBe('85.7%');
    expect(plain(formatPercent(0.857, 'ru'))).toBe('85,7 %');
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
