import type { TAuthResponse, TUser } from '@platform/contracts';
import { useNavigate } from 'react-router-dom';
import { useCallback } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { signedIn } from './session.slice';
import { storeSession } from './session.storage';

/** About 300 ms between a successful sign-in and the navigation (spec 01 s.2, s.9). */
export const SIGN_IN_NAVIGATION_DELAY_MS = 300;

export function homePathFor(user: Pick<TUser, 'role'>): string {
  return user.role === 'admin' ? '/admin' : '/';
}

/** Stores the session and, about 300 ms later, signs in and navigates: admins to /admin, everyone else to /. */
export function useSignIn(): (response: TAuthResponse, target?: string) => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(
    (response, target) => {
      storeSession(response.token, response.user);
      return new Promise<void>((resolve) => {
        setTimeout(() => {
          dispatch(signedIn(response));
          navigate(target ?? homePathFor(response.user), { replace: true });
          resolve();
        }, SIGN_IN_NAVIGATION_DELAY_MS);
      });
    },
    [dispatch, navigate],
  );
}
