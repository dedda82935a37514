/**
 * Money as integer cents (BigInt), never JavaScript floating point. Amounts enter and leave as decimal strings
 * with at most 2 decimals, exactly as PostgreSQL prints numeric(12,2).
 */
const MONEY_PATTERN = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** The largest value numeric(12,2) holds, in cents. */
export const MAX_CENTS = 999_999_999_999n;

export function isMoney(text: string): boolean {
  return MONEY_PATTERN.test(text);
}

/** "12.5" -> 1250n, "-0.01" -> -1n. Throws on anything else. */
export function toCents(text: string): bigint {
  const match = MONEY_PATTERN.exec(text.trim());
  if (!match) throw new Error(`not a money amount: ${JSON.stringify(text)}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
}

/** 1250n -> "12.50", -1n -> "-0.01". */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** The same amount in its canonical 2-decimal form ("5" -> "5.00"). */
export function normaliseMoney(text: string): string {
  return fromCents(toCents(text));
}
