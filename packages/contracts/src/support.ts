import { z } from 'zod';
import { fieldIssueCode } from './errors.js';
import { ZChatContentSchema, ZChatMessageSchema, type TChatMessage } from './chat.js';
import { ZIdSchema, ZTextSchema } from './common.js';
import { PAGE_QUERY_SHAPE, ZPageSchema, ZUserSearchSchema } from './paging.js';

/**
 * The support desk (spec 01 "Support tab", s.7 POST /api/support/message, s.9 the new-support-message notification;
 * spec 03 "CRM - Support", support_conversations and their AMENDED status rules, s.7, s.8; issue 12). Served by the
 * chat service, on the same socket (/ws) and the same Redis fan-out as the general room.
 *
 * Status (spec 03 s.4, AMENDED): a worker's message sets open (and reopens a resolved or closed conversation); an
 * admin's reply sets pending (waiting on the worker); Resolve sets resolved, Close sets closed (admins only).
 */

export const SUPPORT_STATUSES = ['open', 'pending', 'resolved', 'closed'] as const;
export const ZSupportStatusSchema = z.enum(SUPPORT_STATUSES, { error: 'status must be open, pending, resolved or closed' });
export type TSupportStatus = z.infer<typeof ZSupportStatusSchema>;

/** Spec 01 s.9: the worker's notification of an admin's reply. */
export const SUPPORT_NOTIFICATION_DURATION_MS = 5000;
export const SUPPORT_NOTIFICATION_PREVIEW_LENGTH = 80;
/** Spec 03 s.9: the desk's polls, used only while the socket is down. */
export const SUPPORT_LIST_POLL_MS = 5000;
export const SUPPORT_THREAD_POLL_MS = 3000;
/** At most one e-mail per conversation within this window, and only to a worker who is not connected. */
export const SUPPORT_REPLY_EMAIL_INTERVAL_MS = 60 * 60 * 1000;
/** The desk list's preview of the last message. */
export const SUPPORT_PREVIEW_LENGTH = 120;
/** Desk figures: medians over this many days; "waiting too long" past this many hours. */
export const SUPPORT_FIGURES_DAYS = 30;
export const SUPPORT_WAITING_ALERT_HOURS = 24;

export const SUPPORT_MESSAGES = {
  conversationNotFound: 'Support conversation not found',
  sendFailed: 'Failed to send message',
} as const;

/** Cuts a text to `length` characters plus an ellipsis (the notification's preview, spec 01 s.9). */
export function previewOf(text: string, length = SUPPORT_NOTIFICATION_PREVIEW_LENGTH): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length > length ? `${chars.slice(0, length).join('')}…` : chars.join('');
}

/** POST /api/support/message: the worker's message to their own thread (same text rules as chat). */
export const ZPostSupportMessageRequestSchema = z.strictObject({ content: ZChatContentSchema });
export type TPostSupportMessageRequest = z.infer<typeof ZPostSupportMessageRequestSchema>;

/** The worker's own view of their conversation (GET /api/support/conversation). */
export const ZWorkerSupportConversationSchema = z.object({
  /** null: the worker never wrote to support. */
  status: ZSupportStatusSchema.nullable(),
  lastMessageAt: z.string().nullable(),
  /** Replies from support the worker has not read (the same count as the chat badge's support part). */
  unreadCount: z.number().int().min(0),
});
export type TWorkerSupportConversation = z.infer<typeof ZWorkerSupportConversationSchema>;

/** A conversation as the desk lists it (spec 03 support_conversations). */
export const ZSupportConversationSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string().nullable() }),
  status: ZSupportStatusSchema,
  priority: z.string(),
  assignedAdminId: z.uuid().nullable(),
  assignedAdmin: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  lastMessage: z.string().nullable(),
  lastMessageAt: z.string().nullable(),
  /** The worker's messages no admin has read yet. */
  unreadCount: z.number().int().min(0),
  /** Since when the worker has waited for an answer (their oldest unanswered message); null when not waiting. */
  waitingSince: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** Seconds from the worker's first message (of the current round) to the first reply; null before one. */
  firstResponseSeconds: z.number().nullable(),
  /** Seconds from the start of the current round to Resolve; null while unresolved. */
  resolutionSeconds: z.number().nullable(),
});
export type TSupportConversation = z.infer<typeof ZSupportConversationSchema>;

/**
 * GET /api/admin/support-conversations?status&mine&user&pageSize&cursor (the paging convention of paging.ts), in the
 * order the desk works in: first the conversations whose worker waits for an answer, longest waiting first
 * (waitingSince ascending), then the others by last activity, newest first (lastMessageAt descending); the id
 * breaks ties in both. `user` is part of the worker's e-mail or name.
 */
export const ZSupportConversationsQuerySchema = z.strictObject({
  status: z.union([ZSupportStatusSchema, z.literal('all')], { error: 'status must be all, open, pending, resolved or closed' }).default('all'),
  mine: z.enum(['true', 'false'], { error: 'mine must be true or false' }).default('false').transform((v) => v === 'true'),
  user: ZUserSearchSchema('user'),
  ...PAGE_QUERY_SHAPE,
});
export type TSupportConversationsQuery = z.infer<typeof ZSupportConversationsQuerySchema>;

export const ZSupportConversationPageSchema = ZPageSchema(ZSupportConversationSchema);
export type TSupportConversationPage = z.infer<typeof ZSupportConversationPageSchema>;

const conversationNotFound = () => ({ code: 'SUPPORT.CONVERSATION_NOT_FOUND', message: SUPPORT_MESSAGES.conversationNotFound });

/** {userId} in /api/admin/support-messages/{userId} and /api/admin/support-conversations/{userId}. */
export const ZSupportUserParamsSchema = z.strictObject({ userId: ZIdSchema(conversationNotFound, 'userId') });

/** GET /api/admin/support-messages/{userId}: the thread (and, for the desk, the conversation). */
export const ZSupportThreadSchema = z.object({ conversation: ZSupportConversationSchema, messages: z.array(ZChatMessageSchema) });
export type TSupportThread = z.infer<typeof ZSupportThreadSchema>;

export const ZSupportThreadQuerySchema = z.strictObject({});

/** POST /api/admin/support-reply. */
export const ZSupportReplyRequestSchema = z.strictObject({
  userId: ZTextSchema('userId', { error: 'userId is required' }).pipe(z.uuid({ error: 'userId must be a user id' })).transform((v) => v.toLowerCase()),
  content: ZChatContentSchema,
});
export type TSupportReplyRequest = z.infer<typeof ZSupportReplyRequestSchema>;

/** PATCH /api/admin/support-conversations/{userId}: Resolve, Close, reopen, Assign to me / unassign. */
export const ZSupportConversationPatchSchema = z
  .strictObject({
    status: ZSupportStatusSchema.optional(),
    assignedAdminId: z.uuid({ error: 'assignedAdminId must be an admin id' }).nullable().optional(),
  })
  .refine((b) => b.status !== undefined || b.assignedAdminId !== undefined, { message: 'Give status or assignedAdminId', path: ['status'], params: fieldIssueCode('FIELD.INVALID') });
export type TSupportConversationPatch = z.infer<typeof ZSupportConversationPatchSchema>;

/** GET /api/admin/support-conversations/figures (for the admin dashboard). Times in seconds. */
export const ZSupportFiguresSchema = z.object({
  /** The window of the medians, in days (30). */
  days: z.number().int(),
  /** Median seconds to the first reply, over rounds first answered in the window; null with none. */
  medianFirstResponseSeconds: z.number().nullable(),
  /** Median seconds from a round's start to Resolve, over rounds resolved in the window; null with none. */
  medianResolutionSeconds: z.number().nullable(),
  /** How many rounds the medians are taken over. */
  respondedCount: z.number().int(),
  resolvedCount: z.number().int(),
  /** Conversations whose worker has waited for an answer longer than 24 h now. */
  waitingOver24h: z.number().int(),
  /** Conversations by status now. */
  byStatus: z.object({ open: z.number().int(), pending: z.number().int(), resolved: z.number().int(), closed: z.number().int() }),
});
export type TSupportFigures = z.infer<typeof ZSupportFiguresSchema>;

/**
 * Frames the socket adds for support (besides new_message with chatType support, which reaches the worker's sockets
 * and every admin's): the conversation changed (status, assignment, unread count). A worker hears only their own,
 * with the worker's view; admins hear every one, with the desk's view.
 */
export type TSupportServerFrame =
  | { type: 'support_conversation'; conversation: TSupportConversation }
  | { type: 'support_status'; status: TSupportStatus | null; unreadCount: number };

export type { TChatMessage as TSupportMessage };
