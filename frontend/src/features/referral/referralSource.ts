/** The referral source is kept in local storage and in a 30-day cookie (SameSite Lax, path /) (spec 01 s.7). */
export const REFERRAL_SOURCE_KEY = 'referral_source';
export const REFERRAL_COOKIE_DAYS = 30;
/** Set when a visitor leaves referral mode: the next referral screen is skipped once (spec 01 s.2). */
export const EXIT_REFERRAL_FLAG = 'exit_referral_mode';

export function saveReferralSource(code: string): void {
  localStorage.setItem(REFERRAL_SOURCE_KEY, code);
  const maxAge = REFERRAL_COOKIE_DAYS * 24 * 60 * 60;
  document.cookie = `${REFERRAL_SOURCE_KEY}=${encodeURIComponent(code)}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

export function readReferralSource(): string | undefined {
  const stored = localStorage.getItem(REFERRAL_SOURCE_KEY);
  if (stored) return stored;
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === REFERRAL_SOURCE_KEY) {
      const value = decodeURIComponent(rest.join('='));
      if (value) return value;
    }
  }
  return undefined;
}
