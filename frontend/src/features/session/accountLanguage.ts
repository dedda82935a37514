import type { TUser } from '@platform/contracts';
import { LANGUAGE_STORAGE_KEY, type TLanguage } from '../../app/i18n.constants';

/** The language picked on the sign-in pages in this visit (memory only), if any. */
let chosenSignedOut: TLanguage | undefined;

/** The language switch, signed out: the visitor picked this language just now. */
export function noteLanguageChosenSignedOut(language: TLanguage): void {
  chosenSignedOut = language;
}

/** For tests: forget what was picked. */
export function forgetLanguageChosenSignedOut(): void {
  chosenSignedOut = undefined;
}

interface TLanguageTarget {
  language: string;
  changeLanguage: (language: string) => unknown;
}

/**
 * What a sign-in does with the account's saved language (issue 28): the user's language follows them to a new device.
 * - Picked on the sign-in pages just now, and not the account's: that choice is kept and is the one to save
 *   (returned; the caller saves it with PUT /api/user/language), as a switch made while signed in would be.
 * - Otherwise the interface switches to the account's language and the device keeps it.
 * Returns the language to save on the server, or undefined when the account's stands.
 */
export function applyAccountLanguage(user: Pick<TUser, 'language'>, i18n: TLanguageTarget): TLanguage | undefined {
  const chosen = chosenSignedOut;
  chosenSignedOut = undefined;
  if (chosen && chosen !== user.language) return chosen;
  const saved = user.language;
  if (saved !== 'en' && saved !== 'ru') return undefined;
  localStorage.setItem(LANGUAGE_STORAGE_KEY, saved);
  if (i18n.language !== saved) void i18n.changeLanguage(saved);
  return undefined;
}
