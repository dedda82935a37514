import { findTextProblem, PLATFORM_NAME_MAX_LENGTH, SYSTEM_SETTING_KEYS, TEXT_SETTING_MAX_LENGTH, type TSystemSettingKey } from '@platform/contracts';

/** How a setting's value is checked and written. */
interface TSettingRule {
  label: string;
  /** text: one line of 1 to `max` characters (no line breaks, no control characters, no < or >). */
  kind: 'amount' | 'whole' | 'text';
  /** Inclusive bounds (whole numbers: `min` defaults to 0; text: the length). */
  min?: number;
  max: number;
  defaultValue: string;
  description: string;
}

/** The largest amount a setting may hold: the platform's money columns are decimal(10,2). */
export const MAX_SETTING_AMOUNT = '99999999.99';

/** The defaults of spec 03 section 9 and issue 5; Reset restores them. Kept in step with migration 0002. */
export const SETTING_RULES: Record<TSystemSettingKey, TSettingRule> = {
  platform_name: {
    label: 'Platform name',
    kind: 'text',
    min: 1,
    max: PLATFORM_NAME_MAX_LENGTH,
    defaultValue: 'Task Portal',
    description: "The platform's name: the sender name and the sign-off of every e-mail",
  },
  // Who operates the platform (issue 31): shown on the public trust page, which says which are missing while they
  // are empty (their seeded value; an admin fills them in, Reset empties them again).
  operator_legal_name: {
    label: 'Operator legal name',
    kind: 'text',
    min: 1,
    max: TEXT_SETTING_MAX_LENGTH.operator_legal_name,
    defaultValue: '',
    description: 'The legal name of the company or person operating the platform, shown on the public trust page',
  },
  operator_address: {
    label: 'Operator address',
    kind: 'text',
    min: 1,
    max: TEXT_SETTING_MAX_LENGTH.operator_address,
    defaultValue: '',
    description: "The operator's registered postal address, on one line, shown on the public trust page",
  },
  operator_contact: {
    label: 'Operator contact',
    kind: 'text',
    min: 1,
    max: TEXT_SETTING_MAX_LENGTH.operator_contact,
    defaultValue: '',
    description: 'How to reach the operator (an e-mail address, phone number or web address), shown on the public trust page',
  },
  minimum_withdrawal: {
    label: 'Minimum withdrawal',
    kind: 'amount',
    max: 99_999_999.99,
    defaultValue: '50.00',
    description: 'The smallest amount (USD) a worker may request as a withdrawal',
  },
  starting_balance: {
    label: 'Starting balance',
    kind: 'amount',
    max: 99_999_999.99,
    defaultValue: '0.00',
    description: 'Credited to every new worker at registration as a signup bonus (USD)',
  },
  auto_approval_days: {
    label: 'Auto-approval days',
    kind: 'whole',
    max: 365,
    defaultValue: '3',
    description: 'Days after which a submission left unreviewed is approved automatically',
  },
  wallet_cooldown_hours: {
    label: 'Wallet cooldown hours',
    kind: 'whole',
    max: 8760,
    defaultValue: '0',
    description: 'Hours a newly saved payout wallet must wait before it can receive a payout (0: no wait)',
  },
  chat_archive_days: {
    label: 'Chat archive days',
    kind: 'whole',
    min: 1,
    max: 3650,
    defaultValue: '90',
    description: 'Days after which general chat messages move to the archive (they stay readable in the chat history)',
  },
  verification_retention_days: {
    label: 'Verification retention days',
    kind: 'whole',
    max: 3650,
    defaultValue: '30',
    description: 'Days after a verification decision when the identity images are deleted (the decision stays)',
  },
  max_live_assignments: {
    label: 'Tasks held at once',
    kind: 'whole',
    min: 1,
    max: 100,
    defaultValue: '3',
    description: 'How many tasks one worker may hold at once (taken and not yet submitted, or requested)',
  },
  assignment_time_limit_hours: {
    label: 'Default time limit hours',
    kind: 'whole',
    min: 1,
    max: 8760,
    defaultValue: '24',
    description: 'Hours a worker has for a task without a time limit of its own; then it returns to the board',
  },
  withdrawal_decision_hours: {
    label: 'Withdrawal decision hours',
    kind: 'whole',
    min: 1,
    max: 8760,
    defaultValue: '48',
    description: 'Hours after a request by which a withdrawal is promised a decision (its decideBy; new withdrawals only)',
  },
  minimum_hourly_rate: {
    label: 'Minimum hourly rate',
    kind: 'amount',
    max: 99_999_999.99,
    defaultValue: '8.00',
    description: 'The least a task may pay per hour (USD): tasks below it by their estimated time are refused; approved work on a task that the real times show pays less is topped up to it',
  },
  top_up_underpaid: {
    label: 'Top up underpaid tasks',
    kind: 'whole',
    min: 0,
    max: 1,
    defaultValue: '1',
    description: '1: approved submissions of a task whose median real time pays under the minimum hourly rate are topped up to it automatically; 0: they are only flagged',
  },
  appeal_window_days: {
    label: 'Appeal window days',
    kind: 'whole',
    max: 365,
    defaultValue: '7',
    description: 'Days after a rejection within which the worker may appeal it',
  },
  appeal_decision_days: {
    label: 'Appeal decision days',
    kind: 'whole',
    min: 1,
    max: 365,
    defaultValue: '3',
    description: 'Days an admin has to decide an appeal; past them it is escalated on the dashboard',
  },
  bulk_spot_check_every: {
    label: 'Bulk approval spot check',
    kind: 'whole',
    max: 100_000,
    defaultValue: '20',
    description: 'In a bulk approval, every N-th submission is not approved but left for an individual look (0: no spot checks)',
  },
};

export const SETTING_DEFAULTS: Record<TSystemSettingKey, string> = Object.fromEntries(
  SYSTEM_SETTING_KEYS.map((key) => [key, SETTING_RULES[key].defaultValue]),
) as Record<TSystemSettingKey, string>;

export function isSettingKey(key: string): key is TSystemSettingKey {
  return (SYSTEM_SETTING_KEYS as readonly string[]).includes(key);
}

export const SETTING_MESSAGES = {
  unknownSetting: 'Unknown setting',
  valueRequired: 'Value is required',
};

export type TSettingValueCheck = { ok: true; value: string } | { ok: false; message: string };

const AMOUNT = /^(\d{1,8})(?:\.(\d{1,2}))?$/;
const WHOLE = /^\d{1,6}$/;

/**
 * Checks a value for a key and returns it normalised ("50" -> "50.00" for amounts, "007" -> "7" for whole
 * numbers), or the message to show. A number from the form is read as its decimal text. Empty is never saved.
 */
export function checkSettingValue(key: TSystemSettingKey, raw: unknown): TSettingValueCheck {
  const rule = SETTING_RULES[key];
  if (raw === undefined || raw === null) return { ok: false, message: SETTING_MESSAGES.valueRequired };
  if (typeof raw === 'number' && !Number.isFinite(raw)) return invalid(rule);
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : undefined;
  if (text === undefined) return invalid(rule);
  if (text === '') return { ok: false, message: SETTING_MESSAGES.valueRequired };
  if (rule.kind === 'text') {
    if (typeof raw !== 'string') return { ok: false, message: `${rule.label} must be text` };
    const problem = findTextProblem(text, rule.label);
    if (problem) return { ok: false, message: problem };
    if (/[\n\t<>]/.test(text)) return { ok: false, message: `${rule.label} must be one line without < or >` };
    if ([...text].length > rule.max) return { ok: false, message: `${rule.label} is too long (at most ${rule.max} characters)` };
    return { ok: true, value: text.replace(/\s+/g, ' ') };
  }
  if (rule.kind === 'amount') {
    const match = AMOUNT.exec(text);
    if (!match) {
      // 1e21, "12abc", "-5", "1.234" and "123456789" all land here; say which rule was broken.
      if (/^\d+(\.\d+)?$/.test(text) && !/^\d{1,8}(\.\d+)?$/.test(text)) return tooLarge(rule);
      return invalid(rule);
    }
    const whole = match[1]!.replace(/^0+(?=\d)/, '');
    const cents = (match[2] ?? '').padEnd(2, '0');
    return { ok: true, value: `${whole}.${cents}` };
  }
  if (!WHOLE.test(text)) return invalid(rule);
  const value = Number(text);
  if (value > rule.max || value < (rule.min ?? 0)) return tooLarge(rule);
  return { ok: true, value: String(value) };
}

function invalid(rule: TSettingRule): TSettingValueCheck {
  return rule.kind === 'amount'
    ? { ok: false, message: `${rule.label} must be a non-negative amount with at most 2 decimals` }
    : { ok: false, message: `${rule.label} must be a whole number from ${rule.min ?? 0} to ${rule.max}` };
}

function tooLarge(rule: TSettingRule): TSettingValueCheck {
  return rule.kind === 'amount'
    ? { ok: false, message: `${rule.label} cannot exceed ${MAX_SETTING_AMOUNT}` }
    : { ok: false, message: `${rule.label} must be a whole number from ${rule.min ?? 0} to ${rule.max}` };
}
