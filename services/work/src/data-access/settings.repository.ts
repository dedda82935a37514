import { defineLocalCopy } from '@platform/service-kit';

export const AUTO_APPROVAL_DAYS_KEY = 'auto_approval_days';
/** How many tasks one worker may hold at once (live assignments and pending requests together). */
export const MAX_LIVE_ASSIGNMENTS_KEY = 'max_live_assignments';
/** The time limit (hours) of an assignment whose task sets none, so that untouched work returns to the board. */
export const ASSIGNMENT_TIME_LIMIT_HOURS_KEY = 'assignment_time_limit_hours';
/** The hourly floor (USD per hour, issue 29): no task below it is created or edited; an underpaid one is topped up to it. */
export const MINIMUM_HOURLY_RATE_KEY = 'minimum_hourly_rate';
/** '1' (default) or '0': whether approved submissions of a task the median shows underpaid are topped up to the floor. */
export const TOP_UP_UNDERPAID_KEY = 'top_up_underpaid';

/** Due process (issue 29): days a worker may appeal a rejection, and days an admin has to decide an appeal. */
export const APPEAL_WINDOW_DAYS_KEY = 'appeal_window_days';
export const APPEAL_DECISION_DAYS_KEY = 'appeal_decision_days';

/** Issue 30: every N-th item of a bulk approval is left for an individual look (0 = off). */
export const BULK_SPOT_CHECK_EVERY_KEY = 'bulk_spot_check_every';

/** The local copy of the settings this service reads, learnt from settings.changed (an older event never wins). */
export const SETTINGS_COPY = defineLocalCopy<{ key: string; value: string }>({ table: 'settings', key: 'key', fields: ['key', 'value'] });
