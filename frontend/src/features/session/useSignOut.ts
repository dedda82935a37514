import { useCallback } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { endSession } from './endSession';
import { useLogoutMutation } from './session.api';

/** Sign Out / Logout: tells the server (which revokes the token), then clears everything and goes to /login. */
export function useSignOut(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const [logout] = useLogoutMutation();
  return useCallback(async () => {
    try {
      await logout().unwrap();
    } catch (error) {
      console.warn('Logout call failed; the session is cleared anyway', error);
    }
    endSession(dispatch);
  }, [dispatch, logout]);
}
