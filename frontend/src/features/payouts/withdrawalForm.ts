import { centsToText, parseAmountInput, parseCents } from './money';

export interface TWithdrawalFormValues {
  currency: string;
  amount: string;
  walletAddress: string;
}

/** Which message of spec 02 s.5 a form shows; the texts are in the catalogue (payouts.validation). */
export type TWithdrawalProblem =
  | { kind: 'fillAllFields' }
  | { kind: 'invalidAmount' }
  | { kind: 'amountTooLow'; minimum: string }
  | { kind: 'insufficientFunds' };

export interface TWithdrawalLimits {
  /** minimumWithdrawal from GET /api/settings/public, a decimal string. */
  minimum: string;
  /** The available balance, a decimal string; null while unknown (the server then decides). */
  available: string | null;
}

/** Every field has something in it (the submit button stays disabled until then). */
export function isWithdrawalFormFilled(values: TWithdrawalFormValues): boolean {
  return values.currency.trim() !== '' && values.amount.trim() !== '' && values.walletAddress.trim() !== '';
}

/**
 * The client's checks of spec 02 s.5, in its order; the first failure is the answer, null when the request may go.
 * Comparisons are on integer cents parsed from the texts ('50.00' against a minimum of '50.00' passes). The server
 * checks all of it again.
 */
export function validateWithdrawal(values: TWithdrawalFormValues, limits: TWithdrawalLimits): TWithdrawalProblem | null {
  if (!isWithdrawalFormFilled(values)) return { kind: 'fillAllFields' };
  const amount = parseAmountInput(values.amount);
  if (amount === null || amount <= 0n) return { kind: 'invalidAmount' };
  const minimum = parseCents(limits.minimum);
  if (minimum !== null && amount < minimum) return { kind: 'amountTooLow', minimum: centsToText(minimum) };
  const available = parseCents(limits.available);
  if (available !== null && amount > available) return { kind: 'insufficientFunds' };
  return null;
}

/** The body of POST /api/withdrawals: amount normalised to 2 decimals ("50" -> "50.00"), fields trimmed. */
export function toWithdrawalRequest(values: TWithdrawalFormValues): { amount: string; currency: string; walletAddress: string } {
  const cents = parseAmountInput(values.amount);
  return {
    amount: cents === null ? values.amount.trim() : centsToText(cents),
    currency: values.currency.trim(),
    walletAddress: values.walletAddress.trim(),
  };
}
