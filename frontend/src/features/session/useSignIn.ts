import type { TAuthResponse, TUser } from '@platform/contracts';
import { useNavigate } from 'react-router-dom';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { applyAccountLanguage } from './accountLanguage';
import { useSetLanguageMutation } from './session.api';
import { signedIn, userUpdated } from './session.slice';
import { storeSession } from './session.storage';

/** About 300 ms between a successful sign-in and the navigation (spec 01 s.2, s.9). */
export const SIGN_IN_NAVIGATION_DELAY_MS = 300;

export function homePathFor(user: Pick<TUser, 'role'>): string {
  return user.role === 'admin' ? '/admin' : '/';
}

/**
 * Stores the session and, about 300 ms later, signs in and navigates: admins to /admin, everyone else to /. The
 * interface takes the account's saved language (a new device speaks the user's language at once), unless the user
 * picked another on the sign-in page just now: then that one is saved to the account (accountLanguage.ts).
 */
export function useSignIn(): (response: TAuthResponse, target?: string) => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const [saveLanguage] = useSetLanguageMutation();
  return useCallback(
    (response, target) => {
      storeSession(response.token, response.user);
      const toSave = applyAccountLanguage(response.user, i18n);
      return new Promise<void>((resolve) => {
        setTimeout(() => {
          dispatch(signedIn(response));
          if (toSave) {
            // Best effort, as the switch's own save: the interface already speaks it; e-mails follow once saved.
            saveLanguage(toSave)
              .unwrap()
              .then(({ language }) => dispatch(userUpdated({ ...response.user, language })))
              .catch(() => undefined);
          }
          navigate(target ?? homePathFor(response.user), { replace: true });
          resolve();
        }, SIGN_IN_NAVIGATION_DELAY_MS);
      });
    },
    [dispatch, navigate, i18n, saveLanguage],
  );
}
