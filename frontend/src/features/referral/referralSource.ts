/** The referral source is kept in local storage and in a 30-day cookie (SameSite Lax, path /) (spec 01 s.7). */
export const REFERRAL_SOURCE_KEY = 'referral_source';
export const REFERRAL_COOKIE_DAYS = 30;
/** Set when a visitor leaves referral mode: the next referral screen is skipped once (spec 01 s.2). */
export const EXIT_REFERRAL_FLAG = 'exit_referral_mode';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Why /ref/{code} sent the visitor to /register (router state): the registration screen says so instead of landing silently. */
export interface TReferralProblem {
  code: string;
  /** invalid: unknown or inactive (the server said so); unchecked: the check failed (network, server). */
  reason: 'invalid' | 'unchecked';
}

/** Local storage has no expiry of its own: the code is kept with the time it lapses (30 days, as the cookie). */
export function saveReferralSource(code: string, now = Date.now()): void {
  try {
    localStorage.setItem(REFERRAL_SOURCE_KEY, JSON.stringify({ code, expiresAt: now + REFERRAL_COOKIE_DAYS * DAY_MS }));
  } catch {
    // Storage may be full or blocked; the cookie still carries the code.
  }
  const maxAge = REFERRAL_COOKIE_DAYS * 24 * 60 * 60;
  document.cookie = `${REFERRAL_SOURCE_KEY}=${encodeURIComponent(code)}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

function fromStorage(now: number): string | undefined {
  const raw = localStorage.getItem(REFERRAL_SOURCE_KEY);
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null) {
      const { code, expiresAt } = parsed as { code?: unknown; expiresAt?: unknown };
      if (typeof code === 'string' && typeof expiresAt === 'number' && expiresAt > now && code) return code;
      localStorage.removeItem(REFERRAL_SOURCE_KEY);
      return undefined;
    }
  } catch {
    // An older plain value: kept as it is (the cookie beside it lapses on its own).
  }
  return raw;
}

export function readReferralSource(now = Date.now()): string | undefined {
  const stored = fromStorage(now);
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
