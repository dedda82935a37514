import { CHAT_PAGE_SIZE_DEFAULT, type TChatMessagePage, type TChatMessagesQuery, type TChatType } from '@platform/contracts';
import { findPage, type TRoom } from '../data-access/messages.repository.js';
import type { TActor, TChatDeps } from './deps.js';
import { toMessageView } from './message-view.js';

/** The room a user reads for a chat type: the general room, or their own support thread (never someone else's). */
export function roomFor(actor: TActor, chatType: TChatType): TRoom {
  return chatType === 'general' ? { chatType: 'general' } : { chatType: 'support', supportUserId: actor.userId };
}

/** GET /api/chat/messages: a page of the user's view of a chat, archived messages included. */
export async function readMessages(deps: TChatDeps, actor: TActor, query: TChatMessagesQuery): Promise<TChatMessagePage> {
  const { messages, hasMore } = await findPage(deps.pool, roomFor(actor, query.chatType), {
    before: query.before,
    after: query.after,
    limit: query.limit ?? CHAT_PAGE_SIZE_DEFAULT,
  });
  return { messages: messages.map(toMessageView), hasMore };
}
