/**
 * Money on the client: amounts are decimal strings (USD with 2 decimals). They are compared and added as integer
 * cents (BigInt) parsed from the text, never through floating point; they are shown with exactly 2 decimals.
 */

/** At most 10 digits before the point (numeric(12,2)) and 2 after, optional sign. */
const AMOUNT_TEXT = /^(-)?(\d{1,10})(?:\.(\d{0,2}))?$/;
const UNSIGNED_AMOUNT_TEXT = /^(\d{1,10})(?:\.(\d{0,2}))?$|^\.(\d{1,2})$/;

/** "12.5" -> 1250n, "-0.01" -> -1n; null when the text is not an amount with at most 2 decimals. */
export function parseCents(text: string | null | undefined): bigint | null {
  if (text === null || text === undefined) return null;
  const match = AMOUNT_TEXT.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0') || '0');
  return sign ? -cents : cents;
}

/**
 * What a person typed into an amount field: digits with at most 2 decimals (".5" and "5." allowed), no sign.
 * null when it is not such a number.
 */
export function parseAmountInput(text: string): bigint | null {
  const trimmed = text.trim();
  const match = UNSIGNED_AMOUNT_TEXT.exec(trimmed);
  if (!match) return null;
  if (match[3] !== undefined) return BigInt(match[3].padEnd(2, '0'));
  return BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0') || '0');
}

/** A number from a numeric input (12.5) as the API's amount text ("12.50"), rounded to the cent. */
export function numberToAmountText(value: number): string {
  return centsToText(BigInt(Math.round(value * 100)));
}

/** 1250n -> "12.50"; -5n -> "-0.05". */
export function centsToText(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = (abs / 100n).toString();
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** The sum of decimal strings, as a 2-decimal string (texts that are not amounts are skipped). */
export function sumAmounts(texts: readonly string[]): string {
  let total = 0n;
  for (const text of texts) total += parseCents(text) ?? 0n;
  return centsToText(total);
}

/** A network fee in the coin's units, as the catalogue gives it ("0.00025", "1.0"); not rounded to cents. */
export function formatFee(fee: string, currency: string): string {
  return `${fee} ${currency}`;
}

/** "0x1234567890abcdef..." -> "0x1234…cdef" for narrow screens; the full address stays in the title. */
export function shortenAddress(address: string, head = 8, tail = 6): string {
  return address.length <= head + tail + 1 ? address : `${address.slice(0, head)}…${address.slice(-tail)}`;
}
