import type { Dispatch } from '@reduxjs/toolkit';
import { navigateTo } from '../../app/navigation';
import { LANGUAGE_STORAGE_KEY } from '../../app/i18n.constants';
import { signedOut } from './session.slice';
import { readSignOutReason, rememberSignOutReason, type TSignOutReason } from './signOutReason';
import { clearAllBrowserStorage } from './session.storage';

/**
 * Logout and any 401 (spec 01 s.4): local storage, session storage and cookies are cleared, the session is
 * signed out and the browser goes to /login. The chosen interface language is a device preference, not session
 * data, so it is written back.
 */
export function endSession(dispatch: Dispatch, reason?: TSignOutReason): void {
  const language = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  // A request still in flight when the account was deleted ends the session again, with a 401 of its own: the reason
  // already written stands (else /login would not say why).
  const kept = reason ?? readSignOutReason();
  clearAllBrowserStorage();
  if (language) localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  // A ban or a deletion is said on /login (signOutReason.ts).
  if (kept) rememberSignOutReason(kept);
  dispatch(signedOut());
  navigateTo('/login', { replace: true });
}
