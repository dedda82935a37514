import type { TValidateResetTokenResponse } from '@platform/contracts';
import { clearLoginFailures, withTransaction, writeEvent } from '@platform/service-kit';
import { consumeReset, findUsableReset, insertReset, invalidateOpenResets } from '../data-access/password-resets.repository.js';
import { findUserByEmail, findUserById, updatePasswordHash } from '../data-access/users.repository.js';
import { AUTH_ERRORS } from './auth.errors.js';
import type { TAuthDeps } from './deps.js';
import { endEverySessionOfUser } from './end-sessions.use-case.js';
import { hashPassword } from './passwords.js';
import { generateResetToken, hashResetToken } from './reset-token.js';

export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for this email, a password reset link has been sent.';

/**
 * Issues a reset token when an active account has this e-mail; says the same thing either way. Only the token's
 * hash is stored; the raw token travels once, in `password_reset.requested`, to the mailer. Older unused tokens
 * of the user stop working.
 */
export async function requestPasswordReset(deps: TAuthDeps, email: string): Promise<{ message: string }> {
  await withTransaction(deps.pool, async (client) => {
    // The row lock serialises concurrent requests of one user, so exactly one token is open at a time.
    const user = await findUserByEmail(client, email, { forUpdate: true });
    if (!user || !user.isActive) return;
    await invalidateOpenResets(client, user.id);
    const token = generateResetToken();
    const expiresAt = await insertReset(client, {
      userId: user.id,
      email: user.email,
      tokenHash: hashResetToken(token),
      ttlMinutes: deps.config.PASSWORD_RESET_TTL_MINUTES,
    });
    const resetUrl = new URL('/reset-password', deps.config.APP_BASE_URL);
    resetUrl.searchParams.set('token', token);
    await writeEvent(client, 'password_reset.requested', {
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      token,
      expiresAt: expiresAt.toISOString(),
      resetUrl: resetUrl.toString(),
      language: user.language,
    });
  });
  return { message: FORGOT_PASSWORD_MESSAGE };
}

export async function validateResetToken(deps: Pick<TAuthDeps, 'pool'>, token: string): Promise<TValidateResetTokenResponse> {
  const reset = await findUsableReset(deps.pool, hashResetToken(token));
  if (!reset) throw AUTH_ERRORS.invalidResetToken();
  return { valid: true, email: reset.email };
}

/**
 * Sets a new password with a reset token, once: of concurrent uses exactly one succeeds. Every token the user
 * holds stops working (revoked before the commit, so a failed revocation changes nothing), the user's other
 * reset tokens too, the failed logins the gateway counted for the account are forgotten, and
 * `password_reset.completed` is published.
 */
export async function resetPassword(deps: TAuthDeps, token: string, newPassword: string): Promise<{ message: string }> {
  const passwordHash = await hashPassword(newPassword);
  await withTransaction(deps.pool, async (client) => {
    const reset = await consumeReset(client, hashResetToken(token));
    if (!reset) throw AUTH_ERRORS.invalidResetToken();
    const user = await findUserById(client, reset.userId, { forUpdate: true });
    if (!user) throw AUTH_ERRORS.invalidResetToken();
    await updatePasswordHash(client, user.id, passwordHash);
    await invalidateOpenResets(client, user.id);
    await writeEvent(client, 'password_reset.completed', { userId: user.id, completedAt: new Date().toISOString() });
    await endEverySessionOfUser(deps, user.id, 'password_reset');
    // The owner proved control of the account: failed logins counted at the gateway no longer lock it.
    await clearLoginFailures(deps.redis, user.email);
  });
  return { message: 'Your password has been reset. You can now log in with your new password.' };
}
