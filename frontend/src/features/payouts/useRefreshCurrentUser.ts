import { useCallback } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { sessionApi } from '../session/session.api';
import { userUpdated } from '../session/session.slice';
import { storeUser } from '../session/session.storage';

/**
 * Spec 02 s.4: after a withdrawal the client refreshes the current user (GET /api/auth/me). The session keeps the
 * user outside the query cache, so the fresh answer is written to the session and to storage.
 */
export function useRefreshCurrentUser(): () => Promise<void> {
  const dispatch = useAppDispatch();
  return useCallback(async () => {
    const result = await dispatch(sessionApi.endpoints.me.initiate(undefined, { forceRefetch: true, subscribe: false }));
    if (result.data) {
      storeUser(result.data);
      dispatch(userUpdated(result.data));
    }
  }, [dispatch]);
}
