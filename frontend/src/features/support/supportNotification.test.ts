import type { TChatMessage } from '@platform/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupStore } from '../../app/store';
import { makeUser, signedInState } from '../../test/test-utils';
import { ChatClient } from '../chat/chatClient';
import { supportPreview } from './SupportReplyNotifier';

const ME = makeUser();
const ADMIN = '5f0c7e8a-2222-4c2a-9d1e-00000000000a';
const OTHER_WORKER = '5f0c7e8a-2222-4c2a-9d1e-00000000000b';

function reply(id: number, overrides: Partial<TChatMessage> = {}): TChatMessage {
  return {
    id,
    userId: ADMIN,
    assistantId: null,
    isBot: false,
    content: `reply ${id}`,
    createdAt: new Date(Date.UTC(2025, 0, 1, 10, id)).toISOString(),
    isFromAdmin: true,
    chatType: 'support',
    supportUserId: ME.id,
    replyToId: null,
    clientId: null,
    user: null,
    assistant: null,
    replyTo: null,
    ...overrides,
  };
}

class FakeSocket {
  static OPEN = 1;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  send() {}
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/chat/unread') return Response.json({ general: 0, support: 0 });
      return Response.json({ messages: [], hasMore: false });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function connectedClient() {
  const store = setupStore(signedInState(ME));
  const socket = new FakeSocket();
  const client = new ChatClient({ dispatch: store.dispatch, getState: store.getState, url: 'ws://localhost/ws', createSocket: () => socket as unknown as WebSocket });
  client.start();
  socket.open();
  socket.receive({ type: 'auth', success: true, userId: ME.id, role: 'employee', unread: { general: 0, support: 0 } });
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
  const heard: TChatMessage[] = [];
  client.onSupportReply((m) => heard.push(m));
  return { store, socket, client, heard };
}

describe('the support reply notification (spec 01 s.9)', () => {
  it('when the preview is longer than 80 characters, then it is cut to 80 and an ellipsis; shorter ones stay whole', () => {
    expect(supportPreview('a'.repeat(81))).toBe(`${'a'.repeat(80)}…`);
    expect(supportPreview('a'.repeat(80))).toBe('a'.repeat(80));
    expect(supportPreview('  two\n\nlines ')).toBe('two lines');
  });

  it('when Support Team replies while the worker is elsewhere, then it is heard once and the badge counts it', async () => {
    const { store, socket, heard } = await connectedClient();
    socket.receive({ type: 'new_message', message: reply(5) });
    socket.receive({ type: 'new_message', message: reply(5) });
    expect(heard.map((m) => m.id)).toEqual([5]);
    expect(store.getState().chat.unread.support).toBe(1);
  });

  it('when the worker is on the Support tab, then no notification and no unread', async () => {
    const { store, socket, client, heard } = await connectedClient();
    client.setScreenTab('support');
    socket.receive({ type: 'new_message', message: reply(6) });
    expect(heard).toEqual([]);
    expect(store.getState().chat.unread.support).toBe(0);
    client.setScreenTab('general');
    socket.receive({ type: 'new_message', message: reply(7) });
    expect(heard.map((m) => m.id)).toEqual([7]);
  });

  it('when a socket hears another worker\'s thread (an admin\'s socket), then the worker app keeps nothing of it', async () => {
    const { store, socket, heard } = await connectedClient();
    socket.receive({ type: 'new_message', message: reply(8, { supportUserId: OTHER_WORKER }) });
    expect(heard).toEqual([]);
    expect(store.getState().chat.rooms.support.messages).toEqual([]);
  });

  it('when the server says the status changed, then the store holds it', async () => {
    const { store, socket } = await connectedClient();
    socket.receive({ type: 'support_status', status: 'pending', unreadCount: 1 });
    expect(store.getState().chat.supportStatus).toBe('pending');
  });
});
