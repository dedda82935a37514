import { SUPPORT_MESSAGES } from '@platform/contracts';
import { AppError, COMMON_ERRORS } from '@platform/service-kit';

/**
 * Every failure of the chat service a client hears about (over HTTP, and as {type: 'error'} frames on the socket):
 * the chat's, the socket session's, the support desk's and the assistants', in one table (issue 32).
 */
export const CHAT_ERRORS = {
  /** `words`: the banned words found, as the message quotes them (`"kill", "scam"`). */
  blocked: (reason: string, blockedWords: readonly string[]) =>
    new AppError('CHAT.MESSAGE_BLOCKED', 400, reason, undefined, 'content', { words: blockedWords.map((w) => `"${w}"`).join(', '), count: blockedWords.length }),
  banned: () => new AppError('CHAT.USER_BLOCKED', 403, 'Your account is blocked: you cannot send messages'),
  tooFast: (seconds: number) =>
    new AppError('CHAT.RATE_LIMITED', 429, `You are sending messages too fast. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`, undefined, undefined, { seconds }),
  replyNotFound: () => new AppError('CHAT.REPLY_NOT_FOUND', 400, 'The message you are replying to is not in this chat', undefined, 'replyToId'),
  supportElsewhere: () =>
    new AppError('CHAT.SUPPORT_NOT_HERE', 400, 'Support messages are sent to the support desk, not to the chat', undefined, 'chatType'),
  wordWithoutLetters: (word: string) => new AppError('CHAT.INVALID_WORD', 400, `"${word}" has no letter or digit to match`, undefined, 'words', { word }),
  /** Socket-only: a frame before {type: auth}, no auth frame in time, or frames faster than the connection allows. */
  authRequired: () => new AppError('CHAT.AUTH_REQUIRED', 401, 'Authenticate first: send {"type":"auth","token":"..."}'),
  authTimeout: () => new AppError('CHAT.AUTH_TIMEOUT', 401, 'Authentication timed out'),
  framesTooFast: () => new AppError('CHAT.TOO_MANY_FRAMES', 429, 'Too many frames: slow down'),
  /** Socket-only: a chat_message whose `token` belongs to another user than the socket's. */
  tokenMismatch: () => new AppError('CHAT.TOKEN_MISMATCH', 403, "The frame's token is not the token of this connection's user", undefined, 'token'),
  binaryFrame: () => new AppError('CHAT.BINARY_FRAME', 400, 'Only JSON text frames are accepted'),
  /** Socket-only: the session behind the socket ended (its socket is closed with this reason). */
  sessionExpired: () => new AppError('AUTH.TOKEN_EXPIRED', 401, 'Your session has expired. Please log in again.'),
  sessionRevoked: () => new AppError('AUTH.TOKEN_REVOKED', 401, 'Your session has ended. Please log in again.'),
  /** The socket's address over plain HTTP (GET /ws), and an upgrade while the instance shuts down. */
  webSocketOnly: () => COMMON_ERRORS.validation('This is the WebSocket endpoint: connect with a WebSocket client'),
  restarting: () => COMMON_ERRORS.unavailable('The chat is restarting'),
  /** The support desk (over HTTP; the socket has no support frames a client may send). */
  conversationNotFound: () => new AppError('SUPPORT.CONVERSATION_NOT_FOUND', 404, SUPPORT_MESSAGES.conversationNotFound),
  adminsUseDesk: () => new AppError('SUPPORT.ADMINS_USE_DESK', 403, 'Admins answer workers from the support desk'),
  notAnAdmin: () => new AppError('SUPPORT.NOT_AN_ADMIN', 400, 'A conversation can be assigned only to an admin', undefined, 'assignedAdminId'),
  /** The assistants (admin Chat Management) and their provider's address (provider-address.ts). */
  assistantNotFound: () => COMMON_ERRORS.notFound('Assistant not found', 'assistant'),
  providerUrlNotAllowed: (reason: string) =>
    new AppError('CHAT.PROVIDER_URL_NOT_ALLOWED', 400, `The provider URL must be a public address (${reason})`, undefined, 'providerBaseUrl', { reason }),
  providerUrlUnresolvable: () => new AppError('CHAT.PROVIDER_URL_UNRESOLVABLE', 400, 'The provider host could not be found', undefined, 'providerBaseUrl'),
  providerKeyRequired: () =>
    new AppError('CHAT.PROVIDER_KEY_REQUIRED', 400, 'Enter the API key again: the provider address changed', undefined, 'providerApiKey'),
};
