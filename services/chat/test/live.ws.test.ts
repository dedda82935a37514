import { randomUUID } from 'node:crypto';
import { revokeAllTokensOfUser, revokeToken, createRedis } from '@platform/service-kit';
import { eventually } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, startChatHarness, type TChatHarness, type TestSocket, type TTestUser } from './helpers.js';

let h: TChatHarness;
let ada: TTestUser;
let bob: TTestUser;
beforeAll(async () => {
  // Room for the 200-client burst in the send limit; short timers so the socket limits can be watched.
  h = await startChatHarness('chat_live', { WS_AUTH_TIMEOUT_MS: '700', SEND_LIMIT_MESSAGES: '50', WS_FRAMES_PER_SECOND: '5' });
  ada = await h.newUser({ firstName: 'Ada', lastName: 'Lovelace' });
  bob = await h.newUser({ firstName: 'Bob', lastName: 'Builder' });
});
afterAll(async () => {
  await h?.close();
});

const newMessages = (s: TestSocket) => s.frames.filter((f) => f.type === 'new_message');

describe('/ws: authentication', () => {
  it('when a client authenticates, then it hears {type: auth, success: true} with its unread counts', async () => {
    const s = await h.socket();
    s.send({ type: 'auth', token: ada.token });
    expect(await s.next((f) => f.type === 'auth')).toMatchObject({ type: 'auth', success: true, userId: ada.id, role: 'employee', unread: { general: 0, support: 0 } });
    await s.close();
  });

  it('when the token is invalid, then {type: auth, success: false} and the socket is closed with 4401', async () => {
    const s = await h.socket();
    s.send({ type: 'auth', token: 'not-a-token' });
    expect(await s.next((f) => f.type === 'auth')).toMatchObject({ success: false, code: 'AUTH.INVALID_TOKEN' });
    expect((await s.closed).code).toBe(4401);
  });

  it('when a client never authenticates, then the socket is closed with 4401 after the auth timeout', async () => {
    const s = await h.socket(h.b);
    const started = Date.now();
    expect((await s.closed).code).toBe(4401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    expect(s.frames).toEqual([{ type: 'auth', success: false, message: 'Authentication timed out', code: 'CHAT.AUTH_TIMEOUT' }]);
  });

  it('when a chat_message comes before auth, then an error and the socket is closed', async () => {
    const s = await h.socket();
    s.send({ type: 'chat_message', content: 'hi', chatType: 'general' });
    expect(await s.next((f) => f.type === 'error')).toMatchObject({ code: 'CHAT.AUTH_REQUIRED' });
    expect((await s.closed).code).toBe(4401);
    expect(await h.query(`SELECT 1 FROM chat_messages WHERE content = 'hi'`)).toEqual([]);
  });

  it('when a token is revoked (logout) or every token of the user is (ban), then the open socket is ended with 4403', async () => {
    const redis = createRedis(h.config.REDIS_URL, h.environment.redisPrefix);
    try {
      const carol = await h.newUser({ firstName: 'Carol' });
      const s1 = await h.connect(carol, h.a);
      const { verify } = { verify: JSON.parse(Buffer.from(carol.token.split('.')[1]!, 'base64url').toString()) as { jti: string; exp: number } };
      await revokeToken(redis, { jti: verify.jti, exp: verify.exp });
      expect((await s1.closed).code).toBe(4403);
      expect(s1.frames.at(-1)).toMatchObject({ type: 'error', code: 'AUTH.TOKEN_REVOKED' });

      const dave = await h.newUser({ firstName: 'Dave' });
      const s2 = await h.connect(dave, h.b);
      await revokeAllTokensOfUser(redis, dave.id);
      expect((await s2.closed).code).toBe(4403);
      // And a revoked token cannot authenticate again.
      const s3 = await h.socket();
      s3.send({ type: 'auth', token: dave.token });
      expect(await s3.next((f) => f.type === 'auth')).toMatchObject({ success: false, code: 'AUTH.TOKEN_REVOKED' });
    } finally {
      redis.disconnect();
    }
  });
});

describe('/ws: messages across two instances', () => {
  it('when a message is sent on instance A, then a socket on instance B receives it as new_message, and the sender gets message_ack', async () => {
    const onA = await h.connect(ada, h.a);
    const onB = await h.connect(bob, h.b);
    const clientId = randomUUID();
    onA.send({ type: 'chat_message', token: ada.token, content: 'Hello from A', replyToId: null, chatType: 'general', clientId });
    const ack = await onA.next((f) => f.type === 'message_ack');
    expect(ack).toMatchObject({ type: 'message_ack', clientId, message: { content: 'Hello from A', userId: ada.id, isBot: false, user: { firstName: 'Ada', lastName: 'Lovelace' } } });
    const heard = await onB.next((f) => f.type === 'new_message');
    expect(heard).toEqual({ type: 'new_message', message: (ack as { message: unknown }).message });
    await Promise.all([onA.close(), onB.close()]);
  });

  it('when a client drops and reconnects asking for everything after its last id, then it gets exactly the missed messages, in order, none twice', async () => {
    const reader = await h.newUser({ firstName: 'Reader' });
    let s = await h.connect(reader, h.b);
    const before = await post(h, ada, 'seen live');
    await s.next((f) => f.type === 'new_message' && f.message.id === before.id);
    const lastId = Math.max(...s.messageIds());
    await s.close();

    const missed: number[] = [];
    for (let i = 0; i < 5; i++) missed.push((await post(h, i % 2 ? ada : bob, `while away ${i}`, {}).then((m) => m)).id);

    s = await h.connect(reader, h.a);
    const live = await post(h, bob, 'after the reconnect');
    // The client reads forwards from its last id, page by page, then merges with what arrives live.
    const got: number[] = [];
    let after = lastId;
    for (;;) {
      const page = await h.api('GET', `/api/chat/messages?after=${after}&limit=2`, { token: reader.token });
      got.push(...page.body.messages.map((m: { id: number }) => m.id));
      if (!page.body.hasMore) break;
      after = got.at(-1)!;
    }
    await s.next((f) => f.type === 'new_message' && f.message.id === live.id);
    const merged = [...new Set([...got, ...s.messageIds()])].sort((x, y) => x - y);
    expect(merged).toEqual([...missed, live.id]);
    expect(got.slice(0, missed.length)).toEqual(missed);
  });

  it('when 200 clients on two instances each send one message at once, then every message is stored once and every client receives all 200, in the same order', async () => {
    const users = await Promise.all(Array.from({ length: 200 }, (_, i) => h.newUser({ firstName: `Load${i}` })));
    const sockets = await Promise.all(users.map((u, i) => h.connect(u, i % 2 ? h.a : h.b)));
    const tag = randomUUID().slice(0, 8);
    sockets.forEach((s, i) => s.send({ type: 'chat_message', content: `burst ${tag} ${i}`, chatType: 'general', clientId: randomUUID() }));
    const acks = await Promise.all(sockets.map((s) => s.next((f) => f.type === 'message_ack' || f.type === 'error', { timeoutMs: 30_000 })));
    expect(acks.filter((a) => a.type !== 'message_ack')).toEqual([]);
    const stored = await h.query<{ id: string }>('SELECT id FROM chat_messages WHERE content LIKE $1 ORDER BY id', [`burst ${tag} %`]);
    expect(stored).toHaveLength(200);
    const storedIds = stored.map((r) => Number(r.id));
    await eventually(async () => sockets.every((s) => newMessages(s).filter((f) => f.type === 'new_message' && f.message.content.startsWith(`burst ${tag}`)).length >= 200), {
      timeoutMs: 30_000,
      what: 'every client to receive every message',
    });
    for (const s of sockets) {
      const ids = newMessages(s).flatMap((f) => (f.type === 'new_message' && f.message.content.startsWith(`burst ${tag}`) ? [f.message.id] : []));
      expect(ids).toEqual(storedIds);
    }
    await Promise.all(sockets.map((s) => s.close()));
  }, 60_000);
});

describe('/ws: moderation is the same over HTTP and WebSocket', () => {
  it('when a banned word is sent in any of its obfuscations, then it is refused with the reason over both, and nothing is stored', async () => {
    const added = await h.api('POST', '/api/admin/chat-moderation/banned-words', { token: h.admin.token, body: { words: ['scam'] } });
    expect(added.body).toEqual(['scam']);
    const eve = await h.newUser({ firstName: 'Eve' });
    const socketOnB = await h.connect(eve, h.b);
    const variants = ['scam', 'SCAM', 'scaaam', 's c a m', 's.c.a.m', 'ѕсаm', '$c4m', 'sc\u200bam', 'ｓｃａｍ'];
    for (const variant of variants) {
      const text = `this is a ${variant} for sure`;
      const res = await h.api('POST', '/api/chat/messages', { token: eve.token, body: { content: text, chatType: 'general' }, instance: h.b });
      expect(res.status, variant).toBe(400);
      expect(res.body).toMatchObject({ code: 'CHAT.MESSAGE_BLOCKED', message: 'Message blocked: it contains the banned word "scam"', field: 'content' });
      const clientId = randomUUID();
      socketOnB.send({ type: 'chat_message', content: text, chatType: 'general', clientId });
      expect(await socketOnB.next((f) => f.type === 'error' && f.clientId === clientId)).toMatchObject({ code: 'CHAT.MESSAGE_BLOCKED', message: 'Message blocked: it contains the banned word "scam"' });
    }
    expect(await h.query('SELECT content FROM chat_messages WHERE user_id = $1', [eve.id])).toEqual([]);
    // The test box gives the same verdict (instance A; the word was added there).
    const verdict = await h.api('POST', '/api/admin/chat-moderation/test', { token: h.admin.token, body: { message: 'what a s c a m' }, instance: h.b });
    expect(verdict.body).toEqual({ isAllowed: false, reason: 'Message blocked: it contains the banned word "scam"', blockedWords: ['scam'], cleanedMessage: 'what a * * * *' });
    await h.api('DELETE', '/api/admin/chat-moderation/banned-words', { token: h.admin.token, body: { words: ['scam'] } });
  }, 30_000);
});

describe('/ws: unread counts and reads', () => {
  it('when others write, then counts rise on the server; mark_read on one device clears the badge on the other; a reload reads the same counts', async () => {
    const fay = await h.newUser({ firstName: 'Fay' });
    const phone = await h.connect(fay, h.a);
    const laptop = await h.connect(fay, h.b);
    await post(h, ada, 'u1');
    await post(h, bob, 'u2');
    await post(h, fay, 'my own');
    expect((await h.api('GET', '/api/chat/unread', { token: fay.token })).body).toEqual({ general: 2, support: 0 });
    // A reload: a new socket hears the same counts at authentication.
    const reloaded = await h.connect(fay, h.b);
    expect(reloaded.frames[0]).toMatchObject({ type: 'auth', unread: { general: 2, support: 0 } });

    const mark = phone.frames.length;
    const laptopMark = laptop.frames.length;
    phone.send({ type: 'mark_read', chatType: 'general' });
    expect(await phone.next((f) => f.type === 'unread', { from: mark })).toEqual({ type: 'unread', unread: { general: 0, support: 0 } });
    expect(await laptop.next((f) => f.type === 'unread', { from: laptopMark })).toEqual({ type: 'unread', unread: { general: 0, support: 0 } });
    expect((await h.api('GET', '/api/chat/unread', { token: fay.token })).body).toEqual({ general: 0, support: 0 });
  });

  it('when a device opens the general tab, then it is read as of now; later messages are read only once the device says it showed them', async () => {
    const gus = await h.newUser({ firstName: 'Gus' });
    const s = await h.connect(gus, h.a);
    await post(h, ada, 'before opening');
    s.send({ type: 'active_tab', chatType: 'general' });
    expect(await s.next((f) => f.type === 'unread')).toEqual({ type: 'unread', unread: { general: 0, support: 0 } });
    // The server does not guess that an open tab shows what arrives: the screen may have closed meanwhile.
    const shown = await post(h, ada, 'arrives while open');
    await post(h, ada, 'arrives after the screen closed');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await h.api('GET', '/api/chat/unread', { token: gus.token })).body).toEqual({ general: 2, support: 0 });
    const from = s.frames.length;
    s.send({ type: 'mark_read', chatType: 'general', upToId: shown.id });
    expect(await s.next((f) => f.type === 'unread', { from })).toEqual({ type: 'unread', unread: { general: 1, support: 0 } });
    expect((await h.api('GET', '/api/chat/unread', { token: gus.token })).body).toEqual({ general: 1, support: 0 });
  });
});

describe('/ws: limits', () => {
  it('when frames come faster than allowed, then error frames for the excess, the socket stays open and ping still answers', async () => {
    const hal = await h.newUser({ firstName: 'Hal' });
    const s = await h.connect(hal, h.a);
    for (let i = 0; i < 30; i++) s.send({ type: 'ping' });
    await s.next((f) => f.type === 'error' && f.code === 'CHAT.TOO_MANY_FRAMES');
    await eventually(async () => s.frames.filter((f) => f.type === 'pong').length >= 5, { what: 'the allowed pings answered' });
    expect(s.ws.readyState).toBe(s.ws.OPEN);
  });

  it('when a frame is over the size limit, then only that socket is closed (1009)', async () => {
    const ivy = await h.newUser({ firstName: 'Ivy' });
    const other = await h.connect(ada, h.a);
    const s = await h.connect(ivy, h.a);
    s.send({ type: 'chat_message', content: 'x'.repeat(h.config.WS_MAX_PAYLOAD_BYTES), chatType: 'general' });
    expect((await s.closed).code).toBe(1009);
    other.send({ type: 'ping' });
    await other.next((f) => f.type === 'pong');
  });

  it('when a frame is not JSON, is binary, or is unknown, then an error frame names the problem', async () => {
    const s = await h.connect(ada, h.b);
    s.send('not json');
    expect(await s.next((f) => f.type === 'error')).toMatchObject({ code: 'REQUEST.MALFORMED_JSON' });
    const from = s.frames.length;
    s.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await s.next((f) => f.type === 'error', { from })).toMatchObject({ code: 'CHAT.BINARY_FRAME' });
    const from2 = s.frames.length;
    s.send({ type: 'chat_message', content: 'hi\u0000', chatType: 'general' });
    expect(await s.next((f) => f.type === 'error', { from: from2 })).toMatchObject({ code: 'REQUEST.VALIDATION', message: 'Message must not contain control characters' });
  });
});
