import type { TAuthResponse, TRegisterRequest } from '@platform/contracts';
import { withTransaction, writeEvent } from '@platform/service-kit';
import { insertUser } from '../data-access/users.repository.js';
import { AUTH_ERRORS } from './auth.errors.js';
import type { TAuthDeps } from './deps.js';
import { hashPassword } from './passwords.js';
import { attributeRegistration } from './referrals.use-case.js';
import { presentUser } from './user-view.js';

const blankToNull = (value: string | null | undefined) => (value ? value : null);

/** Registers a worker: the user row and `user.registered` commit together, or neither does. */
export async function registerUser(deps: TAuthDeps, input: TRegisterRequest): Promise<TAuthResponse> {
  const passwordHash = await hashPassword(input.password);
  const user = await withTransaction(deps.pool, async (client) => {
    const created = await insertUser(client, {
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      telegramUsername: blankToNull(input.telegramUsername?.replace(/^@/, '')),
      referralSource: blankToNull(input.referralSource),
      language: input.language ?? 'en',
    });
    if (!created) throw AUTH_ERRORS.emailTaken();
    // Attributed to its referral link once (an inactive or unknown source is only kept as typed).
    await attributeRegistration(client, created.id, created.referralSource);
    await writeEvent(client, 'user.registered', {
      userId: created.id,
      email: created.email,
      firstName: created.firstName,
      lastName: created.lastName,
      role: created.role,
      referralSource: created.referralSource,
      registeredAt: created.createdAt.toISOString(),
      language: created.language,
    });
    return created;
  });
  const token = await deps.signer.sign({ id: user.id, role: user.role });
  return { token, user: await presentUser(user, deps.pool, { payouts: deps.payouts, token }) };
}
