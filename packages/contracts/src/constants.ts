/**
 * The contracts' constants that a client needs at run time. This module imports nothing (no zod), so the
 * frontend may import it as a value (`@platform/contracts/constants`) without pulling schema code into its
 * bundle; everything else the frontend takes from `@platform/contracts` is `import type`.
 */

/** The keys the admin service stores (any other is refused with 'Unknown setting'), in the order the console shows them. */
export const SYSTEM_SETTING_KEYS = ['starting_balance', 'minimum_withdrawal', 'auto_approval_days', 'wallet_cooldown_hours', 'chat_archive_days', 'verification_retention_days', 'max_live_assignments', 'assignment_time_limit_hours'] as const;
export type TSystemSettingKey = (typeof SYSTEM_SETTING_KEYS)[number];

/** Spec 02 s.5 and s.9: at most 10 files of 50 MB each, images and videos only. */
export const MAX_SUBMISSION_FILES = 10;
export const MAX_SUBMISSION_FILE_BYTES = 50 * 1024 * 1024;
export const SUBMISSION_ACCEPT = 'image/*,video/*';
