import { useAppSelector } from '../../app/hooks';
import { readToken } from '../session/session.storage';

/** The bearer token of the session (calls made outside RTK Query: uploads with progress, file downloads). */
export function useSessionToken(): () => string | null {
  const token = useAppSelector((s) => s.session.token);
  return () => token ?? readToken();
}
