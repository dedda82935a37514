import type { TChatMessage, TPostChatMessageRequest } from '@platform/contracts';
import { findMessageByClientId, findMessageById, GENERAL_ROOM, insertMessage, type TRoom } from '../data-access/messages.repository.js';
import { resolveAuthor } from './authors.js';
import { CHAT_ERRORS } from './chat.errors.js';
import type { TActor, TChatDeps } from './deps.js';
import { senderName, toMessageView } from './message-view.js';
import { appendToRoom } from './room-order.js';

/**
 * Posts a person's message to the general room (spec 01 s.7; the socket's chat_message and POST /api/chat/messages
 * are this one function). In order: a banned author is refused; the sender's rate is counted; the text goes through the same matcher as the admin test box; a
 * reply must point at a message of the same room. Then it is stored and published in the room's order (room-order.ts); a clientId
 * already stored (a resend after a lost answer) stores nothing and answers the stored message. isBot is never an
 * input: a person's message has no assistant, so it is false; isFromAdmin is the token's role.
 */
export async function postMessage(deps: TChatDeps, actor: TActor, input: TPostChatMessageRequest): Promise<{ message: TChatMessage; created: boolean }> {
  if (input.chatType === 'support') throw CHAT_ERRORS.supportElsewhere();
  const room: TRoom = GENERAL_ROOM;
  const author = await resolveAuthor(deps, actor);

  await deps.sendLimiter.consume(actor.userId);

  const verdict = deps.moderation.matcher().moderate(input.content);
  if (!verdict.isAllowed) throw CHAT_ERRORS.blocked(verdict.reason, verdict.blockedWords);

  let replyTo: TChatMessage['replyTo'] = null;
  if (input.replyToId) {
    const target = await findMessageById(deps.pool, input.replyToId);
    if (!target || target.chatType !== 'general') throw CHAT_ERRORS.replyNotFound();
    replyTo = {
      id: target.id,
      senderName: senderName({ isBot: target.isBot, isFromAdmin: target.isFromAdmin, assistantName: target.assistant?.displayName, firstName: target.author?.firstName, lastName: target.author?.lastName }),
      content: target.content,
      isBot: target.isBot,
      isFromAdmin: target.isFromAdmin,
    };
  }

  const isFromAdmin = actor.role === 'admin';
  return appendToRoom(deps, room, async (client) => {
    const stored = await insertMessage(client, { userId: actor.userId, content: input.content, replyToId: replyTo?.id ?? null, room, isFromAdmin, clientId: input.clientId ?? null });
    if (!stored) {
      // This clientId is already stored (sent again after a lost answer, or raced in from another connection).
      const existing = await findMessageByClientId(client, actor.userId, input.clientId!);
      return { message: toMessageView(existing!), created: false };
    }
    const message: TChatMessage = {
      id: stored.id,
      userId: actor.userId,
      assistantId: null,
      isBot: false,
      content: input.content,
      createdAt: stored.createdAt.toISOString(),
      isFromAdmin,
      chatType: 'general',
      supportUserId: null,
      replyToId: replyTo?.id ?? null,
      clientId: input.clientId ?? null,
      user: isFromAdmin ? null : { firstName: author.firstName, lastName: author.lastName },
      assistant: null,
      replyTo,
    };
    return { message, created: true };
  });
}
