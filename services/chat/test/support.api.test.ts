import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChatServerFrame, TSupportServerFrame } from '@platform/contracts';
import { eventually } from '@platform/service-kit/testing';
import { startChatHarness, type TChatHarness, type TTestUser } from './helpers.js';

type TFrame = TChatServerFrame | TSupportServerFrame;
/** The socket helper types frames as the chat's; support frames travel on the same socket. */
const asFrame = (f: TChatServerFrame) => f as unknown as TFrame;
const isStatus = (status: string) => (f: TChatServerFrame) => { const s = asFrame(f); return s.type === 'support_status' && s.status === status; };

let h: TChatHarness;
let admin2: TTestUser;
beforeAll(async () => {
  h = await startChatHarness('chat_support', { SEND_LIMIT_MESSAGES: '1000' });
  admin2 = await h.newUser({ role: 'admin', firstName: 'Alan', lastName: 'Second' });
});
afterAll(async () => {
  await h?.close();
});

const write = async (user: TTestUser, content: string) => {
  const res = await h.api('POST', '/api/support/message', { token: user.token, body: { content } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number };
};
const reply = async (userId: string, content: string, admin: TTestUser = h.admin, instance = h.a) => {
  const res = await h.api('POST', '/api/admin/support-reply', { token: admin.token, body: { userId, content }, instance });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number };
};
const conversationOf = async (userId: string) => {
  // The desk list is paged: found by the worker's e-mail (the test users' is their id @example.com).
  const res = await h.api('GET', `/api/admin/support-conversations?user=${userId}`, { token: h.admin.token });
  expect(res.status).toBe(200);
  return (res.body.items as { userId: string; status: string; unreadCount: number; assignedAdminId: string | null; waitingSince: string | null }[]).find((c) => c.userId === userId);
};
const workerView = async (user: TTestUser) => (await h.api('GET', '/api/support/conversation', { token: user.token })).body as { status: string | null; unreadCount: number };
const supportRows = async (userId: string) => (await h.query<{ n: number }>(`SELECT count(*)::int AS n FROM chat_messages WHERE chat_type = 'support' AND support_user_id = $1`, [userId]))[0]!.n;
const outboxOf = async (type: string, userId: string) =>
  h.query<{ payload: { data: Record<string, unknown> } }>(`SELECT payload FROM outbox WHERE type = $1 AND payload->'data'->>'userId' = $2 ORDER BY seq`, [type, userId]);

describe('POST /api/support/message and the worker\'s own thread', () => {
  it('when a worker writes, then the message is stored trimmed in their own thread, the conversation is open and the desk has one unread', async () => {
    const ada = await h.newUser({ firstName: 'Ada', lastName: 'Lovelace' });
    const res = await h.api('POST', '/api/support/message', { token: ada.token, body: { content: '  My withdrawal is late \r\n' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ content: 'My withdrawal is late', chatType: 'support', supportUserId: ada.id, userId: ada.id, isFromAdmin: false, isBot: false });
    expect(await conversationOf(ada.id)).toMatchObject({ status: 'open', unreadCount: 1, user: { firstName: 'Ada', lastName: 'Lovelace', email: `${ada.id}@example.com` }, lastMessage: 'My withdrawal is late' });
    expect(await workerView(ada)).toEqual({ status: 'open', unreadCount: 0, lastMessageAt: expect.any(String) });
    const thread = await h.api('GET', '/api/chat/messages?chatType=support', { token: ada.token });
    expect(thread.body.messages.map((m: { content: string }) => m.content)).toEqual(['My withdrawal is late']);
  });

  it.each([
    ['empty', '', 'Message cannot be empty'],
    ['blank', '  \n ', 'Message cannot be empty'],
    ['2,001 characters', 'x'.repeat(2001), 'Message cannot be longer than 2,000 characters'],
    ['a NUL', 'a\u0000b', 'Message must not contain control characters'],
  ])('when the content is %s, then 400 naming content and nothing is stored', async (_case, content, message) => {
    const worker = await h.newUser();
    const res = await h.api('POST', '/api/support/message', { token: worker.token, body: { content } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, field: 'content' });
    expect(await supportRows(worker.id)).toBe(0);
    expect(await workerView(worker)).toMatchObject({ status: null });
  });

  it('when an admin posts to /api/support/message, then 403 (admins answer from the desk)', async () => {
    const res = await h.api('POST', '/api/support/message', { token: h.admin.token, body: { content: 'Hi' } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('SUPPORT.ADMINS_USE_DESK');
  });
});

describe('a worker cannot read or write another worker\'s thread, whatever ids they send', () => {
  it('when worker B tries every call and socket frame on worker A\'s thread, then each is refused, nothing is stored and B hears nothing of A\'s', async () => {
    const ada = await h.newUser({ firstName: 'Ada' });
    const bob = await h.newUser({ firstName: 'Bob' });
    await write(ada, 'Private: my wallet address changed');
    await reply(ada.id, 'Private answer for Ada');
    const bobSocket = await h.connect(bob, h.b);
    const before = await supportRows(ada.id);

    const refusals = [
      await h.api('POST', '/api/support/message', { token: bob.token, body: { content: 'into Ada', userId: ada.id } }),
      await h.api('POST', '/api/support/message', { token: bob.token, body: { content: 'into Ada', supportUserId: ada.id } }),
      await h.api('POST', '/api/chat/messages', { token: bob.token, body: { content: 'into Ada', chatType: 'support' } }),
      await h.api('POST', '/api/chat/messages', { token: bob.token, body: { content: 'into Ada', chatType: 'support', supportUserId: ada.id } }),
      await h.api('GET', `/api/chat/messages?chatType=support&supportUserId=${ada.id}`, { token: bob.token }),
      await h.api('GET', `/api/support/conversation?userId=${ada.id}`, { token: bob.token }),
      await h.api('GET', `/api/admin/support-messages/${ada.id}`, { token: bob.token }),
      await h.api('POST', '/api/admin/support-reply', { token: bob.token, body: { userId: ada.id, content: 'fake support' } }),
      await h.api('PATCH', `/api/admin/support-conversations/${ada.id}`, { token: bob.token, body: { status: 'closed' } }),
      await h.api('GET', '/api/admin/support-conversations', { token: bob.token }),
    ];
    expect(refusals.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400, 403, 403, 403, 403]);

    // Bob's own thread read is his own (empty), never Ada's.
    const own = await h.api('GET', '/api/chat/messages?chatType=support', { token: bob.token });
    expect(own.body.messages).toEqual([]);

    const from = bobSocket.frames.length;
    bobSocket.send({ type: 'chat_message', content: 'socket into Ada', chatType: 'support', clientId: crypto.randomUUID() });
    bobSocket.send({ type: 'chat_message', content: 'socket into Ada', chatType: 'support', supportUserId: ada.id });
    bobSocket.send({ type: 'mark_read', chatType: 'support', supportUserId: ada.id });
    bobSocket.send({ type: 'support_reply', userId: ada.id, content: 'x' });
    const errors: TFrame[] = [];
    for (let i = 0; i < 4; i++) errors.push(await bobSocket.next((f) => f.type === 'error', { from: from + errors.length, what: `refusal ${i + 1}` }));
    expect(errors.map((e) => (e.type === 'error' ? e.code : ''))).toEqual(['CHAT.SUPPORT_NOT_HERE', 'REQUEST.VALIDATION', 'REQUEST.VALIDATION', 'REQUEST.VALIDATION']);

    // A's next messages reach A's socket and the admins', never B's.
    const adaSocket = await h.connect(ada, h.a);
    const adminSocket = await h.connect(h.admin, h.b);
    const later = await write(ada, 'Another private line');
    const answer = await reply(ada.id, 'Another private answer', admin2, h.b);
    await adaSocket.next((f) => f.type === 'new_message' && f.message.id === answer.id, { what: 'the reply on Ada\'s socket' });
    await adminSocket.next((f) => f.type === 'new_message' && f.message.id === later.id, { what: 'Ada\'s message on the admin\'s socket' });
    await bobSocket.send({ type: 'ping' });
    await bobSocket.next((f) => f.type === 'pong', { from });
    const leaked = (bobSocket.frames as TFrame[]).filter(
      (f) => (f.type === 'new_message' && f.message.chatType === 'support') || f.type === 'support_conversation' || (f.type === 'support_status' && f.status !== null),
    );
    expect(leaked).toEqual([]);
    expect(await supportRows(ada.id)).toBe(before + 2);
    expect(await supportRows(bob.id)).toBe(0);
  });
});

describe('status rules and unread counts on both sides', () => {
  it('when the worker writes, an admin opens, replies, resolves, closes and the worker writes again, then the status and both unread counts follow each step', async () => {
    const w = await h.newUser({ firstName: 'Walt' });
    const workerSocket = await h.connect(w, h.b);
    const adminSocket = await h.connect(h.admin, h.a);

    await write(w, 'Hello support');
    expect(await conversationOf(w.id)).toMatchObject({ status: 'open', unreadCount: 1 });
    expect(await workerView(w)).toMatchObject({ status: 'open', unreadCount: 0 });
    await adminSocket.next((f) => { const s = asFrame(f); return s.type === 'support_conversation' && s.conversation.userId === w.id; }, { what: 'the desk row on the admin socket' });

    await write(w, 'Are you there?');
    expect(await conversationOf(w.id)).toMatchObject({ status: 'open', unreadCount: 2 });

    // Opening the thread marks it read for the desk (not for the worker).
    const opened = await h.api('GET', `/api/admin/support-messages/${w.id}`, { token: h.admin.token });
    expect(opened.status).toBe(200);
    expect(opened.body.messages.map((m: { content: string }) => m.content)).toEqual(['Hello support', 'Are you there?']);
    expect(opened.body.conversation).toMatchObject({ unreadCount: 0 });
    expect(await conversationOf(w.id)).toMatchObject({ status: 'open', unreadCount: 0 });

    // An admin's reply: pending, one unread for the worker, announced to the worker's socket.
    await reply(w.id, 'We are looking into it');
    expect(await conversationOf(w.id)).toMatchObject({ status: 'pending', unreadCount: 0, waitingSince: null });
    expect(await workerView(w)).toMatchObject({ status: 'pending', unreadCount: 1 });
    await workerSocket.next(isStatus('pending'), { what: 'pending on the worker socket' });
    expect((await h.api('GET', '/api/chat/unread', { token: w.token })).body).toMatchObject({ support: 1 });

    // The worker opens Support: read on their side.
    expect((await h.api('POST', '/api/chat/read', { token: w.token, body: { chatType: 'support' } })).body).toMatchObject({ support: 0 });
    expect(await workerView(w)).toMatchObject({ unreadCount: 0 });

    // A new worker message: open again, one unread for the desk.
    await write(w, 'Thanks, one more thing');
    expect(await conversationOf(w.id)).toMatchObject({ status: 'open', unreadCount: 1 });

    // Resolve: resolved; the worker sees it; a new message reopens it.
    const resolved = await h.api('PATCH', `/api/admin/support-conversations/${w.id}`, { token: h.admin.token, body: { status: 'resolved' } });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ status: 'resolved', resolvedAt: expect.any(String), waitingSince: null });
    expect(await workerView(w)).toMatchObject({ status: 'resolved' });
    await workerSocket.next(isStatus('resolved'), { what: 'resolved on the worker socket' });
    await write(w, 'It happened again');
    expect(await conversationOf(w.id)).toMatchObject({ status: 'open', unreadCount: 2 });

    // Close: closed; any new message reopens it.
    expect((await h.api('PATCH', `/api/admin/support-conversations/${w.id}`, { token: h.admin.token, body: { status: 'closed' } })).body).toMatchObject({ status: 'closed', closedAt: expect.any(String) });
    expect(await workerView(w)).toMatchObject({ status: 'closed' });
    await write(w, 'Still there?');
    expect(await conversationOf(w.id)).toMatchObject({ status: 'open' });

    // Each status change by an admin is one audited event (the reply's open -> pending included); a same-status PATCH is none.
    expect((await h.api('PATCH', `/api/admin/support-conversations/${w.id}`, { token: h.admin.token, body: { status: 'open' } })).status).toBe(200);
    const changes = (await outboxOf('support_conversation.changed', w.id)).map((r) => r.payload.data);
    expect(changes.map((d) => [d.change, (d.before as { status: string }).status, (d.after as { status: string }).status, d.via])).toEqual([
      ['status', 'open', 'pending', 'reply'],
      ['status', 'open', 'resolved', 'desk'],
      ['status', 'open', 'closed', 'desk'],
    ]);
    expect(changes.every((d) => d.changedBy === h.admin.id)).toBe(true);

    // Rounds: opened, answered, resolved; reopened; closed; reopened.
    const rounds = await h.query<{ first: boolean; resolved: boolean; closed: boolean }>(
      `SELECT r.first_response_at IS NOT NULL AS first, r.resolved_at IS NOT NULL AS resolved, r.closed_at IS NOT NULL AS closed
         FROM support_rounds r JOIN support_conversations c ON c.id = r.conversation_id WHERE c.user_id = $1 ORDER BY r.id`,
      [w.id],
    );
    expect(rounds).toEqual([
      { first: true, resolved: true, closed: false },
      { first: false, resolved: false, closed: true },
      { first: false, resolved: false, closed: false },
    ]);
    // The first answer of each answered round is published once (issue 31: the trust page's support first-response time).
    const responses = (await outboxOf('support.first_response', w.id)).map((r) => r.payload.data);
    expect(responses).toHaveLength(rounds.filter((r) => r.first).length);
    expect(responses[0]).toMatchObject({ userId: w.id, respondedBy: h.admin.id, openedAt: expect.any(String), respondedAt: expect.any(String) });
    expect(Date.parse(String(responses[0]!.respondedAt))).toBeGreaterThanOrEqual(Date.parse(String(responses[0]!.openedAt)));
  });

  it('when an admin assigns to self, then the assignment is shown, filtered by mine, audited; another admin may be assigned, a worker may not', async () => {
    const w = await h.newUser();
    await write(w, 'Assign me please');
    const mine = await h.api('PATCH', `/api/admin/support-conversations/${w.id}`, { token: h.admin.token, body: { assignedAdminId: h.admin.id } });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ assignedAdminId: h.admin.id, assignedAdmin: { firstName: 'Grace', lastName: 'Admin' } });
    const list = await h.api('GET', '/api/admin/support-conversations?mine=true&pageSize=100', { token: h.admin.token });
    expect(list.body.items.map((c: { userId: string }) => c.userId)).toContain(w.id);
    const others = await h.api('GET', '/api/admin/support-conversations?mine=true&pageSize=100', { token: admin2.token });
    expect(others.body.items.map((c: { userId: string }) => c.userId)).not.toContain(w.id);

    const toWorker = await h.api('PATCH', `/api/admin/support-conversations/${w.id}`, { token: h.admin.token, body: { assignedAdminId: w.id } });
    expect(toWorker.status).toBe(400);
    expect(toWorker.body).toMatchObject({ code: 'SUPPORT.NOT_AN_ADMIN', field: 'assignedAdminId' });
    expect((await h.api('PATCH', `/api/admin/support-conversations/${w.id}`, { token: h.admin.token, body: { assignedAdminId: admin2.id } })).body).toMatchObject({ assignedAdminId: admin2.id });
    expect((await h.api('PATCH', `/api/admin/support-conversations/${w.id}`, { token: h.admin.token, body: { assignedAdminId: null } })).body).toMatchObject({ assignedAdminId: null });

    const changes = (await outboxOf('support_conversation.changed', w.id)).map((r) => r.payload.data);
    expect(changes.map((d) => [d.change, (d.before as { assignedAdminId: string | null }).assignedAdminId, (d.after as { assignedAdminId: string | null }).assignedAdminId])).toEqual([
      ['assignment', null, h.admin.id],
      ['assignment', h.admin.id, admin2.id],
      ['assignment', admin2.id, null],
    ]);

    const open = await h.api('GET', '/api/admin/support-conversations?status=open', { token: h.admin.token });
    expect(open.body.items.every((c: { status: string }) => c.status === 'open')).toBe(true);
    expect((await h.api('GET', '/api/admin/support-conversations?status=waiting', { token: h.admin.token })).status).toBe(400);
    expect((await h.api('PATCH', `/api/admin/support-conversations/${w.id}`, { token: h.admin.token, body: { status: 'archived' } })).status).toBe(400);
    expect((await h.api('PATCH', `/api/admin/support-conversations/${w.id}`, { token: h.admin.token, body: {} })).status).toBe(400);
  });

  it('when an admin replies to, opens or changes a user without a conversation, then 404 and nothing is stored', async () => {
    const nobody = await h.newUser();
    const calls = [
      await h.api('POST', '/api/admin/support-reply', { token: h.admin.token, body: { userId: nobody.id, content: 'Hi' } }),
      await h.api('GET', `/api/admin/support-messages/${nobody.id}`, { token: h.admin.token }),
      await h.api('PATCH', `/api/admin/support-conversations/${nobody.id}`, { token: h.admin.token, body: { status: 'resolved' } }),
      await h.api('GET', '/api/admin/support-messages/not-a-user', { token: h.admin.token }),
    ];
    expect(calls.map((c) => [c.status, c.body.code])).toEqual(Array(4).fill([404, 'SUPPORT.CONVERSATION_NOT_FOUND']));
    expect(await supportRows(nobody.id)).toBe(0);
  });

  it('when the desk list is read, then those waiting longest come first', async () => {
    const first = await h.newUser();
    const second = await h.newUser();
    await write(first, 'I wrote first');
    await write(second, 'I wrote second');
    const ids = (await h.api('GET', '/api/admin/support-conversations?status=open&pageSize=100', { token: h.admin.token })).body.items.map((c: { userId: string }) => c.userId);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
  });
});

describe('two admins replying at once', () => {
  it('when two admins on two instances send 10 replies at once, then all 20 are stored and the worker receives them in id order', async () => {
    const w = await h.newUser();
    await write(w, 'Anyone?');
    const socket = await h.connect(w, h.b);
    const sent = await Promise.all(
      Array.from({ length: 10 }, (_, i) => [reply(w.id, `Grace ${i}`, h.admin, h.a), reply(w.id, `Alan ${i}`, admin2, h.b)]).flat(),
    );
    const ids = sent.map((m) => m.id);
    expect(new Set(ids).size).toBe(20);
    const thread = await h.api('GET', `/api/admin/support-messages/${w.id}`, { token: h.admin.token });
    const stored = thread.body.messages.filter((m: { isFromAdmin: boolean }) => m.isFromAdmin);
    expect(stored).toHaveLength(20);
    expect(stored.map((m: { id: number }) => m.id)).toEqual([...ids].sort((x, y) => x - y));
    // Each admin's replies are in the order that admin sent them.
    for (const name of ['Grace', 'Alan']) {
      const mine = stored.filter((m: { content: string }) => m.content.startsWith(name)).map((m: { content: string }) => m.content);
      expect(mine).toHaveLength(10);
    }
    await eventually(async () => socket.messageIds().filter((id) => ids.includes(id)).length === 20, { what: 'all 20 replies on the worker socket' });
    const received = socket.messageIds().filter((id) => ids.includes(id));
    expect(received).toEqual([...received].sort((x, y) => x - y));
    expect(await conversationOf(w.id)).toMatchObject({ status: 'pending' });
    expect(await workerView(w)).toMatchObject({ unreadCount: 20 });
    // Of 20 replies racing, exactly one is the round's first answer, published once (issue 31).
    expect(await outboxOf('support.first_response', w.id)).toHaveLength(1);
  });
});

describe('the e-mail to a worker who is not connected', () => {
  it('when a worker is offline, then the first reply asks for one e-mail, the next within the hour none, and one after an hour; none while connected on another instance', async () => {
    const w = await h.newUser({ firstName: 'Olga' });
    await write(w, 'Please e-mail me');
    const first = await reply(w.id, `Answer ${'x'.repeat(100)}`);
    await reply(w.id, 'Second answer within the hour');
    let requested = await outboxOf('support.reply_email_requested', w.id);
    expect(requested.map((r) => r.payload.data)).toEqual([
      expect.objectContaining({ userId: w.id, messageId: first.id, email: `${w.id}@example.com`, firstName: 'Olga', repliedBy: h.admin.id, preview: `Answer ${'x'.repeat(73)}…` }),
    ]);
    // The relay publishes it to the broker.
    await eventually(async () => (await h.query(`SELECT 1 FROM outbox WHERE type = 'support.reply_email_requested' AND sent_at IS NOT NULL AND payload->'data'->>'userId' = $1`, [w.id])).length === 1, {
      what: 'the event published',
    });

    // An hour later (the last e-mail moved back): one more.
    await h.query(`UPDATE support_conversations SET last_emailed_at = last_emailed_at - interval '61 minutes' WHERE user_id = $1`, [w.id]);
    await reply(w.id, 'Third answer, an hour later');
    requested = await outboxOf('support.reply_email_requested', w.id);
    expect(requested).toHaveLength(2);

    // Connected (instance b) while the reply goes through instance a: no e-mail, even past the hour.
    await h.query(`UPDATE support_conversations SET last_emailed_at = last_emailed_at - interval '61 minutes' WHERE user_id = $1`, [w.id]);
    const socket = await h.connect(w, h.b);
    await reply(w.id, 'You are online', h.admin, h.a);
    expect(await outboxOf('support.reply_email_requested', w.id)).toHaveLength(2);

    // Gone again: e-mailed.
    await socket.close();
    await eventually(async () => !(await h.a.deps.presence.isOnline(w.id)), { what: 'the worker to be offline' });
    await reply(w.id, 'You left');
    expect(await outboxOf('support.reply_email_requested', w.id)).toHaveLength(3);
  });
});

describe('GET /api/admin/support-conversations/figures', () => {
  it('when conversations were answered and resolved, then the medians, counts and waiting > 24 h come from the data', async () => {
    const w = await h.newUser();
    await write(w, 'Figures please');
    // The round opened 2 hours ago, answered after 30 minutes, resolved after 90.
    await h.query(`UPDATE support_rounds SET opened_at = now() - interval '2 hours' WHERE conversation_id = (SELECT id FROM support_conversations WHERE user_id = $1)`, [w.id]);
    await reply(w.id, 'Answer');
    await h.query(
      `UPDATE support_rounds SET first_response_at = opened_at + interval '30 minutes' WHERE conversation_id = (SELECT id FROM support_conversations WHERE user_id = $1)`,
      [w.id],
    );
    await h.api('PATCH', `/api/admin/support-conversations/${w.id}`, { token: h.admin.token, body: { status: 'resolved' } });
    const waiting = await h.newUser();
    await write(waiting, 'Nobody answers me');
    await h.query(`UPDATE support_conversations SET waiting_since = now() - interval '25 hours' WHERE user_id = $1`, [waiting.id]);

    const res = await h.api('GET', '/api/admin/support-conversations/figures', { token: h.admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      days: 30,
      respondedCount: expect.any(Number),
      resolvedCount: expect.any(Number),
      waitingOver24h: 1,
      byStatus: { open: expect.any(Number), pending: expect.any(Number), resolved: expect.any(Number), closed: expect.any(Number) },
    });
    expect(res.body.medianFirstResponseSeconds).toEqual(expect.any(Number));
    expect(res.body.medianResolutionSeconds).toEqual(expect.any(Number));
    const view = await conversationOf(w.id);
    expect(view).toMatchObject({ firstResponseSeconds: 1800, resolutionSeconds: expect.any(Number) });
    expect((view as unknown as { resolutionSeconds: number }).resolutionSeconds).toBeGreaterThanOrEqual(7190);
    expect((await h.api('GET', '/api/admin/support-conversations/figures', { token: waiting.token })).status).toBe(403);
  });
});
