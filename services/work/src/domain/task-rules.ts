import type { TTaskStatus } from '@platform/contracts';

/** Pure rules of tasks and uploads (unit-tested beside this file). */

/** Today's calendar date in UTC, `YYYY-MM-DD`. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A due date (`YYYY-MM-DD`) is past when it is before today (UTC); the due day itself still counts. */
export function isPastDue(dueDate: string | null, now: Date = new Date()): boolean {
  return dueDate !== null && dueDate < todayUtc(now);
}

/** Only images and videos, and never SVG (a script-capable document that merely calls itself an image). */
export function isAllowedMediaType(mime: string): boolean {
  return /^(image|video)\/[a-z0-9.+-]+$/.test(mime) && mime !== 'image/svg+xml';
}

/**
 * Removed from a kept file name: control characters (C0, DEL, C1), quotes, lone surrogates, and the bidirectional
 * controls (embeddings and overrides U+202A-U+202E, isolates U+2066-U+2069, the marks U+200E, U+200F, U+061C) that
 * would let "photo\u202Egnp.exe" read as "photoexe.png" on an admin's screen.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f"\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|\p{Cs}/gu;

/** The worker's file name, kept for display only: no folders, none of the characters above, at most 200 characters. */
export function cleanOriginalName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // Cut at 200 code points (as PostgreSQL counts), never between the two halves of a surrogate pair.
  const cleaned = Array.from(base.replace(UNSAFE_NAME_CHARACTERS, '').trim()).slice(0, 200).join('').trim();
  return cleaned || 'file';
}

/** Content-Disposition for inline display: an ASCII fallback plus the UTF-8 name (RFC 6266 / 5987). */
export function inlineContentDisposition(name: string): string {
  const ascii = name.replace(/[^A-Za-z0-9._ -]/g, '_') || 'file';
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Auto-approval threshold from the stored setting text; anything unusable falls back to the default. */
/** A whole-number setting from the local copy within [min, max], else the fallback (the configured default). */
export function parseWholeSetting(value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || !/^\d{1,6}$/.test(value.trim())) return fallback;
  const n = Number(value.trim());
  return n >= min && n <= max ? n : fallback;
}

export function parseAutoApprovalDays(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const days = Number(value.trim());
  return value.trim() !== '' && Number.isFinite(days) && days >= 0 && days <= 3650 ? days : fallback;
}

/** An amount as text ("8", "8.5", "8.00") in whole cents, or null when it is not one (at most 8 digits, 2 decimals). */
export function parseAmountCents(value: string | undefined): number | null {
  const match = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec((value ?? '').trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * What an approved submission is topped up by (cents): the floor's pay for the median real time, rounded up to the
 * cent, less the reward already paid; 0 when the reward already reaches it.
 */
export function topUpCents(rewardCents: number, medianSeconds: number, floorCents: number): number {
  const owed = Math.ceil((floorCents * medianSeconds) / 3600);
  return Math.max(0, owed - rewardCents);
}

/** A whole number of days from a setting's copy (0 to 365), or the fallback when missing or malformed. */
export function parseWholeDays(value: string | undefined, fallback: number): number {
  if (value === undefined || !/^\d{1,3}$/.test(value.trim())) return fallback;
  const days = Number(value.trim());
  return days <= 365 ? days : fallback;
}

/** The criterion numbers a rejection names that the task does not have (criterion n is item n-1). */
export function unknownCriteria(named: readonly number[], criteriaCount: number): number[] {
  return named.filter((n) => n < 1 || n > criteriaCount);
}

/** A task's slots as its assignments and requests fill them (task_assignments and task_requests counted under its row lock). */
export interface TSlotCounts {
  status: TTaskStatus;
  slots: number;
  /** Pending task requests (at most one per task: it holds the task until an admin decides). */
  requested: number;
  /** Assignments taken and not handed in: assigned, in progress, or sent back for revision (rejected). */
  working: number;
  submitted: number;
  completed: number;
}

/** The assignments holding a slot or having completed one (returned and cancelled ones freed theirs). */
export function filledSlots(counts: Pick<TSlotCounts, 'working' | 'submitted' | 'completed'>): number {
  return counts.working + counts.submitted + counts.completed;
}

/**
 * What a task's status says of its slots: a task cancelled by an admin stays so; a pending request holds it; with a
 * free slot it is available (on the board); full, it is assigned while anyone still works on it, submitted while
 * something waits for review, else completed. With one slot this is the task's life as before: available, pending,
 * assigned, submitted, completed, and available again when the one assignment is handed back or cancelled.
 */
export function taskStatusOfSlots(counts: TSlotCounts): TTaskStatus {
  if (counts.status === 'cancelled') return 'cancelled';
  if (counts.requested > 0) return 'pending';
  if (filledSlots(counts) < counts.slots) return 'available';
  if (counts.working > 0) return 'assigned';
  if (counts.submitted > 0) return 'submitted';
  return 'completed';
}
