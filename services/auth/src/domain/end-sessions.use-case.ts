import { revokeAllTokensOfUser, type TUserRevocationReason } from '@platform/service-kit';
import type { TAuthDeps } from './deps.js';

/** Why every session of a user ends (a change of role too: the token carries the role). */
export type TSessionsEndReason = 'password_reset' | 'password_change' | 'ban' | 'deletion' | 'role_change';

/** What the user's refused tokens answer: a ban says the account is suspended, a deletion that it was deleted. */
const TOLD_AS: Partial<Record<TSessionsEndReason, TUserRevocationReason>> = { ban: 'suspended', deletion: 'deleted' };

/**
 * Ends every session of the user in EVERY service, not only here: each token issued up to now is refused (401
 * AUTH.TOKEN_REVOKED) by the gateway and by every service's `authenticate` hook, which all check `revoked:user:<id>`
 * under the one REDIS_PREFIX the processes share (service-kit createTokenVerifier). The one call that a password
 * reset or change, a ban and a deletion make. Call it inside the transaction of the change, before it commits: if
 * Redis is out of reach it throws (503) and the change is rolled back, so no user is banned with live tokens.
 */
export async function endEverySessionOfUser(deps: Pick<TAuthDeps, 'redis' | 'logger'>, userId: string, reason: TSessionsEndReason): Promise<void> {
  await revokeAllTokensOfUser(deps.redis, userId, TOLD_AS[reason]);
  deps.logger.info({ userId, reason }, 'every session of the user ended');
}
