import { formatUsd } from '../../../../features/payouts/money';

/** A balance for the admin tables: "$1,234.50", or the dash when the payouts service did not answer (never 0.00). */
export function usdOrDash(amount: string | null | undefined, dash: string): string {
  return amount === null || amount === undefined ? dash : formatUsd(amount);
}

export function fullName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim();
}
