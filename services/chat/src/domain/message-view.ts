import type { TChatMessage } from '@platform/contracts';
import type { TStoredMessage } from '../data-access/messages.repository.js';

/** The name a reader sees for an author (spec 01 s.6): an assistant by its name, an admin as Support Team. */
export function senderName(author: { isBot: boolean; isFromAdmin: boolean; assistantName?: string | null; firstName?: string | null; lastName?: string | null }): string {
  if (author.isBot) return author.assistantName || 'Assistant';
  if (author.isFromAdmin) return 'Support Team';
  return [author.firstName, author.lastName].filter(Boolean).join(' ') || 'Member';
}

/**
 * The message as every reader sees it. A person's names come with it; an admin speaks as Support Team (their own
 * names are not shown to workers); an assistant's message carries isBot and the assistant, never a person.
 */
export function toMessageView(message: TStoredMessage): TChatMessage {
  return {
    id: message.id,
    userId: message.userId,
    assistantId: message.assistantId,
    isBot: message.isBot,
    content: message.content,
    createdAt: message.createdAt,
    isFromAdmin: message.isFromAdmin,
    chatType: message.chatType,
    supportUserId: message.supportUserId,
    replyToId: message.replyToId,
    clientId: message.clientId,
    user: message.isBot || message.isFromAdmin ? null : { firstName: message.author?.firstName ?? '', lastName: message.author?.lastName ?? '' },
    assistant: message.isBot ? message.assistant : null,
    replyTo: message.replyTo && {
      id: message.replyTo.id,
      senderName: senderName({
        isBot: message.replyTo.isBot,
        isFromAdmin: message.replyTo.isFromAdmin,
        assistantName: message.replyTo.assistantName,
        firstName: message.replyTo.author?.firstName,
        lastName: message.replyTo.author?.lastName,
      }),
      content: message.replyTo.content,
      isBot: message.replyTo.isBot,
      isFromAdmin: message.replyTo.isFromAdmin,
    },
  };
}
