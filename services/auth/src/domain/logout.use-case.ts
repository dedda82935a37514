import { revokeToken, type TAuthUser } from '@platform/service-kit';
import type { TAuthDeps } from './deps.js';

/** Ends this session: the token's jti is revoked until the token would have expired anyway. */
export async function logoutUser(deps: Pick<TAuthDeps, 'redis'>, authUser: TAuthUser): Promise<void> {
  await revokeToken(deps.redis, authUser);
}
