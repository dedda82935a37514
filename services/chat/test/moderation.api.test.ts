import { eventually } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, startChatHarness, type TChatHarness, type TTestUser } from './helpers.js';

let h: TChatHarness;
let worker: TTestUser;
beforeAll(async () => {
  h = await startChatHarness('chat_moderation');
  worker = await h.newUser();
});
afterAll(async () => {
  await h?.close();
});

const words = (path = '/api/admin/chat-moderation/banned-words') => h.api('GET', path, { token: h.admin.token });

describe('/api/admin/chat-moderation/banned-words', () => {
  it('when a worker calls any moderation route, then 403 and nothing changes', async () => {
    expect((await h.api('GET', '/api/admin/chat-moderation/banned-words', { token: worker.token })).status).toBe(403);
    expect((await h.api('POST', '/api/admin/chat-moderation/banned-words', { token: worker.token, body: { words: ['x'] } })).status).toBe(403);
    expect((await h.api('POST', '/api/admin/chat-moderation/test', { token: worker.token, body: { message: 'x' } })).status).toBe(403);
    expect((await h.api('GET', '/api/admin/chat-messages', { token: worker.token })).status).toBe(403);
    expect(await h.query('SELECT * FROM banned_words')).toEqual([]);
  });

  it('when words are added, then they are stored trimmed and in lower case, once, and the list is sorted', async () => {
    const res = await h.api('POST', '/api/admin/chat-moderation/banned-words', { token: h.admin.token, body: { words: ['  Phishing ', 'fraud', 'FRAUD', 'free   money'] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(['fraud', 'free money', 'phishing']);
    expect((await words()).body).toEqual(['fraud', 'free money', 'phishing']);
  });

  it('when a word is empty or has no letter, then 400 with the spec\'s message and nothing is added', async () => {
    expect((await h.api('POST', '/api/admin/chat-moderation/banned-words', { token: h.admin.token, body: { words: ['   '] } })).body).toMatchObject({ message: 'Enter a word to add' });
    expect((await h.api('POST', '/api/admin/chat-moderation/banned-words', { token: h.admin.token, body: { words: [] } })).body).toMatchObject({ message: 'Enter a word to add' });
    expect((await h.api('POST', '/api/admin/chat-moderation/banned-words', { token: h.admin.token, body: { words: ['***'] } })).body).toMatchObject({ code: 'CHAT.INVALID_WORD' });
    expect((await words()).body).toEqual(['fraud', 'free money', 'phishing']);
  });

  it('when a word is added on instance A, then a message through instance B is refused at once', async () => {
    await h.api('POST', '/api/admin/chat-moderation/banned-words', { token: h.admin.token, body: { words: ['ponzi'] }, instance: h.a });
    await eventually(async () => (await h.api('POST', '/api/chat/messages', { token: worker.token, body: { content: 'a p0nzi scheme', chatType: 'general' }, instance: h.b })).status === 400, {
      timeoutMs: 2_000,
      what: 'instance B to refuse the new word',
    });
    expect((await h.api('GET', '/api/admin/chat-moderation/banned-words', { token: h.admin.token, instance: h.b })).body).toContain('ponzi');
  });

  it('when words are removed, then they are gone everywhere and messages with them pass again', async () => {
    const res = await h.api('DELETE', '/api/admin/chat-moderation/banned-words', { token: h.admin.token, body: { words: ['PONZI', 'fraud'] }, instance: h.b });
    expect(res.body).toEqual(['free money', 'phishing']);
    await eventually(async () => (await h.api('GET', '/api/admin/chat-moderation/banned-words', { token: h.admin.token, instance: h.a })).body.length === 2, { what: 'A to reload' });
    await post(h, worker, 'ponzi is a historical name');
  });
});

describe('POST /api/admin/chat-moderation/test', () => {
  it('when the message is clean, then allowed with the message unchanged', async () => {
    const res = await h.api('POST', '/api/admin/chat-moderation/test', { token: h.admin.token, body: { message: 'Hello, team' } });
    expect(res.body).toEqual({ isAllowed: true, reason: 'No banned words found', blockedWords: [], cleanedMessage: 'Hello, team' });
  });

  it('when the message has banned words in disguise, then the verdict lists them and masks them; and the chat refuses the same text', async () => {
    const text = 'Get FREEMONEY here, no ph1sh1ng';
    const res = await h.api('POST', '/api/admin/chat-moderation/test', { token: h.admin.token, body: { message: text } });
    expect(res.body).toEqual({
      isAllowed: false,
      reason: 'Message blocked: it contains the banned words "free money", "phishing"',
      blockedWords: ['free money', 'phishing'],
      cleanedMessage: 'Get ********* here, no ********',
    });
    const sent = await h.api('POST', '/api/chat/messages', { token: worker.token, body: { content: text, chatType: 'general' } });
    expect(sent.body).toMatchObject({ code: 'CHAT.MESSAGE_BLOCKED', message: res.body.reason });
  });

  it('when the message is empty, then 400 Enter a message to test', async () => {
    const res = await h.api('POST', '/api/admin/chat-moderation/test', { token: h.admin.token, body: { message: '  ' } });
    expect(res.body).toMatchObject({ message: 'Enter a message to test', field: 'message' });
  });
});

describe('GET /api/admin/chat-messages (Chat Monitor)', () => {
  it('when filtered, then people, assistants or all come back newest first, with every author named and quality on assistant messages', async () => {
    const [assistant] = await h.query<{ id: string }>(`INSERT INTO chat_assistants (display_name, preferred_language) VALUES ('Guide', 'english') RETURNING id`);
    await h.query(`INSERT INTO chat_messages (assistant_id, content, chat_type) VALUES ($1, 'Привет всем', 'general')`, [assistant!.id]);
    await post(h, worker, 'A person writes');
    const all = await h.api('GET', '/api/admin/chat-messages', { token: h.admin.token });
    expect(all.status).toBe(200);
    expect(all.body.items[0]).toMatchObject({ content: 'A person writes', isBot: false, author: { firstName: worker.firstName, lastName: worker.lastName, role: 'employee' }, quality: null });
    const bots = await h.api('GET', '/api/admin/chat-messages?filter=assistants', { token: h.admin.token });
    expect(bots.body.items).toHaveLength(1);
    expect(bots.body).toMatchObject({ total: 1, totalExact: true, nextCursor: null });
    expect(bots.body.items[0]).toMatchObject({ isBot: true, author: null, assistant: { displayName: 'Guide' }, quality: { score: 4, issues: ['wrong_language'] } });
    const people = await h.api('GET', '/api/admin/chat-messages?filter=people', { token: h.admin.token });
    expect(people.body.items.length).toBeGreaterThan(0);
    expect(people.body.items.every((m: { isBot: boolean }) => !m.isBot)).toBe(true);
    const stats = await h.api('GET', '/api/admin/chat-messages/stats', { token: h.admin.token });
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ assistantMessagesLast24h: 1 });
    expect(stats.body.messagesLast24h).toBe(stats.body.peopleMessagesLast24h + 1);
    expect((await h.api('GET', '/api/admin/chat-messages/stats', { token: worker.token })).status).toBe(403);
    expect((await h.api('GET', '/api/admin/chat-messages/stats?filter=all', { token: h.admin.token })).status).toBe(400);
    expect((await h.api('GET', '/api/admin/chat-messages?filter=robots', { token: h.admin.token })).status).toBe(400);
  });
});
