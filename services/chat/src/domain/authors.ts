import { findUser, upsertUser, type TChatUser } from '../data-access/users.repository.js';
import { CHAT_ERRORS } from './chat.errors.js';
import type { TActor, TChatDeps } from './deps.js';

/** Before any event: a copy written from the identity service's answer is overwritten by the first real event. */
const LOOKED_UP_AT = '1970-01-01T00:00:00.000Z';

/**
 * The author of a message as this service knows them: from the users copy (user events), else, for someone who
 * registered before the chat service heard of them, from the identity service with their own token. A banned
 * user (isActive false) is refused; their tokens are revoked as well, so this is the second line.
 */
export async function resolveAuthor(deps: TChatDeps, actor: TActor): Promise<TChatUser> {
  let user = await findUser(deps.pool, actor.userId);
  if (!user && deps.lookupProfile && actor.token) {
    try {
      const profile = await deps.lookupProfile(actor.userId, actor.token);
      if (profile) {
        user = { id: actor.userId, firstName: profile.firstName, lastName: profile.lastName, role: profile.role, isActive: profile.isActive };
        await upsertUser(deps.pool, user, LOOKED_UP_AT);
      }
    } catch (error) {
      deps.logger.warn({ err: error, userId: actor.userId }, 'chat: the author\'s names could not be read from the identity service');
    }
  }
  user ??= { id: actor.userId, firstName: '', lastName: '', role: actor.role, isActive: true };
  if (!user.isActive) throw CHAT_ERRORS.banned();
  return user;
}
