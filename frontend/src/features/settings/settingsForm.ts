import type { TSystemSetting, TSystemSettingKey } from '@platform/contracts';
import { TEXT_SETTING_MAX_LENGTH } from '@platform/contracts/constants';
import { parseAmountInput, parseCents } from '../payouts/money';

/** Amounts take cents (step 0.01); days and hours whole numbers, both with a floor of 0 (spec 03 s.5); the platform name is one line of text. */
export const SETTING_KINDS: Record<TSystemSettingKey, 'amount' | 'whole' | 'text'> = {
  platform_name: 'text',
  operator_legal_name: 'text',
  operator_address: 'text',
  operator_contact: 'text',
  starting_balance: 'amount',
  minimum_withdrawal: 'amount',
  auto_approval_days: 'whole',
  wallet_cooldown_hours: 'whole',
  chat_archive_days: 'whole',
  verification_retention_days: 'whole',
  max_live_assignments: 'whole',
  assignment_time_limit_hours: 'whole',
  withdrawal_decision_hours: 'whole',
  minimum_hourly_rate: 'amount',
  top_up_underpaid: 'whole',
  appeal_window_days: 'whole',
  appeal_decision_days: 'whole',
  bulk_spot_check_every: 'whole',
};

/** The longest value of a text setting (the platform's name, the operator's identity). */
export function textSettingMaxLength(key: TSystemSettingKey): number {
  return (TEXT_SETTING_MAX_LENGTH as Partial<Record<TSystemSettingKey, number>>)[key] ?? 0;
}

export type TSettingProblem = 'empty' | 'negative' | 'invalidAmount' | 'notWhole' | 'tooLong' | 'invalidText';

/** What is wrong with a typed value, or null. An empty value is not an error to send: it is simply not saved. */
export function settingProblem(key: TSystemSettingKey, text: string): TSettingProblem | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'empty';
  if (SETTING_KINDS[key] === 'text') {
    if (/[\n\t<>]/.test(trimmed)) return 'invalidText';
    return [...trimmed].length > textSettingMaxLength(key) ? 'tooLong' : null;
  }
  if (trimmed.startsWith('-')) return 'negative';
  if (SETTING_KINDS[key] === 'amount') return parseAmountInput(trimmed) === null ? 'invalidAmount' : null;
  return /^\d{1,6}$/.test(trimmed) ? null : 'notWhole';
}

/** True when the typed value means the same as the stored one ("50" and "50.00" for an amount; "03" and "3"). */
export function sameSettingValue(key: TSystemSettingKey, stored: string, typed: string): boolean {
  const trimmed = typed.trim();
  if (SETTING_KINDS[key] === 'text') return trimmed.replace(/\s+/g, ' ') === stored;
  if (SETTING_KINDS[key] === 'amount') {
    const a = parseCents(stored);
    const b = parseAmountInput(trimmed);
    return a !== null && b !== null && a === b;
  }
  return /^\d+$/.test(trimmed) && /^\d+$/.test(stored) && Number(trimmed) === Number(stored);
}

export interface TSettingsPlan {
  /** One POST each: the keys whose value changed and is valid. */
  toSave: { settingKey: TSystemSettingKey; settingValue: string }[];
  /** Changed keys that are refused here (negative, not a number); nothing is sent while there are any. */
  refused: TSystemSettingKey[];
  /** Keys left empty: not saved. */
  empty: TSystemSettingKey[];
}

/** What Save would do with the typed values (drafts hold only the fields the admin touched). */
export function planSettingsSave(settings: readonly TSystemSetting[], drafts: Partial<Record<TSystemSettingKey, string>>): TSettingsPlan {
  const plan: TSettingsPlan = { toSave: [], refused: [], empty: [] };
  for (const [key, typed] of Object.entries(drafts) as [TSystemSettingKey, string][]) {
    const stored = settings.find((s) => s.settingKey === key);
    if (!stored) continue;
    const problem = settingProblem(key, typed);
    if (problem === 'empty') plan.empty.push(key);
    else if (problem) plan.refused.push(key);
    else if (!sameSettingValue(key, stored.settingValue, typed)) plan.toSave.push({ settingKey: key, settingValue: typed.trim() });
  }
  return plan;
}
