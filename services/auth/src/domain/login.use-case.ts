import type { TAuthResponse, TLoginRequest } from '@platform/contracts';
import { findUserByEmail } from '../data-access/users.repository.js';
import { AUTH_ERRORS } from './auth.errors.js';
import type { TAuthDeps } from './deps.js';
import { verifyPassword } from './passwords.js';
import { presentUser } from './user-view.js';

/**
 * Logs in with e-mail and password. A wrong e-mail and a wrong password get the same answer after the same
 * work; only with the right password does a suspended account learn that it is suspended.
 */
export async function loginUser(deps: TAuthDeps, input: TLoginRequest): Promise<TAuthResponse> {
  const user = await findUserByEmail(deps.pool, input.email);
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid) throw AUTH_ERRORS.invalidCredentials();
  if (!user.isActive) throw AUTH_ERRORS.accountSuspended();
  const token = await deps.signer.sign({ id: user.id, role: user.role });
  return { token, user: await presentUser(user, deps.pool, { payouts: deps.payouts, token }) };
}
