import { centsToText, parseAmountInput, parseCents } from './money';
import type { TWithdrawalFormValues } from './withdrawalForm';

/** How far the available balance is from the withdrawal minimum (Home, issue 28 item 3); null while either is unknown. */
export interface TMinimumProgress {
  reached: boolean;
  /** 0-100, rounded down (never 100 before the minimum is reached). */
  percent: number;
  /** What is still missing, a 2-decimal string ("0.00" once reached). */
  remaining: string;
}

export function minimumProgress(available: string | null | undefined, minimum: string | null | undefined): TMinimumProgress | null {
  const have = parseCents(available);
  const need = parseCents(minimum);
  if (have === null || need === null) return null;
  if (need <= 0n || have >= need) return { reached: true, percent: 100, remaining: '0.00' };
  const percent = have <= 0n ? 0 : Number((have * 100n) / need);
  return { reached: false, percent, remaining: centsToText(need - have) };
}

/** The fields of the withdrawal form still empty, in the form's order (said beside a disabled Submit). */
export type TWithdrawalField = keyof TWithdrawalFormValues;
export function missingFields(values: TWithdrawalFormValues): TWithdrawalField[] {
  const order: TWithdrawalField[] = ['currency', 'amount', 'walletAddress'];
  return order.filter((field) => values[field].trim() === '');
}

/**
 * Currencies pegged to the US dollar: what arrives can be said in the coin's units (about the amount less the fee).
 * For every other coin the amount is converted at the rate of the payout (spec 02 s.9), so only the fee is known.
 */
export const USD_PEGGED_CURRENCIES: readonly string[] = ['USDT'];

/** What will arrive after the network fee (issue 28 item 3); null until an amount and a currency are chosen. */
export type TArrival =
  | { kind: 'pegged'; net: string; fee: string; currency: string; amount: string; tooSmall: boolean }
  | { kind: 'converted'; fee: string; currency: string; amount: string };

export function arrivalOf(amountInput: string, currency: { value: string; networkFee: string } | undefined): TArrival | null {
  if (!currency) return null;
  const amount = parseAmountInput(amountInput);
  if (amount === null || amount <= 0n) return null;
  if (USD_PEGGED_CURRENCIES.includes(currency.value)) {
    const fee = parseFeeCents(currency.networkFee);
    if (fee !== null) {
      const net = amount - fee;
      return { kind: 'pegged', net: centsToText(net > 0n ? net : 0n), fee: currency.networkFee, currency: currency.value, amount: centsToText(amount), tooSmall: net <= 0n };
    }
  }
  return { kind: 'converted', fee: currency.networkFee, currency: currency.value, amount: centsToText(amount) };
}

/** "1.0" -> 100n; a fee with more than 2 decimals is rounded UP to the cent (what arrives is never overstated). */
function parseFeeCents(fee: string): bigint | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(fee.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const cents = BigInt(whole) * 100n + BigInt((fraction.slice(0, 2) || '0').padEnd(2, '0'));
  return /[1-9]/.test(fraction.slice(2)) ? cents + 1n : cents;
}
