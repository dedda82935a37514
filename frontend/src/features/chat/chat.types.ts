/** The chat service's shapes as the client reads them (services/chat/README.md; spec 01 s.3 "Chat message"). */
export type TChatType = 'general' | 'support';

export interface TChatMessage {
  id: number;
  userId: string | null;
  assistantId: string | null;
  /** Set by the server only: true exactly when an assistant (a bot) wrote it. */
  isBot: boolean;
  content: string;
  createdAt: string;
  isFromAdmin: boolean;
  chatType: TChatType;
  supportUserId: string | null;
  replyToId: number | null;
  clientId: string | null;
  user: { firstName: string; lastName: string } | null;
  assistant: { displayName: string; avatar: string | null; preferredLanguage: 'english' | 'russian' } | null;
  replyTo: { id: number; senderName: string; content: string; isBot: boolean; isFromAdmin: boolean } | null;
}

export interface TChatPage {
  messages: TChatMessage[];
  hasMore: boolean;
}

export interface TUnreadCounts {
  general: number;
  support: number;
}

/** Frames the server sends on /ws. */
export type TServerFrame =
  | { type: 'auth'; success: true; userId: string; role: string; unread: TUnreadCounts }
  | { type: 'auth'; success: false; message: string; code: string }
  | { type: 'new_message'; message: TChatMessage }
  | { type: 'message'; data: TChatMessage }
  | { type: 'message_ack'; clientId: string | null; message: TChatMessage }
  | { type: 'unread'; unread: TUnreadCounts }
  | { type: 'error'; code: string; message: string; clientId?: string | null; field?: string }
  | { type: 'pong' }
  | { type: 'resync' };

/** Admin: Chat Moderation and Chat Monitor. */
export interface TModerationResult {
  isAllowed: boolean;
  reason: string;
  blockedWords: string[];
  cleanedMessage: string;
}

export type TMonitorFilter = 'all' | 'people' | 'assistants';

export interface TAdminChatMessage extends TChatMessage {
  author: { firstName: string; lastName: string; role: string } | null;
  quality: { score: number; issues: ('wrong_language' | 'too_short' | 'too_long' | 'banned_word')[] } | null;
}

export interface TChatMonitor {
  messages: TAdminChatMessage[];
  stats: { messagesLast24h: number; peopleMessagesLast24h: number; assistantMessagesLast24h: number; activePeopleLast24h: number };
}
