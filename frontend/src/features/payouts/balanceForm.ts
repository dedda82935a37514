import { centsToText, parseAmountInput, parseCents } from './money';

export type TBalanceProblem = 'invalidBalance' | 'negativeBalance' | 'unchanged' | 'reasonRequired';

export interface TBalanceFormResult {
  /** The balance that would be sent ("80.00"); an empty field is 0.00 (spec 03 s.5). */
  balance: string | null;
  /** True when the new balance differs from the current one (or the current one is unknown). */
  changed: boolean;
  problem: TBalanceProblem | null;
}

/**
 * The rules of the adjust-balance dialog (spec 03 s.5, AMENDED): the new balance is a non-negative amount with at
 * most 2 decimals, empty meaning 0.00; a change needs a reason (non-blank after trimming). The server enforces the
 * same rules; these only keep the button honest.
 */
export function checkBalanceForm(current: string | null, input: string, reason: string): TBalanceFormResult {
  const trimmed = input.trim();
  if (trimmed.startsWith('-')) return { balance: null, changed: false, problem: 'negativeBalance' };
  const cents = trimmed === '' ? 0n : parseAmountInput(trimmed);
  if (cents === null) return { balance: null, changed: false, problem: 'invalidBalance' };
  const currentCents = parseCents(current);
  const changed = currentCents === null || currentCents !== cents;
  const balance = centsToText(cents);
  if (!changed) return { balance, changed, problem: 'unchanged' };
  if (reason.trim() === '') return { balance, changed, problem: 'reasonRequired' };
  return { balance, changed, problem: null };
}
