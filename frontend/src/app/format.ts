import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { parseCents } from '../features/payouts/money';

/**
 * One way to write dates, money and counts on every screen, in the reader's language (Intl: no date library in the
 * first download). A date is "Nov 27, 2026" / "27 нояб. 2026 г.", a moment adds the time ("Nov 27, 2026, 6:30 PM"),
 * money is "$1,234.50" / "1 234,50 $", a count "12,345" / "12 345", a time "18:30", a percentage "12.5%" / "12,5 %".
 * A text that is not a date or an amount is shown as it is, never as an invented value. Screens format through this
 * file only: eslint.config.js refuses toFixed, toLocale*String, Intl and date format strings elsewhere in frontend/src.
 */

export function localeOf(language: string): string {
  return language.startsWith('ru') ? 'ru-RU' : 'en-US';
}

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter as F;
}

/** A calendar day ("2026-11-27") is that day wherever the reader is; a moment is shown in the reader's time zone. */
function toDate(value: string): { date: Date; calendarDay: boolean } | null {
  const calendarDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(calendarDay ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : { date, calendarDay };
}

export function formatDate(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const parsed = toDate(value);
  if (!parsed) return value;
  const locale = localeOf(language);
  const zone = parsed.calendarDay ? 'UTC' : undefined;
  return cached(`d:${locale}:${zone}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: zone })).format(parsed.date);
}

export function formatDateTime(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const parsed = toDate(value);
  if (!parsed) return value;
  if (parsed.calendarDay) return formatDate(value, language);
  const locale = localeOf(language);
  return cached(`dt:${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })).format(parsed.date);
}

/** A deadline: weekday, day, month and time, 24 hours, in the reader's time zone ("Tue, Dec 1, 14:00" / "вт, 1 дек., 14:00"). */
export function formatDeadline(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const locale = localeOf(language);
  return cached(`dl:${locale}`, () => new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })).format(date);
}

/** A moment's time of day as HH:mm, 24 hours, in the reader's time zone (spec 01 s.9: chat times). */
export function formatTime(value: string | number | null | undefined, language: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const locale = localeOf(language);
  return cached(`t:${locale}`, () => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })).format(date);
}

/** A calendar day ("2026-11-27") as a short axis label: "Nov 27" / "27 нояб.". */
export function formatDayMonth(day: string, language: string): string {
  const parsed = toDate(day);
  if (!parsed) return day;
  const locale = localeOf(language);
  return cached(`dm:${locale}`, () => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' })).format(parsed.date);
}

/** A number with a fixed count of decimals ("1.5" / "1,5"), for sizes and rates. */
export function formatDecimal(value: number, language: string, digits = 1): string {
  const locale = localeOf(language);
  return cached(`dec:${locale}:${digits}`, () => new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits })).format(value);
}

/** A ratio (0.125) as a percentage with one decimal: "12.5%" / "12,5 %". */
export function formatPercent(ratio: number, language: string, digits = 1): string {
  const locale = localeOf(language);
  return cached(`pct:${locale}:${digits}`, () => new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits })).format(ratio);
}

export function formatCount(value: number, language: string): string {
  const locale = localeOf(language);
  return cached(`n:${locale}`, () => new Intl.NumberFormat(locale)).format(value);
}

/** A list's total: "12,345", or "10,000+" when the server stopped counting (totalExact false). */
export function formatTotal(total: number, totalExact: boolean, language: string): string {
  return `${formatCount(total, language)}${totalExact ? '' : '+'}`;
}

/** A decimal amount text ("1234.5") in dollars with 2 decimals and the locale's separators. */
export function formatMoney(amount: string | number, language: string, currency = 'USD'): string {
  const cents = parseCents(typeof amount === 'number' ? amount.toFixed(2) : amount);
  if (cents === null) return String(amount);
  const locale = localeOf(language);
  // Cents below 2^53 are exact as a Number; the amounts here are numeric(12,2).
  return cached(`m:${locale}:${currency}`, () => new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 })).format(
    Number(cents) / 100,
  );
}

/** A signed amount for a statement line: "+$100.00", "-$50.00", "$0.00" (in Russian "+100,00 $"). */
export function formatSignedMoney(amount: string, language: string, currency = 'USD'): string {
  const cents = parseCents(amount);
  if (cents === null) return amount;
  const text = formatMoney(amount, language, currency);
  return cents > 0n ? `+${text}` : text;
}

export interface TFormat {
  date: (value: string | null | undefined) => string;
  dateTime: (value: string | null | undefined) => string;
  deadline: (value: string | null | undefined) => string;
  count: (value: number) => string;
  total: (total: number, totalExact: boolean) => string;
  money: (amount: string | number, currency?: string) => string;
  signedMoney: (amount: string, currency?: string) => string;
  time: (value: string | number | null | undefined) => string;
  dayMonth: (day: string) => string;
  decimal: (value: number, digits?: number) => string;
  percent: (ratio: number, digits?: number) => string;
}

/** The formatters bound to the interface language; a screen re-renders with the new language when it changes. */
export function useFormat(): TFormat {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () => ({
      date: (value) => formatDate(value, language),
      dateTime: (value) => formatDateTime(value, language),
      deadline: (value) => formatDeadline(value, language),
      count: (value) => formatCount(value, language),
      total: (total, totalExact) => formatTotal(total, totalExact, language),
      money: (amount, currency) => formatMoney(amount, language, currency),
      signedMoney: (amount, currency) => formatSignedMoney(amount, language, currency),
      time: (value) => formatTime(value, language),
      dayMonth: (day) => formatDayMonth(day, language),
      decimal: (value, digits) => formatDecimal(value, language, digits),
      percent: (ratio, digits) => formatPercent(ratio, language, digits),
    }),
    [language],
  );
}
