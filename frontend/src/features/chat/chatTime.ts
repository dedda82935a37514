import { formatDate, formatTime as formatClock } from '../../app/format';

const pad = (n: number) => String(n).padStart(2, '0');

/** Spec 01 s.9: the time of a message as HH:mm (24 hours, the device's time zone). */
export function formatTime(iso: string, language = 'en'): string {
  return formatClock(iso, language);
}

/** The local calendar day of a moment (for the day separators). */
export function dayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "Today", "Yesterday", else the date as every screen writes it (app/format.ts). */
export function formatDay(iso: string, words: { today: string; yesterday: string }, language: string, now: Date = new Date()): string {
  const key = dayKey(iso);
  if (key === dayKey(now.toISOString())) return words.today;
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (key === dayKey(yesterday.toISOString())) return words.yesterday;
  return formatDate(iso, language);
}
