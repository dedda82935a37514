import {
  CHAT_UNREAD_COUNT_CAP,
  previewOf,
  SUPPORT_FIGURES_DAYS,
  SUPPORT_PREVIEW_LENGTH,
  SUPPORT_REPLY_EMAIL_INTERVAL_MS,
  SUPPORT_WAITING_ALERT_HOURS,
  type TChatMessage,
  type TSupportConversation,
  type TSupportConversationPage,
  type TSupportConversationPatch,
  type TSupportConversationsQuery,
  type TSupportFigures,
  type TSupportStatus,
  type TSupportThread,
  type TWorkerSupportConversation,
} from '@platform/contracts';
import { withTransaction, writeEvent, type PoolClient } from '@platform/service-kit';
import { countUnread, findPage, insertMessage, type TRoom } from '../data-access/messages.repository.js';
import {
  findConversation,
  findConversationView,
  insertConversation,
  listConversationsPage,
  lockConversation,
  markEmailed,
  markReadByAdmin,
  readFigures,
  recordAdminReply,
  recordWorkerMessage,
  updateAssignee,
  updateStatus,
  type TConversationRecord,
} from '../data-access/support.repository.js';
import { findUser } from '../data-access/users.repository.js';
import { resolveAuthor } from './authors.js';
import type { TActor, TChatDeps } from './deps.js';
import { toMessageView } from './message-view.js';
import { CHAT_ERRORS } from './chat.errors.js';
import { appendToRoom } from './room-order.js';

/** The most messages the desk's thread returns (the newest). */
const THREAD_LIMIT = 500;

const roomOf = (userId: string): TRoom => ({ chatType: 'support', supportUserId: userId });

/** Tells the worker's sockets (their status and unread count) and every admin's (the desk's row), on every instance. */
async function announce(deps: TChatDeps, userId: string): Promise<void> {
  try {
    const conversation = await findConversationView(deps.pool, userId);
    if (!conversation) return;
    const unread = await countUnread(deps.pool, userId, CHAT_UNREAD_COUNT_CAP);
    await deps.bus.publish({ kind: 'support_conversation', conversation, worker: { status: conversation.status, unreadCount: unread.support } });
  } catch (error) {
    deps.logger.warn({ err: error, userId }, 'support: conversation change not announced');
  }
}

async function writeChange(
  client: PoolClient,
  conversation: TConversationRecord,
  change: 'status' | 'assignment',
  after: { status: TSupportStatus; assignedAdminId: string | null },
  via: 'desk' | 'reply',
  adminId: string,
  at: Date,
): Promise<void> {
  await writeEvent(client, 'support_conversation.changed', {
    conversationId: conversation.id,
    userId: conversation.userId,
    change,
    before: { status: conversation.status, assignedAdminId: conversation.assignedAdminId },
    after,
    via,
    changedBy: adminId,
    changedAt: at.toISOString(),
  });
}

/**
 * POST /api/support/message: a worker writes to their own thread, never anyone else's (the thread is the caller's
 * id; no request names another). Same text rules as chat (trimmed, 1 to 2,000 characters, no control characters);
 * a banned author is refused and sends count against the same limit as chat. The banned-word filter is not applied:
 * a worker must be able to tell support about a scam in its own words. The conversation opens (or reopens).
 */
export async function postSupportMessage(deps: TChatDeps, actor: TActor, content: string): Promise<TChatMessage> {
  if (actor.role === 'admin') throw CHAT_ERRORS.adminsUseDesk();
  const author = await resolveAuthor(deps, actor);
  await deps.sendLimiter.consume(actor.userId);
  const room = roomOf(actor.userId);
  const { message } = await appendToRoom(deps, room, async () =>
    withTransaction(deps.pool, async (client) => {
      const stored = (await insertMessage(client, { userId: actor.userId, content, replyToId: null, room, isFromAdmin: false, clientId: null }))!;
      const preview = previewOf(content, SUPPORT_PREVIEW_LENGTH);
      const conversation = await lockConversation(client, actor.userId);
      if (conversation) await recordWorkerMessage(client, conversation, stored.createdAt, preview);
      // (Writers of one thread queue on the room's lock, so two first messages never race to create it.)
      else await insertConversation(client, actor.userId, stored.createdAt, preview);
      const view: TChatMessage = {
        id: stored.id,
        userId: actor.userId,
        assistantId: null,
        isBot: false,
        content,
        createdAt: stored.createdAt.toISOString(),
        isFromAdmin: false,
        chatType: 'support',
        supportUserId: actor.userId,
        replyToId: null,
        clientId: null,
        user: { firstName: author.firstName, lastName: author.lastName },
        assistant: null,
        replyTo: null,
      };
      return { message: view, created: true };
    }),
  );
  await announce(deps, actor.userId);
  return message;
}

/** GET /api/support/conversation: the worker's own status and unread replies. */
export async function readWorkerConversation(deps: TChatDeps, actor: TActor): Promise<TWorkerSupportConversation> {
  const conversation = await findConversationView(deps.pool, actor.userId);
  const unread = await countUnread(deps.pool, actor.userId, CHAT_UNREAD_COUNT_CAP);
  return { status: conversation?.status ?? null, lastMessageAt: conversation?.lastMessageAt ?? null, unreadCount: unread.support };
}

/** GET /api/admin/support-conversations: a page of the desk list (waiting longest first, then newest activity). */
export async function readConversations(deps: TChatDeps, admin: TActor, query: TSupportConversationsQuery): Promise<TSupportConversationPage> {
  return listConversationsPage(deps.pool, query, query.mine ? admin.userId : undefined);
}

/** GET /api/admin/support-messages/{userId}: the thread; opening it marks the worker's messages read for the desk. */
export async function readThread(deps: TChatDeps, userId: string): Promise<TSupportThread> {
  const existing = await findConversation(deps.pool, userId);
  if (!existing) throw CHAT_ERRORS.conversationNotFound();
  const changed = await markReadByAdmin(deps.pool, userId);
  const [conversation, page] = await Promise.all([findConversationView(deps.pool, userId), findPage(deps.pool, roomOf(userId), { limit: THREAD_LIMIT })]);
  if (changed) await announce(deps, userId);
  return { conversation: conversation!, messages: page.messages.map(toMessageView) };
}

/**
 * POST /api/admin/support-reply: an admin answers a worker who has a conversation (404 otherwise). The reply is
 * stored in the thread (as Support Team), the conversation becomes pending (audited when that changes its status),
 * the thread is read for the desk and the round counts as answered. A worker not connected to any chat instance gets
 * an e-mail (support.reply_email_requested, sent by the admin service), at most one per conversation an hour.
 * Replies of several admins at once are stored one after another in the room's order.
 */
export async function replyToWorker(deps: TChatDeps, admin: TActor, userId: string, content: string): Promise<TChatMessage> {
  if (!(await findConversation(deps.pool, userId))) throw CHAT_ERRORS.conversationNotFound();
  const room = roomOf(userId);
  const { message } = await appendToRoom(deps, room, async () =>
    withTransaction(deps.pool, async (client) => {
      const conversation = (await lockConversation(client, userId))!;
      const stored = (await insertMessage(client, { userId: admin.userId, content, replyToId: null, room, isFromAdmin: true, clientId: null }))!;
      const at = stored.createdAt;
      const { firstResponseOf } = await recordAdminReply(client, conversation, at, previewOf(content, SUPPORT_PREVIEW_LENGTH));
      // The first answer of a round: the admin service's public figures take the support first-response time from it.
      if (firstResponseOf) {
        await writeEvent(client, 'support.first_response', {
          conversationId: conversation.id,
          userId,
          openedAt: firstResponseOf.toISOString(),
          respondedAt: at.toISOString(),
          respondedBy: admin.userId,
        });
      }
      if (conversation.status !== 'pending') await writeChange(client, conversation, 'status', { status: 'pending', assignedAdminId: conversation.assignedAdminId }, 'reply', admin.userId, at);
      const emailedRecently = conversation.lastEmailedAt && at.getTime() - conversation.lastEmailedAt.getTime() < SUPPORT_REPLY_EMAIL_INTERVAL_MS;
      if (!emailedRecently && !(await deps.presence.isOnline(userId))) {
        const worker = await findUser(client, userId);
        await writeEvent(client, 'support.reply_email_requested', {
          userId,
          conversationId: conversation.id,
          messageId: stored.id,
          preview: previewOf(content),
          repliedBy: admin.userId,
          repliedAt: at.toISOString(),
          email: worker?.email ?? null,
          firstName: worker?.firstName || null,
        });
        await markEmailed(client, conversation.id, at);
      }
      const view: TChatMessage = {
        id: stored.id,
        userId: admin.userId,
        assistantId: null,
        isBot: false,
        content,
        createdAt: at.toISOString(),
        isFromAdmin: true,
        chatType: 'support',
        supportUserId: userId,
        replyToId: null,
        clientId: null,
        user: null,
        assistant: null,
        replyTo: null,
      };
      return { message: view, created: true };
    }),
  );
  await announce(deps, userId);
  return message;
}

/**
 * PATCH /api/admin/support-conversations/{userId}: Resolve, Close (or reopen), assign to an admin or unassign.
 * Each change that really changes something is an audited event; the answer is the conversation as the desk sees it.
 */
export async function updateConversation(deps: TChatDeps, admin: TActor, userId: string, patch: TSupportConversationPatch): Promise<TSupportConversation> {
  if (patch.assignedAdminId && patch.assignedAdminId !== admin.userId) {
    const assignee = await findUser(deps.pool, patch.assignedAdminId);
    if (assignee?.role !== 'admin') throw CHAT_ERRORS.notAnAdmin();
  }
  await withTransaction(deps.pool, async (client) => {
    const conversation = await lockConversation(client, userId);
    if (!conversation) throw CHAT_ERRORS.conversationNotFound();
    const { rows } = await client.query<{ now: Date }>('SELECT clock_timestamp() AS now');
    const at = rows[0]!.now;
    let current = { status: conversation.status, assignedAdminId: conversation.assignedAdminId };
    if (patch.status !== undefined && patch.status !== conversation.status) {
      await updateStatus(client, conversation, patch.status, at);
      current = { ...current, status: patch.status };
      await writeChange(client, conversation, 'status', current, 'desk', admin.userId, at);
    }
    if (patch.assignedAdminId !== undefined && patch.assignedAdminId !== conversation.assignedAdminId) {
      await updateAssignee(client, conversation.id, patch.assignedAdminId, at);
      const before = { ...conversation, status: current.status };
      current = { ...current, assignedAdminId: patch.assignedAdminId };
      await writeChange(client, before, 'assignment', current, 'desk', admin.userId, at);
    }
  });
  await announce(deps, userId);
  return (await findConversationView(deps.pool, userId))!;
}

/** GET /api/admin/support-conversations/figures: 30-day medians and the count waiting longer than 24 h. */
export async function readSupportFigures(deps: TChatDeps): Promise<TSupportFigures> {
  return readFigures(deps.pool, SUPPORT_FIGURES_DAYS, SUPPORT_WAITING_ALERT_HOURS);
}
