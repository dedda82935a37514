/**
 * Principle 4 (issue 31 item 5): figures shown to the public are computed, not written. A landing page's copy (the
 * built-in texts, the seeded pages and whatever an admin types) may explain the work and the rules, but it carries no
 * typed figure claim: the page shows the live figures beside it, computed by the platform.
 *
 * A typed figure claim, here, is a number the copy states as a fact about money, shares, durations or counts of
 * people or work, in English or Russian:
 * - money: a number beside a currency sign or name ("$500", "500 USDT", "300 руб.", "10 долларов");
 * - a share: a number with a percent sign ("95%", "95 %") or word ("95 percent", "95 процентов");
 * - a duration: a number of minutes, hours, days, weeks or months ("within 24 hours", "за 15 минут");
 * - a count of people or work ("10,000 workers", "1000+ tasks", "500 исполнителей");
 * - an earning with a number ("earn 200", "заработайте до 300").
 * Product names with digits ("ERC-20", "Web3", "iOS 17", "24/7") are not claims. This module imports nothing, so
 * the frontend and the seeds may use it as well as the schemas.
 */
const NUMBER = String.raw`\d[\d\s.,]*\d|\d`;
const AFTER = String.raw`(?![\p{L}\d])`;
const PATTERNS: RegExp[] = [
  // money: a sign before or after
  new RegExp(String.raw`[$€£₽¥₿]\s?(?:${NUMBER})|(?:${NUMBER})\s?[$€£₽¥₿]`, 'u'),
  // money: a currency code or name after the number
  new RegExp(String.raw`(?:${NUMBER})\+?\s?(?:usd|usdt|usdc|eur|btc|eth|dollars?|bucks|euros?|rub|руб\p{L}*|р\.|долл\p{L}*|евро|бакс\p{L}*)(?:\.(?!\d)|${AFTER})`, 'iu'),
  // a share
  new RegExp(String.raw`(?:${NUMBER})\s?(?:%|percent${AFTER}|per cent${AFTER}|процент\p{L}*)`, 'iu'),
  // a duration
  new RegExp(String.raw`(?:${NUMBER})\+?\s?-?\s?(?:minutes?|mins?|hours?|hrs?|h|days?|weeks?|months?|мин\p{L}*|час\p{L}*|ч|дн\p{L}*|сут\p{L}*|недел\p{L}*|месяц\p{L}*)${AFTER}`, 'iu'),
  // a count of people or work
  new RegExp(String.raw`(?:${NUMBER})\+?\s?(?:workers?|users?|members?|people|freelancers?|testers?|tasks?|jobs?|payouts?|исполнител\p{L}*|пользовател\p{L}*|человек\p{L}*|участник\p{L}*|задани\p{L}*|выплат\p{L}*)${AFTER}`, 'iu'),
  // an earning with a number
  new RegExp(String.raw`(?:earn\p{L}*|income|make|зараб\p{L}*|доход\p{L}*)\s+(?:up to\s+|до\s+)?(?:[$€£₽¥₿]\s?)?\d[\d.,]*`, 'iu'),
];

/** The first typed figure claim in a text (the words that make it), or null when there is none. */
export function findTypedFigure(text: string): string | null {
  for (const pattern of PATTERNS) {
    const match = pattern.exec(text);
    if (match) return match[0].trim();
  }
  return null;
}
