/**
 * Why the server ended the session, when the person should be told on /login: a ban (401 AUTH.ACCOUNT_SUSPENDED)
 * or a deletion (401 AUTH.ACCOUNT_DELETED). Kept in session storage across the redirect (written after the sign-out
 * cleared the storage), read once by the login screen.
 */
export type TSignOutReason = 'suspended' | 'deleted';

const STORAGE_KEY = 'platform.signOutReason';

const REASON_OF_CODE: Record<string, TSignOutReason> = {
  'AUTH.ACCOUNT_SUSPENDED': 'suspended',
  'AUTH.ACCOUNT_DELETED': 'deleted',
};

export function signOutReasonOf(code: string | undefined): TSignOutReason | undefined {
  return code ? REASON_OF_CODE[code] : undefined;
}

export function rememberSignOutReason(reason: TSignOutReason): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, reason);
  } catch {
    // Storage refused (private mode): the login screen simply says nothing.
  }
}

/**
 * The reason kept, if any. Reading does not remove it: a render can be thrown away (a lazy part of the screen
 * suspends before the first commit) and run again, so the screen forgets it only once shown (forgetSignOutReason).
 */
export function readSignOutReason(): TSignOutReason | undefined {
  try {
    const value = sessionStorage.getItem(STORAGE_KEY);
    return value === 'suspended' || value === 'deleted' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function forgetSignOutReason(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
}
