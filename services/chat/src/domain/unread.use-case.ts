import { CHAT_UNREAD_COUNT_CAP, type TChatType, type TChatUnreadCounts } from '@platform/contracts';
import { countUnread, ensureReadState, markRead } from '../data-access/messages.repository.js';
import type { TActor, TChatDeps } from './deps.js';
import { roomFor } from './history.use-case.js';

/** The user's unread counts; the first time the user is seen, their read position starts at the newest message. */
export async function readUnreadCounts(deps: TChatDeps, actor: TActor): Promise<TChatUnreadCounts> {
  await ensureReadState(deps.pool, actor.userId, roomFor(actor, 'general'));
  await ensureReadState(deps.pool, actor.userId, roomFor(actor, 'support'));
  return countUnread(deps.pool, actor.userId, CHAT_UNREAD_COUNT_CAP);
}

/**
 * Marks a chat read up to `upToId` (default: all of it), then tells every socket of the user (any device, any
 * instance) the new counts. Answers the counts.
 */
export async function markChatRead(deps: TChatDeps, actor: TActor, chatType: TChatType, upToId?: number): Promise<TChatUnreadCounts> {
  await markRead(deps.pool, actor.userId, roomFor(actor, chatType), upToId);
  const unread = await countUnread(deps.pool, actor.userId, CHAT_UNREAD_COUNT_CAP);
  await deps.bus.publish({ kind: 'unread', userId: actor.userId, unread }).catch((error: unknown) => deps.logger.warn({ err: error }, 'unread counts not announced'));
  return unread;
}
