import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@platform/service-kit/testing';
import { post, startChatHarness, type TChatHarness, type TTestUser } from './helpers.js';

let h: TChatHarness;
let ada: TTestUser;
let bob: TTestUser;
beforeAll(async () => {
  h = await startChatHarness('chat_messages');
  ada = await h.newUser({ firstName: 'Ada', lastName: 'Lovelace' });
  bob = await h.newUser({ firstName: 'Bob', lastName: 'Builder' });
});
afterAll(async () => {
  await h?.close();
});

describe('POST /api/chat/messages', () => {
  it('when a worker posts, then the message is stored trimmed with the author\'s names, isBot false and isFromAdmin false', async () => {
    const res = await h.api('POST', '/api/chat/messages', { token: ada.token, body: { content: '  Hello everyone \r\n', chatType: 'general' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      content: 'Hello everyone',
      userId: ada.id,
      isBot: false,
      assistantId: null,
      isFromAdmin: false,
      chatType: 'general',
      user: { firstName: 'Ada', lastName: 'Lovelace' },
      replyTo: null,
    });
    expect(typeof res.body.id).toBe('number');
  });

  it('when a client sends isBot, isFromAdmin or assistantId, then 400 and nothing is stored', async () => {
    const before = await h.query('SELECT count(*)::int AS n FROM chat_messages');
    for (const extra of [{ isBot: true }, { isFromAdmin: true }, { assistantId: '7f1a8f68-8f3e-4a43-9a59-2bd5cbd2d3b0' }]) {
      const res = await h.api('POST', '/api/chat/messages', { token: ada.token, body: { content: 'I am a person', chatType: 'general', ...extra } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('REQUEST.VALIDATION');
    }
    expect(await h.query('SELECT count(*)::int AS n FROM chat_messages')).toEqual(before);
  });

  it('when an admin posts, then it is from admin and shown as Support Team (no personal names)', async () => {
    const res = await h.api('POST', '/api/chat/messages', { token: h.admin.token, body: { content: 'Welcome from the team', chatType: 'general' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ isFromAdmin: true, isBot: false, user: null });
  });

  it.each([
    ['empty', '', 'Message cannot be empty'],
    ['only spaces', '   \n ', 'Message cannot be empty'],
    ['2,001 characters', 'x'.repeat(2001), 'Message cannot be longer than 2,000 characters'],
    ['a NUL', 'hi\u0000there', 'Message must not contain control characters'],
    ['an escape character', 'hi\u001b[31m', 'Message must not contain control characters'],
    ['a lone surrogate', 'hi\ud800', 'Message must be valid Unicode text'],
  ])('when the content is %s, then 400 with the message naming content', async (_case, content, message) => {
    const res = await h.api('POST', '/api/chat/messages', { token: ada.token, body: { content, chatType: 'general' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, field: 'content' });
  });

  it('when the content is exactly 2,000 characters after trimming, then it is stored', async () => {
    const res = await h.api('POST', '/api/chat/messages', { token: bob.token, body: { content: ` ${'y'.repeat(2000)} `, chatType: 'general' } });
    expect(res.status).toBe(201);
    expect(res.body.content).toHaveLength(2000);
  });

  it('when a message replies to another, then the quoted sender name and content come back, now and when read', async () => {
    const original = await post(h, bob, 'Who knows the payout schedule?');
    const res = await h.api('POST', '/api/chat/messages', { token: ada.token, body: { content: 'Every Friday', chatType: 'general', replyToId: original.id } });
    expect(res.status).toBe(201);
    expect(res.body.replyTo).toEqual({ id: original.id, senderName: 'Bob Builder', content: 'Who knows the payout schedule?', isBot: false, isFromAdmin: false });
    const page = await h.api('GET', '/api/chat/messages', { token: bob.token });
    expect(page.body.messages.find((m: { id: number }) => m.id === res.body.id).replyTo.senderName).toBe('Bob Builder');
  });

  it('when a reply points at a message that does not exist, then 400 naming replyToId', async () => {
    const res = await h.api('POST', '/api/chat/messages', { token: ada.token, body: { content: 'Re', chatType: 'general', replyToId: 999_999_999 } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'CHAT.REPLY_NOT_FOUND', field: 'replyToId' });
  });

  it('when the same clientId is sent twice, then one message is stored and the second answer is the first message', async () => {
    const clientId = '0b0a6a8e-4c8e-4e43-8f9a-54f0d8d0f0a1';
    const first = await h.api('POST', '/api/chat/messages', { token: ada.token, body: { content: 'Sent once', chatType: 'general', clientId } });
    const second = await h.api('POST', '/api/chat/messages', { token: ada.token, body: { content: 'Sent once', chatType: 'general', clientId }, instance: h.b });
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(second.body.id).toBe(first.body.id);
    expect(await h.query('SELECT count(*)::int AS n FROM chat_messages WHERE client_id = $1', [clientId])).toEqual([{ n: 1 }]);
  });

  it('when a support message is posted here, then 400: support has its own desk', async () => {
    const res = await h.api('POST', '/api/chat/messages', { token: ada.token, body: { content: 'Help', chatType: 'support' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('CHAT.SUPPORT_NOT_HERE');
  });

  it('when a user is banned (user.updated isActive false), then their messages are refused and nothing is stored', async () => {
    const carol = await h.newUser({ firstName: 'Carol' });
    await post(h, carol, 'before the ban');
    await h.publish(
      h.envelope('user.updated', { userId: carol.id, email: `${carol.id}@example.com`, firstName: 'Carol', lastName: carol.lastName, role: 'employee', isActive: false, isVerified: false, updatedAt: new Date().toISOString() }),
    );
    await eventually(async () => (await h.query<{ is_active: boolean }>('SELECT is_active FROM users WHERE id = $1', [carol.id]))[0]?.is_active === false, { what: 'the ban' });
    const res = await h.api('POST', '/api/chat/messages', { token: carol.token, body: { content: 'after the ban', chatType: 'general' } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('CHAT.USER_BLOCKED');
    expect(await h.query('SELECT content FROM chat_messages WHERE user_id = $1', [carol.id])).toEqual([{ content: 'before the ban' }]);
  });

  it('when a user sends faster than the limit, then 429 with a wait and nothing more is stored', async () => {
    const dan = await h.newUser({ firstName: 'Dan' });
    const answers = [];
    for (let i = 0; i < h.config.SEND_LIMIT_MESSAGES + 2; i++) {
      answers.push((await h.api('POST', '/api/chat/messages', { token: dan.token, body: { content: `spam ${i}`, chatType: 'general' }, instance: i % 2 ? h.a : h.b })).status);
    }
    expect(answers.filter((s) => s === 201)).toHaveLength(h.config.SEND_LIMIT_MESSAGES);
    expect(answers.slice(-2)).toEqual([429, 429]);
    expect(await h.query('SELECT count(*)::int AS n FROM chat_messages WHERE user_id = $1', [dan.id])).toEqual([{ n: h.config.SEND_LIMIT_MESSAGES }]);
  });

  it('when there is no token, then 401', async () => {
    expect((await h.api('POST', '/api/chat/messages', { body: { content: 'x', chatType: 'general' } })).status).toBe(401);
    expect((await h.api('GET', '/api/chat/messages')).status).toBe(401);
  });
});

describe('GET /api/chat/messages', () => {
  it('when read without a cursor, with before and with after, then pages are in id order and meet without gaps or repeats', async () => {
    const erin = await h.newUser({ firstName: 'Erin' });
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push((await post(h, erin, `page message ${i}`)).id);
    await h.api('POST', '/api/chat/read', { token: erin.token, body: { chatType: 'general' } });

    const newest = await h.api('GET', '/api/chat/messages?limit=3', { token: erin.token });
    expect(newest.body.messages.map((m: { id: number }) => m.id)).toEqual(ids.slice(4));
    expect(newest.body.hasMore).toBe(true);

    const older = await h.api('GET', `/api/chat/messages?limit=3&before=${ids[4]}`, { token: erin.token });
    expect(older.body.messages.map((m: { id: number }) => m.id)).toEqual(ids.slice(1, 4));

    const after = await h.api('GET', `/api/chat/messages?limit=4&after=${ids[1]}`, { token: erin.token });
    expect(after.body.messages.map((m: { id: number }) => m.id)).toEqual(ids.slice(2, 6));
    expect(after.body.hasMore).toBe(true);
    const rest = await h.api('GET', `/api/chat/messages?limit=4&after=${ids[5]}`, { token: erin.token });
    expect(rest.body).toMatchObject({ hasMore: false });
    expect(rest.body.messages.map((m: { id: number }) => m.id)).toEqual([ids[6]]);
  });

  it('when before and after are both given, or a cursor is not an id, then 400', async () => {
    expect((await h.api('GET', '/api/chat/messages?before=5&after=2', { token: ada.token })).status).toBe(400);
    expect((await h.api('GET', '/api/chat/messages?after=abc', { token: ada.token })).body).toMatchObject({ message: 'after must be a message id' });
    expect((await h.api('GET', '/api/chat/messages?limit=500', { token: ada.token })).status).toBe(400);
  });

  it('when the support tab is read, then only the reader\'s own support thread comes back (empty today)', async () => {
    const res = await h.api('GET', '/api/chat/messages?chatType=support', { token: ada.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ messages: [], hasMore: false });
  });

  it('when an assistant wrote a message, then it reads back with isBot true and the assistant\'s name, never as a person', async () => {
    const [assistant] = await h.query<{ id: string }>(`INSERT INTO chat_assistants (display_name, avatar, preferred_language) VALUES ('Helper', '🤖', 'english') RETURNING id`);
    await h.query(`INSERT INTO chat_messages (assistant_id, content, chat_type) VALUES ($1, 'Tip: check the tasks tab', 'general')`, [assistant!.id]);
    const page = await h.api('GET', '/api/chat/messages', { token: ada.token });
    const bot = page.body.messages.find((m: { assistantId: string | null }) => m.assistantId === assistant!.id);
    expect(bot).toMatchObject({ isBot: true, userId: null, user: null, assistant: { displayName: 'Helper', avatar: '🤖', preferredLanguage: 'english' } });
  });

  it('when someone tries to store a bot flag without an assistant, then the database refuses it', async () => {
    await expect(h.query(`INSERT INTO chat_messages (user_id, content, chat_type, is_bot) VALUES ($1, 'x', 'general', true)`, [ada.id])).rejects.toThrow(/is_bot/);
  });
});

describe('unread counts over HTTP', () => {
  it('when others write, then the count rises; own messages do not count; marking read resets it; it survives a reload', async () => {
    const fay = await h.newUser({ firstName: 'Fay' });
    const gus = await h.newUser({ firstName: 'Gus' });
    expect((await h.api('GET', '/api/chat/unread', { token: fay.token })).body).toEqual({ general: 0, support: 0 });
    await post(h, gus, 'one');
    await post(h, gus, 'two');
    await post(h, fay, 'mine');
    expect((await h.api('GET', '/api/chat/unread', { token: fay.token, instance: h.b })).body).toEqual({ general: 2, support: 0 });
    const read = await h.api('POST', '/api/chat/read', { token: fay.token, body: { chatType: 'general' } });
    expect(read.body).toEqual({ general: 0, support: 0 });
    expect((await h.api('GET', '/api/chat/unread', { token: fay.token })).body).toEqual({ general: 0, support: 0 });
  });

  it('when a user joins after history was written, then none of it is unread, even before a read position is kept; later messages are', async () => {
    const jon = await h.newUser({ firstName: 'Jon' });
    await post(h, jon, 'before Ivy joined 1');
    await post(h, jon, 'before Ivy joined 2');
    const ivy = await h.newUser({ firstName: 'Ivy' });
    // Her first call marks only the support thread read: the general room has no read position for her yet.
    expect((await h.api('POST', '/api/chat/read', { token: ivy.token, body: { chatType: 'support' } })).body).toEqual({ general: 0, support: 0 });
    await post(h, jon, 'after Ivy joined');
    expect((await h.api('POST', '/api/chat/read', { token: ivy.token, body: { chatType: 'support' } })).body).toEqual({ general: 1, support: 0 });
    expect((await h.api('GET', '/api/chat/unread', { token: ivy.token })).body).toEqual({ general: 1, support: 0 });
  });

  it('when read is marked up to an id, then only later messages stay unread, and the position never goes back', async () => {
    const hal = await h.newUser({ firstName: 'Hal' });
    await h.api('GET', '/api/chat/unread', { token: hal.token });
    const first = await post(h, ada, 'u1');
    await post(h, ada, 'u2');
    await post(h, ada, 'u3');
    expect((await h.api('POST', '/api/chat/read', { token: hal.token, body: { chatType: 'general', upToId: first.id } })).body.general).toBe(2);
    expect((await h.api('POST', '/api/chat/read', { token: hal.token, body: { chatType: 'general', upToId: 1 } })).body.general).toBe(2);
  });
});
