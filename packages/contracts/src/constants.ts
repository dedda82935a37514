/**
 * The contracts' constants that a client needs at run time. This module imports nothing (no zod), so the
 * frontend may import it as a value (`@platform/contracts/constants`) without pulling schema code into its
 * bundle; everything else the frontend takes from `@platform/contracts` is `import type`.
 */

/** The keys the admin service stores (any other is refused with 'Unknown setting'), in the order the console shows them. */
export const SYSTEM_SETTING_KEYS = ['platform_name', 'operator_legal_name', 'operator_address', 'operator_contact', 'starting_balance', 'minimum_withdrawal', 'auto_approval_days', 'wallet_cooldown_hours', 'chat_archive_days', 'verification_retention_days', 'max_live_assignments', 'assignment_time_limit_hours', 'withdrawal_decision_hours', 'minimum_hourly_rate', 'top_up_underpaid', 'appeal_window_days', 'appeal_decision_days', 'bulk_spot_check_every'] as const;
export type TSystemSettingKey = (typeof SYSTEM_SETTING_KEYS)[number];

/** platform_name (issue 28): the name e-mails are sent under and signed with; at most this many characters. */
export const PLATFORM_NAME_MAX_LENGTH = 60;

/**
 * Who operates the platform (issue 31, the public trust page): its legal name, postal address and a contact (an e-mail
 * address, a phone number or a web address). One line each; empty until an admin fills them in, and the trust page
 * says which are missing.
 */
export const OPERATOR_SETTING_KEYS = ['operator_legal_name', 'operator_address', 'operator_contact'] as const;
export type TOperatorSettingKey = (typeof OPERATOR_SETTING_KEYS)[number];
/** The longest value of each text setting (characters). */
export const TEXT_SETTING_MAX_LENGTH = { platform_name: PLATFORM_NAME_MAX_LENGTH, operator_legal_name: 200, operator_address: 300, operator_contact: 200 } as const;

/**
 * The most pixels an uploaded image (identity photo, task submission image) may have, read from its header before
 * anything is decoded: 25 megapixels, above what a phone's camera app saves (12 MP, 24 MP on 48 MP sensors:
 * 5712 x 4284 = 24.5 MP; 6000 x 4000 = 24 MP) and a decoded size of at most 100 MB (4 bytes a pixel).
 */
export const MAX_UPLOAD_IMAGE_PIXELS = 25_000_000;
/**
 * An identity image (verification): at most 10 MB, at least 300 px on the shorter side; JPEG, PNG, WebP or HEIC by
 * content. The auth service enforces these and the verification form states them, from here.
 */
export const MAX_VERIFICATION_IMAGE_BYTES = 10 * 1024 * 1024;
export const MIN_VERIFICATION_IMAGE_SIDE = 300;
export const VERIFICATION_IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';
/** The longest text each verification field takes (server-enforced; the form's maxLength). */
export const VERIFICATION_FIELD_MAX_LENGTH = { fullName: 200, dateOfBirth: 10, address: 300, city: 100, country: 100, postalCode: 20, documentType: 20, documentNumber: 50 } as const;

/**
 * Pay per hour (issue 29, principle 7). A task carries the minutes it is estimated to take (1 to
 * ESTIMATED_MINUTES_MAX); once MEDIAN_APPROVALS_NEEDED of its submissions are approved, the platform's figure is the
 * median of the real times (taken to submitted, per approved assignment) instead of the estimate.
 */
export const ESTIMATED_MINUTES_MAX = 10_080;
export const MEDIAN_APPROVALS_NEEDED = 10;

/**
 * How many workers a task takes (its slots, 1 by default): each worker at most once, the task on the board while fewer
 * than `slots` assignments hold a slot or completed one. Capped at TASK_SLOTS_MAX; the admin's task list shows the
 * ADMIN_TASK_ASSIGNMENTS_SHOWN latest of a task's assignments (with how many there are in all).
 */
export const TASK_SLOTS_MAX = 1000;
export const ADMIN_TASK_ASSIGNMENTS_SHOWN = 10;

/**
 * The reward per hour, in cents rounded down, of a reward (a decimal string such as "2.50") for `minutes` of work;
 * null when either is unusable. Whole cents only (no floating point): the server refuses a task below the floor by
 * this figure and the admin's form shows it as they type.
 */
export function hourlyRateCents(reward: string, minutes: number): number | null {
  const cents = amountCents(reward);
  if (cents === null || !Number.isFinite(minutes) || minutes <= 0) return null;
  return Math.floor((cents * 60) / minutes);
}

/** A reward as the API writes it ("2.50": at most 8 digits and 2 decimals) in whole cents; null when it is not one. */
export function amountCents(reward: string): number | null {
  const match = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(reward.trim());
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null;
}

/** Cents as the API writes money ("8.00"). */
export function centsToAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Spec 02 s.5 and s.9: at most 10 files of 50 MB each, images and videos only. */
export const MAX_SUBMISSION_FILES = 10;
/** The longest reason a worker may give when handing a task back (issue 29). */
export const MAX_RETURN_REASON_LENGTH = 500;
/** Due process (issue 29): a task's acceptance criteria (a short numbered list), and an appeal's statement. */
export const MAX_ACCEPTANCE_CRITERIA = 10;
export const MAX_CRITERION_LENGTH = 300;
/** Reason templates of the review cockpit (issue 30): how many an admin team keeps, and their lengths. */
export const MAX_REVIEW_TEMPLATES = 50;
/** The longest rejection reason (POST /api/admin/submissions/{id}/reject); a rendered template is cut to it. */
export const MAX_REJECTION_REASON_LENGTH = 2000;
export const MAX_REVIEW_TEMPLATE_TITLE_LENGTH = 80;
export const MAX_REVIEW_TEMPLATE_BODY_LENGTH = 1000;
export const MAX_APPEAL_STATEMENT_LENGTH = 2000;
export const MAX_APPEAL_DECISION_REASON_LENGTH = 2000;
export const MAX_SUBMISSION_FILE_BYTES = 50 * 1024 * 1024;

/**
 * Control tasks (issue 30 item 5): a task an admin marks with a known expected answer; each submission's text is
 * checked against it when submitted. `exact`: the same characters once both are trimmed (canonically equivalent
 * sequences, such as an accent typed as a separate mark, count as the same: NFC); case, width and spacing matter.
 * `normalised`: compared after normaliseControlAnswer (Unicode NFKC, invisible characters removed, case folded,
 * whitespace collapsed). Tasks carry free text (plus files) as their only answer, so text is the one kind of answer.
 */
export const CONTROL_MATCH_MODES = ['exact', 'normalised'] as const;
export type TControlMatch = (typeof CONTROL_MATCH_MODES)[number];
export const MAX_CONTROL_ANSWER_LENGTH = 1000;

/** Characters that render as nothing (zero-width spaces and joiners, bidirectional controls, soft hyphens, BOM, variation selectors). */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * The form a `normalised` control answer is compared in: invisible characters removed (so a zero-width space or a
 * right-to-left override cannot hide a difference, or make one), Unicode NFKC (full-width letters, ligatures and
 * composed accents become their plain forms), case folded (upper then lower case, so "STRASSE" and "straße" meet),
 * NFKC again, every run of whitespace one space, trimmed. Letters of other scripts that only look alike (a Cyrillic
 * "а" for a Latin "a") stay different: they are different answers.
 */
export function normaliseControlAnswer(value: string): string {
  const plain = value.replace(INVISIBLE, '').normalize('NFKC');
  return plain.toUpperCase().toLowerCase().normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();
}

/** Whether a submission's text answers a control task as expected, by the task's match mode. */
export function controlAnswerMatches(answer: string, expected: string, match: TControlMatch): boolean {
  if (match === 'exact') return answer.trim().normalize('NFC') === expected.trim().normalize('NFC');
  return normaliseControlAnswer(answer) === normaliseControlAnswer(expected);
}
export const SUBMISSION_ACCEPT = 'image/*,video/*';

/**
 * Every action the audit log records (admin service, from the events of each service) and the kinds of thing it is
 * about. The admin service types its rows by these, and the console names each in words from its catalogue: an
 * action added here without its words fails the frontend's typecheck.
 */
export const AUDIT_ACTIONS = [
  'balance.adjusted',
  'balance.given_up',
  'settings.changed',
  'withdrawal.approved',
  'withdrawal.rejected',
  'submission.approved',
  'submission.rejected',
  'submission.claim_taken_over',
  'assignment.cancelled',
  'submission.appealed',
  'appeal.upheld',
  'appeal.overturned',
  'task_request.approved',
  'task_request.rejected',
  'chat_settings.changed',
  'chat_settings.provider_key_changed',
  'document.created',
  'document.updated',
  'document.deleted',
  'support.status_changed',
  'support.assigned',
  'user.edited',
  'user.banned',
  'user.unbanned',
  'user.deleted',
  'user.deleted_own_account',
  'verification.approved',
  'verification.rejected',
  'verification.file_viewed',
  'award.created',
  'award.updated',
  'award.deleted',
  'news.created',
  'news.updated',
  'news.deleted',
  'review_template.created',
  'review_template.updated',
  'review_template.deleted',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = ['user', 'setting', 'withdrawal', 'submission', 'assignment', 'appeal', 'task_request', 'chat_settings', 'document', 'support_conversation', 'verification', 'award', 'news', 'review_template'] as const;
export type TAuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** WebSocket close codes the server uses (4000-4999 are the application's). */
export const CHAT_CLOSE_CODES = {
  /** No auth frame within the allowed time, or a failed one. */
  unauthenticated: 4401,
  /** The token was revoked (logout, ban, password change) or expired. */
  sessionEnded: 4403,
  /** Nothing (not even {type: ping}) arrived for too long: the client is gone. */
  idle: 4408,
  /** The gateway's cap of sockets per user (WS_MAX_SOCKETS_PER_USER): close another tab or device first. */
  tooManySockets: 4429,
  /** Abuse of the connection: far too many frames. */
  policy: 1008,
  /** The server is going away (restart): reconnect. */
  goingAway: 1001,
} as const;
