import type { TChatMessage } from '@platform/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupStore } from '../../app/store';
import { makeUser, signedInState } from '../../test/test-utils';
import { ChatClient, isOwnMessage } from './chatClient';
import { reconnectDelay } from './liveSocket';

const ME = makeUser();
const OTHER = '5f0c7e8a-2222-4c2a-9d1e-000000000002';

function message(id: number, overrides: Partial<TChatMessage> = {}): TChatMessage {
  return {
    id,
    userId: OTHER,
    assistantId: null,
    isBot: false,
    content: `message ${id}`,
    createdAt: new Date(Date.UTC(2025, 0, 1, 10, id)).toISOString(),
    isFromAdmin: false,
    chatType: 'general',
    supportUserId: null,
    replyToId: null,
    clientId: null,
    user: { firstName: 'Bob', lastName: 'Builder' },
    assistant: null,
    replyTo: null,
    ...overrides,
  };
}

/** A WebSocket the test plays the server of. */
class FakeSocket {
  static OPEN = 1;
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  close(code = 1006) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

/** The history the fake server holds; GET /api/chat/messages answers from it as the chat service does. */
let history: TChatMessage[] = [];
let requests: string[] = [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  vi.stubGlobal('WebSocket', FakeSocket);
  history = [];
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/chat/unread') return Response.json({ general: 0, support: 0 });
      const after = Number(url.searchParams.get('after') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const newer = history.filter((m) => m.id > after);
      const page = url.searchParams.has('after') ? newer.slice(0, limit) : history.slice(-limit);
      return Response.json({ messages: page, hasMore: url.searchParams.has('after') ? newer.length > limit : history.length > limit });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function startClient() {
  const store = setupStore(signedInState(ME));
  const sockets: FakeSocket[] = [];
  let ids = 0;
  const client = new ChatClient({
    dispatch: store.dispatch,
    getState: store.getState,
    url: 'ws://localhost/ws',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    newId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
    random: () => 0.5,
  });
  client.start();
  return { store, client, sockets };
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
};

describe('ChatClient (the live connection)', () => {
  it('when the socket opens, then it authenticates first, and the server\'s unread counts and the newest page are held', async () => {
    history = [message(1), message(2)];
    const { store, sockets } = startClient();
    sockets[0]!.open();
    expect(sockets[0]!.sent[0]).toEqual({ type: 'auth', token: 'test-token' });
    sockets[0]!.receive({ type: 'auth', success: true, userId: ME.id, role: 'employee', unread: { general: 4, support: 0 } });
    await flush();
    expect(store.getState().chat.connection).toBe('connected');
    expect(store.getState().chat.unread).toEqual({ general: 4, support: 0 });
    expect(store.getState().chat.rooms.general.messages.map((m) => m.id)).toEqual([1, 2]);
  });

  it('when a message from someone else arrives while the chat is not open, then the count rises; own ones and duplicates do not', async () => {
    const { store, sockets } = startClient();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'auth', success: true, userId: ME.id, role: 'employee', unread: { general: 0, support: 0 } });
    await flush();
    sockets[0]!.receive({ type: 'new_message', message: message(5) });
    sockets[0]!.receive({ type: 'new_message', message: message(5) });
    sockets[0]!.receive({ type: 'new_message', message: message(6, { userId: ME.id }) });
    expect(store.getState().chat.unread.general).toBe(1);
    expect(store.getState().chat.rooms.general.messages.map((m) => m.id)).toEqual([5, 6]);
  });

  it('when messages from others arrive while the chat is open, then they are marked read up to the last one shown, once per beat; after leaving, nothing is marked', async () => {
    const { store, client, sockets } = startClient();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'auth', success: true, userId: ME.id, role: 'employee', unread: { general: 0, support: 0 } });
    await flush();
    client.setScreenTab('general');
    await flush();
    const from = sockets[0]!.sent.length;
    sockets[0]!.receive({ type: 'new_message', message: message(7) });
    sockets[0]!.receive({ type: 'new_message', message: message(8) });
    sockets[0]!.receive({ type: 'new_message', message: message(9, { userId: ME.id }) });
    expect(sockets[0]!.sent.slice(from).filter((f) => f.type === 'mark_read')).toEqual([]);
    await vi.advanceTimersByTimeAsync(300);
    expect(sockets[0]!.sent.slice(from).filter((f) => f.type === 'mark_read')).toEqual([{ type: 'mark_read', chatType: 'general', upToId: 8 }]);
    expect(store.getState().chat.unread.general).toBe(0);

    // Left the screen: what arrives now is counted, and the device does not say it was read.
    const left = sockets[0]!.sent.length;
    client.setScreenTab(null);
    sockets[0]!.receive({ type: 'new_message', message: message(10) });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets[0]!.sent.slice(left)).toEqual([{ type: 'active_tab', chatType: null }]);
    expect(store.getState().chat.unread.general).toBe(1);
  });

  it('when the connection drops, then the input state is disconnected, it reconnects after 3 s and reads exactly what came after its last id', async () => {
    history = [message(1), message(2)];
    const { store, sockets } = startClient();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'auth', success: true, userId: ME.id, role: 'employee', unread: { general: 0, support: 0 } });
    await flush();
    sockets[0]!.close();
    expect(store.getState().chat.connection).toBe('disconnected');
    history.push(message(3), message(4));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    sockets[1]!.receive({ type: 'auth', success: true, userId: ME.id, role: 'employee', unread: { general: 2, support: 0 } });
    await flush();
    expect(requests).toContain('/api/chat/messages?chatType=general&after=2&limit=100');
    expect(store.getState().chat.rooms.general.messages.map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });

  it.each([
    ['ended (4403: revoked, banned, expired)', 4403],
    ['refused (4401)', 4401],
  ])('when the server says the session is %s, then that token is never sent again: no socket is opened with it, however long it waits', async (_name, code) => {
    const { store, sockets } = startClient();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'auth', success: true, userId: ME.id, role: 'employee', unread: { general: 0, support: 0 } });
    await flush();
    sockets[0]!.close(code);
    expect(store.getState().chat.connection).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(sockets).toHaveLength(1);
  });

  it('when the server says this user has too many sockets open (4429), then it waits the longest delay (30 s) before trying again, not 3 s', async () => {
    const { sockets } = startClient();
    sockets[0]!.open();
    sockets[0]!.close(4429);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
  });

  it('when a sent message is not answered before the connection drops, then it is sent again with the same clientId after the reconnect', async () => {
    const { store, client, sockets } = startClient();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'auth', success: true, userId: ME.id, role: 'employee', unread: { general: 0, support: 0 } });
    await flush();
    const clientId = client.send('  hello  ', null);
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: 'chat_message', content: 'hello', replyToId: null, chatType: 'general', clientId });
    expect(store.getState().chat.outgoing).toMatchObject([{ clientId, status: 'sending' }]);
    sockets[0]!.close();
    await vi.advanceTimersByTimeAsync(3_000);
    sockets[1]!.open();
    sockets[1]!.receive({ type: 'auth', success: true, userId: ME.id, role: 'employee', unread: { general: 0, support: 0 } });
    await flush();
    expect(sockets[1]!.sent.filter((f) => f.type === 'chat_message')).toEqual([{ type: 'chat_message', content: 'hello', replyToId: null, chatType: 'general', clientId }]);
    sockets[1]!.receive({ type: 'message_ack', clientId, message: message(9, { userId: ME.id, clientId, content: 'hello' }) });
    expect(store.getState().chat.outgoing).toEqual([]);
    expect(store.getState().chat.rooms.general.messages.map((m) => m.id)).toEqual([9]);
  });

  it('when the server refuses a message, then it stays with the reason, not sent', async () => {
    const { store, client, sockets } = startClient();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'auth', success: true, userId: ME.id, role: 'employee', unread: { general: 0, support: 0 } });
    await flush();
    const clientId = client.send('a scam', null);
    sockets[0]!.receive({ type: 'error', code: 'CHAT.MESSAGE_BLOCKED', message: 'Message blocked: it contains the banned word "scam"', clientId });
    expect(store.getState().chat.outgoing).toMatchObject([{ clientId, status: 'failed', retryable: false, error: 'Message blocked: it contains the banned word "scam"' }]);
  });

  it('when disconnected, then it cannot send, and the history is read every 10 s', async () => {
    history = [message(1)];
    const { client, sockets } = startClient();
    sockets[0]!.close();
    expect(client.send('hi', null)).toBeUndefined();
    await flush();
    const before = requests.filter((r) => r.startsWith('/api/chat/messages')).length;
    sockets.length = 0;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(requests.filter((r) => r.startsWith('/api/chat/messages')).length).toBeGreaterThan(before);
  });
});

describe('reconnectDelay and isOwnMessage', () => {
  it('when attempts repeat, then 3 s first, then doubling with jitter, never above 30 s', () => {
    expect(reconnectDelay(1)).toBe(3000);
    expect(reconnectDelay(2, () => 0)).toBe(4500);
    expect(reconnectDelay(2, () => 1)).toBe(7500);
    expect(reconnectDelay(20, () => 1)).toBe(30_000);
  });

  it('when a message is from an assistant or an admin, then it is never the user\'s own', () => {
    expect(isOwnMessage({ userId: ME.id, isBot: false, isFromAdmin: false }, ME.id)).toBe(true);
    expect(isOwnMessage({ userId: ME.id, isBot: false, isFromAdmin: true }, ME.id)).toBe(false);
    expect(isOwnMessage({ userId: null, isBot: true, isFromAdmin: false }, ME.id)).toBe(false);
    expect(isOwnMessage({ userId: OTHER, isBot: false, isFromAdmin: false }, ME.id)).toBe(false);
  });
});
