import type { TUser } from '@platform/contracts';

export const AUTH_TOKEN_KEY = 'auth_token';
export const AUTH_USER_KEY = 'auth_user';

export type TStoredSession =
  | { kind: 'none' }
  | { kind: 'token-only'; token: string }
  | { kind: 'complete'; token: string; user: TUser }
  | { kind: 'corrupt' };

function isUser(value: unknown): value is TUser {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && typeof v.email === 'string' && (v.role === 'employee' || v.role === 'admin');
}

/** Reads the stored session (spec 01 s.4). A stored user that cannot be parsed is reported as corrupt. */
export function readStoredSession(): TStoredSession {
  const token = localStorage.getItem(AUTH_TOKEN_KEY);
  const rawUser = localStorage.getItem(AUTH_USER_KEY);
  if (!token) return { kind: 'none' };
  if (rawUser === null) return { kind: 'token-only', token };
  try {
    const user: unknown = JSON.parse(rawUser);
    return isUser(user) ? { kind: 'complete', token, user } : { kind: 'corrupt' };
  } catch {
    return { kind: 'corrupt' };
  }
}

export function storeSession(token: string, user: TUser): void {
  localStorage.setItem(AUTH_TOKEN_KEY, token);
  localStorage.setItem(AUTH_USER_KEY, JSON.stringify(user));
}

export function storeUser(user: TUser): void {
  localStorage.setItem(AUTH_USER_KEY, JSON.stringify(user));
}

export function readToken(): string | null {
  return localStorage.getItem(AUTH_TOKEN_KEY);
}

/** Removes only the stored authentication (used when the stored user is unreadable). */
export function removeStoredAuth(): void {
  localStorage.removeItem(AUTH_TOKEN_KEY);
  localStorage.removeItem(AUTH_USER_KEY);
}

/** Logout and any 401: local storage, session storage and every cookie readable by the page are cleared. */
export function clearAllBrowserStorage(): void {
  localStorage.clear();
  sessionStorage.clear();
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (!name) continue;
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
}
