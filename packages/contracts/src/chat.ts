import { z } from 'zod';
import { fieldIssueCode } from './errors.js';
import { ZTextSchema } from './common.js';
import { checkRanges, PAGE_QUERY_SHAPE, ZDateBoundSchema, ZPageSchema, ZUserSearchSchema } from './paging.js';

/**
 * The chat service's API (spec 01 "Chat screen", "Chat connection", s.7 "Chat", s.9; spec 03 "chat_messages",
 * "Chat Monitor", "Chat Moderation", s.7) and the frames of the live connection at /ws.
 *
 * Principle 1: `isBot` is true exactly when `assistantId` is set, and only the server sets either (the database
 * derives is_bot from assistant_id; no request schema has a field for them). Principle 6: every rule below is
 * enforced by the server; the screen's checks are conveniences.
 */

export const CHAT_TYPES = ['general', 'support'] as const;
export const ZChatTypeSchema = z.enum(CHAT_TYPES, { error: 'chatType must be general or support' });
export type TChatType = z.infer<typeof ZChatTypeSchema>;

/** Spec 01 s.9 and the issue's limits. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
export const CHAT_RECONNECT_DELAY_MS = 3000;
export const CHAT_POLL_INTERVAL_MS = 10_000;
export const CHAT_BADGE_CAP = 9;
export const CHAT_MONITOR_REFRESH_MS = 10_000;
export const CHAT_PAGE_SIZE_DEFAULT = 50;
export const CHAT_PAGE_SIZE_MAX = 100;
/** Unread counts are counted up to this (the badge shows 9+ anyway). */
export const CHAT_UNREAD_COUNT_CAP = 99;
/** The client sends {type: 'ping'} at least this often; the server closes a socket silent for much longer. */
export const CHAT_CLIENT_PING_INTERVAL_MS = 25_000;
export const BANNED_WORD_MAX_LENGTH = 100;

/** The texts the server answers with (the English entries of the catalogue). */
export const CHAT_MESSAGES = {
  messageRequired: 'Message cannot be empty',
  messageTooLong: `Message cannot be longer than ${CHAT_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`,
  testMessageRequired: 'Enter a message to test',
  wordRequired: 'Enter a word to add',
  allowed: 'No banned words found',
} as const;

/** A chat message id: numbers that grow in the order messages are stored (and delivered) in a room. */
export const ZChatMessageIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A message id in a query string or a path ("123"). */
export const ZChatMessageIdTextSchema = (label: string) =>
  ZTextSchema(label)
    .trim()
    .regex(/^[1-9]\d{0,14}$/, `${label} must be a message id`)
    .transform(Number);

/** Message text as people write it: trimmed, 1 to 2,000 characters, no control characters but tab and newline. */
export const ZChatContentSchema = ZTextSchema('Message', { error: CHAT_MESSAGES.messageRequired })
  .trim()
  .min(1, CHAT_MESSAGES.messageRequired)
  .max(CHAT_MESSAGE_MAX_LENGTH, CHAT_MESSAGES.messageTooLong);

/** The chat message as every reader sees it (spec 01 s.3 "Chat message"). */
export const ZChatMessageSchema = z.object({
  id: ZChatMessageIdSchema,
  /** The person who wrote it; null for an assistant. */
  userId: z.uuid().nullable(),
  /** Set exactly when an assistant (a bot) wrote it. */
  assistantId: z.uuid().nullable(),
  /** True exactly when assistantId is set; set by the server only. */
  isBot: z.boolean(),
  content: z.string(),
  createdAt: z.string(),
  /** Written by an admin: shown as Support Team with the badge Admin. */
  isFromAdmin: z.boolean(),
  chatType: ZChatTypeSchema,
  /** The worker whose support thread this is (support messages only). */
  supportUserId: z.uuid().nullable(),
  replyToId: ZChatMessageIdSchema.nullable(),
  /** The id the sender's device gave the message (a resend with the same id stores nothing new). */
  clientId: z.uuid().nullable(),
  /** The author's names; null for assistants and for admins (shown as Support Team). */
  user: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  assistant: z.object({ displayName: z.string(), avatar: z.string().nullable(), preferredLanguage: z.enum(['english', 'russian']) }).nullable(),
  replyTo: z.object({ id: ZChatMessageIdSchema, senderName: z.string(), content: z.string(), isBot: z.boolean(), isFromAdmin: z.boolean() }).nullable(),
});
export type TChatMessage = z.infer<typeof ZChatMessageSchema>;

/**
 * GET /api/chat/messages?chatType&before&after&limit. Without a cursor: the newest page. `before`: the page of older
 * messages. `after`: the messages stored after that id, oldest first, up to `limit` (a reconnecting client pages
 * forwards until `hasMore` is false). Every page is in ascending id order.
 */
export const ZChatMessagesQuerySchema = z
  .strictObject({
    chatType: ZChatTypeSchema.default('general'),
    before: ZChatMessageIdTextSchema('before').optional(),
    after: ZChatMessageIdTextSchema('after').optional(),
    limit: ZTextSchema('limit')
      .trim()
      .regex(/^\d{1,3}$/, `limit must be a whole number from 1 to ${CHAT_PAGE_SIZE_MAX}`)
      .transform(Number)
      .pipe(z.number().int().min(1, `limit must be a whole number from 1 to ${CHAT_PAGE_SIZE_MAX}`).max(CHAT_PAGE_SIZE_MAX, `limit must be a whole number from 1 to ${CHAT_PAGE_SIZE_MAX}`))
      .optional(),
  })
  .refine((q) => q.before === undefined || q.after === undefined, { message: 'Use before or after, not both', path: ['after'], params: fieldIssueCode('FIELD.INVALID') });
export type TChatMessagesQuery = z.infer<typeof ZChatMessagesQuerySchema>;

export const ZChatMessagePageSchema = z.object({
  messages: z.array(ZChatMessageSchema),
  /** More messages exist in the direction asked (older for the newest page and `before`, newer for `after`). */
  hasMore: z.boolean(),
});
export type TChatMessagePage = z.infer<typeof ZChatMessagePageSchema>;

/** POST /api/chat/messages; the socket's chat_message carries the same fields. */
export const ZPostChatMessageRequestSchema = z.strictObject({
  content: ZChatContentSchema,
  replyToId: ZChatMessageIdSchema.nullable().optional(),
  chatType: ZChatTypeSchema.default('general'),
  clientId: z.uuid({ error: 'clientId must be a UUID' }).optional(),
});
export type TPostChatMessageRequest = z.infer<typeof ZPostChatMessageRequestSchema>;

/** Unread messages from others, per chat type, as the server counts them (capped at CHAT_UNREAD_COUNT_CAP). */
export const ZChatUnreadCountsSchema = z.object({ general: z.number().int().min(0), support: z.number().int().min(0) });
export type TChatUnreadCounts = z.infer<typeof ZChatUnreadCountsSchema>;

/** POST /api/chat/read: marks the chat read up to `upToId` (default: everything stored so far). */
export const ZMarkChatReadRequestSchema = z.strictObject({
  chatType: ZChatTypeSchema,
  upToId: ZChatMessageIdSchema.optional(),
});
export type TMarkChatReadRequest = z.infer<typeof ZMarkChatReadRequestSchema>;

/* ---- The live connection (/ws): frames a client sends. ---- */

const ZTokenTextSchema = ZTextSchema('token').min(1, 'token is required').max(4096, 'token is too long');

export const ZChatClientFrameSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('auth'), token: ZTokenTextSchema }),
  z.strictObject({
    type: z.literal('chat_message'),
    /**
     * Sent by the spec's client; the socket is already authenticated, so it is not needed. When present it is checked:
     * an invalid, expired or revoked token refuses the message (AUTH.*), another user's token too (CHAT.TOKEN_MISMATCH).
     */
    token: ZTokenTextSchema.optional(),
    content: ZChatContentSchema,
    replyToId: ZChatMessageIdSchema.nullable().optional(),
    chatType: ZChatTypeSchema.default('general'),
    clientId: z.uuid({ error: 'clientId must be a UUID' }).optional(),
  }),
  z.strictObject({ type: z.literal('mark_read'), chatType: ZChatTypeSchema, upToId: ZChatMessageIdSchema.optional() }),
  /** The tab the user is looking at (null: not looking at the chat); its new messages are marked read at once. */
  z.strictObject({ type: z.literal('active_tab'), chatType: ZChatTypeSchema.nullable() }),
  z.strictObject({ type: z.literal('ping') }),
]);
export type TChatClientFrame = z.infer<typeof ZChatClientFrameSchema>;

/* ---- Frames the server sends. ---- */

export type TChatServerFrame =
  | { type: 'auth'; success: true; userId: string; role: 'employee' | 'admin'; unread: TChatUnreadCounts }
  | { type: 'auth'; success: false; message: string; code: string }
  /** A message from a person (or an admin) in a room this socket is in. */
  | { type: 'new_message'; message: TChatMessage }
  /** A message from an assistant (spec 01 s.7): data.isBot is true. */
  | { type: 'message'; data: TChatMessage }
  /** The answer to this socket's chat_message: stored (and delivered to everyone, this socket included). */
  | { type: 'message_ack'; clientId: string | null; message: TChatMessage }
  | { type: 'unread'; unread: TChatUnreadCounts }
  | { type: 'error'; code: string; message: string; params?: Record<string, unknown>; clientId?: string | null; field?: string }
  | { type: 'pong' }
  /** This instance may have missed messages (its Redis subscription was lost): read after your last id again. */
  | { type: 'resync' };

/** WebSocket close codes the server uses: kept in constants.ts, which the frontend may import. */
export { CHAT_CLOSE_CODES } from './constants.js';

/* ---- Moderation (spec 03 "Chat Moderation", s.7). ---- */

export const ZBannedWordListSchema = z.array(z.string());

/** POST and DELETE /api/admin/chat-moderation/banned-words: {words}. */
export const ZBannedWordsRequestSchema = z.strictObject({
  words: z
    .array(
      ZTextSchema('Word', { error: CHAT_MESSAGES.wordRequired })
        .trim()
        .min(1, CHAT_MESSAGES.wordRequired)
        .max(BANNED_WORD_MAX_LENGTH, `A banned word can be at most ${BANNED_WORD_MAX_LENGTH} characters`),
      { error: 'words must be a list of words' },
    )
    .min(1, CHAT_MESSAGES.wordRequired)
    .max(500, 'At most 500 words at once'),
});
export type TBannedWordsRequest = z.infer<typeof ZBannedWordsRequestSchema>;

export const ZModerationTestRequestSchema = z.strictObject({
  message: ZTextSchema('Message', { error: CHAT_MESSAGES.testMessageRequired })
    .trim()
    .min(1, CHAT_MESSAGES.testMessageRequired)
    .max(CHAT_MESSAGE_MAX_LENGTH, CHAT_MESSAGES.messageTooLong),
});

/** The one verdict of the matcher that guards every message (spec 03 "Moderation test result"). */
export const ZModerationResultSchema = z.object({
  isAllowed: z.boolean(),
  reason: z.string(),
  /** The banned words found (as stored), each once. */
  blockedWords: z.array(z.string()),
  /** The message with each match replaced by asterisks. */
  cleanedMessage: z.string(),
});
export type TModerationResult = z.infer<typeof ZModerationResultSchema>;

/* ---- Chat Monitor (spec 03 "Chat Monitor", s.4, s.7). ---- */

export const CHAT_MONITOR_FILTERS = ['all', 'people', 'assistants'] as const;
export type TChatMonitorFilter = (typeof CHAT_MONITOR_FILTERS)[number];
/** The rooms the monitor reads: the general room (the default), every support thread, or both. */
export const CHAT_MONITOR_ROOMS = ['general', 'support', 'all'] as const;
export type TChatMonitorRoom = (typeof CHAT_MONITOR_ROOMS)[number];
/** ?search and ?user need this many characters (a trigram index serves them). */
export const CHAT_MONITOR_SEARCH_MIN_LENGTH = 3;

/**
 * GET /api/admin/chat-messages?filter&room&conversation&user&search&from&to&pageSize&cursor (the paging convention
 * of paging.ts): live messages (not the archive), newest first (keyset on createdAt, id). `filter` people or
 * assistants (bot or human); `room` general (default), support (every worker's thread) or all; `conversation` one
 * worker's support thread (their user id; implies room support); `user` part of the author's e-mail or name; `search`
 * part of the text; `from`/`to` the time the message was written.
 */
export const ZChatMonitorQuerySchema = z
  .strictObject({
    filter: z.enum(CHAT_MONITOR_FILTERS, { error: 'filter must be all, people or assistants' }).default('all'),
    room: z.enum(CHAT_MONITOR_ROOMS, { error: 'room must be general, support or all' }).optional(),
    conversation: ZTextSchema('conversation')
      .trim()
      .pipe(z.uuid({ error: "conversation must be a worker's user id (their support thread)" }))
      .transform((v) => v.toLowerCase())
      .optional(),
    user: ZUserSearchSchema('user'),
    search: ZTextSchema('search')
      .trim()
      .min(CHAT_MONITOR_SEARCH_MIN_LENGTH, `search must be at least ${CHAT_MONITOR_SEARCH_MIN_LENGTH} characters`)
      .max(200, 'search is too long (at most 200 characters)')
      .optional(),
    from: ZDateBoundSchema('from'),
    to: ZDateBoundSchema('to'),
    ...PAGE_QUERY_SHAPE,
  })
  .superRefine((q, ctx) => {
    checkRanges(q, ctx);
    if (q.conversation && q.room === 'general') {
      ctx.addIssue({ code: 'custom', message: 'conversation is a support thread: use room support or all', path: ['conversation'] });
    }
  });
export type TChatMonitorQuery = z.output<typeof ZChatMonitorQuerySchema>;

/** Spec 03 s.4: starts at 5, minus 1 per issue, never below 1; 4+ good, 3 fair, less poor. */
export const ASSISTANT_QUALITY_ISSUES = ['wrong_language', 'too_short', 'too_long', 'banned_word'] as const;
export const ZAssistantQualitySchema = z.object({
  score: z.number().int().min(1).max(5),
  issues: z.array(z.enum(ASSISTANT_QUALITY_ISSUES)),
});
export type TAssistantQuality = z.infer<typeof ZAssistantQualitySchema>;

/** A message as the admin monitor reads it: every author named, the quality score on assistant messages. */
export const ZAdminChatMessageSchema = ZChatMessageSchema.extend({
  author: z.object({ firstName: z.string(), lastName: z.string(), role: z.string() }).nullable(),
  quality: ZAssistantQualitySchema.nullable(),
});
export type TAdminChatMessage = z.infer<typeof ZAdminChatMessageSchema>;

export const ZChatMonitorStatsSchema = z.object({
  /** General-room messages in the last 24 hours. */
  messagesLast24h: z.number().int(),
  peopleMessagesLast24h: z.number().int(),
  assistantMessagesLast24h: z.number().int(),
  /** Distinct people who wrote in the last 24 hours. */
  activePeopleLast24h: z.number().int(),
  /** Assistant messages of the last 24 hours by quality band (spec 03 s.4), as shares 0..1 (0 when there are none). */
  assistantQualityLast24h: z.object({ good: z.number(), fair: z.number(), poor: z.number(), scored: z.number().int() }).optional(),
});
export type TChatMonitorStats = z.infer<typeof ZChatMonitorStatsSchema>;

/** GET /api/admin/chat-messages: a page of the monitor's feed. */
export const ZChatMonitorPageSchema = ZPageSchema(ZAdminChatMessageSchema);
export type TChatMonitorPage = z.infer<typeof ZChatMonitorPageSchema>;

/** GET /api/admin/chat-messages/stats: takes no parameters. */
export const ZChatMonitorStatsQuerySchema = z.strictObject({});
