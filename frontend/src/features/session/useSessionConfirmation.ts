import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { TRootState } from '../../app/store';
import { sessionApi } from './session.api';
import { signedOut, userUpdated } from './session.slice';
import { storeUser } from './session.storage';

/**
 * On start the restored session is confirmed with GET /api/auth/me (spec 01 s.4): success refreshes the stored
 * user; a 401 (or a 403 outside /admin) has already ended the session in the request layer; a network error keeps
 * the stored session.
 */
export function useSessionConfirmation(): void {
  const dispatch = useAppDispatch();
  const store = useStore<TRootState>();
  const token = useAppSelector((s) => s.session.token);
  const hasToken = token !== null;

  useEffect(() => {
    if (!hasToken) return;
    let cancelled = false;
    const request = dispatch(sessionApi.endpoints.me.initiate(undefined, { forceRefetch: true, subscribe: false }));
    request.then((result) => {
      if (cancelled) return;
      if (result.data) {
        storeUser(result.data);
        dispatch(userUpdated(result.data));
        return;
      }
      // The stored session is kept on a network or server error; without a stored user there is nothing to show.
      const { session } = store.getState();
      if (session.status === 'loading' && session.user === null) dispatch(signedOut());
    });
    return () => {
      cancelled = true;
    };
    // Confirm once per token (a new sign-in already brings a fresh user).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasToken]);
}
