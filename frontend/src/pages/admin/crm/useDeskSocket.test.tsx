import type { TChatMessage } from '@platform/contracts';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_PING_INTERVAL_MS, CHAT_PONG_TIMEOUT_MS, CHAT_RECONNECT_DELAY_MS } from '../../../features/chat/liveSocket';
import { signedIn, signedOut } from '../../../features/session/session.slice';
import { makeUser, renderWithProviders, signedInState } from '../../../test/test-utils';
import { useDeskSocket, type TDeskFrame } from './useDeskSocket';

const ADMIN = makeUser({ role: 'admin' });
const WORKER = '44444444-4444-4444-8444-444444444444';
const ACCEPTED = { type: 'auth', success: true, userId: ADMIN.id, role: 'admin', unread: { general: 0, support: 0 } };
const MESSAGE: TChatMessage = {
  id: 7,
  userId: WORKER,
  assistantId: null,
  isBot: false,
  content: 'My payout is late',
  createdAt: '2026-11-28T10:00:00.000Z',
  isFromAdmin: false,
  chatType: 'support',
  supportUserId: WORKER,
  replyToId: null,
  clientId: null,
  user: { firstName: 'Olga', lastName: 'Ivanova' },
  assistant: null,
  replyTo: null,
};

/** The browser's WebSocket, played by the test: it records what the desk sends and how it was closed. */
class FakeSocket {
  static OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  closedWith: [number | undefined, string | undefined] | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
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
  close(code?: number, reason?: string) {
    if (this.readyState === 3) return;
    this.closedWith = [code, reason];
    this.lost();
  }
  /** The server or the network ended it. */
  lost() {
    this.readyState = 3;
    this.onclose?.();
  }
}

/** The desk's use of the hook: what it hears, and whether it is live (else it polls). */
function Desk({ heard }: { heard: TDeskFrame[] }) {
  const connected = useDeskSocket((frame) => heard.push(frame));
  return <span data-testid="desk">{connected ? 'live' : 'polling'}</span>;
}

function renderDesk() {
  const heard: TDeskFrame[] = [];
  const view = renderWithProviders(<Desk heard={heard} />, { route: '/admin/crm', preloadedState: signedInState(ADMIN, 'admin-token') });
  return { ...view, heard, desk: () => screen.getByTestId('desk').textContent };
}

const socket = (n: number) => FakeSocket.made[n]!;
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
  FakeSocket.made = [];
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the support desk over the one WebSocket client (liveSocket.ts, issue 32)', () => {
  it("when the desk opens, then the chat socket authenticates first with the admin's token; only the server's acceptance makes it live and says connected; every frame but pong is heard", () => {
    const { heard, desk } = renderDesk();
    expect(FakeSocket.made).toHaveLength(1);
    expect(socket(0).url).toBe(`ws://${window.location.host}/ws`);
    act(() => socket(0).open());
    expect(socket(0).sent).toEqual([{ type: 'auth', token: 'admin-token' }]);
    expect(desk()).toBe('polling');

    act(() => socket(0).receive(ACCEPTED));
    expect(desk()).toBe('live');
    expect(heard).toEqual([{ type: 'connected' }]);
    act(() => socket(0).receive({ type: 'pong' }));
    act(() => socket(0).receive({ type: 'new_message', message: MESSAGE }));
    expect(heard).toEqual([{ type: 'connected' }, { type: 'new_message', message: MESSAGE }]);
  });

  it('when the server refuses the token, then the desk stays not live (it polls) and hears no connected', () => {
    const { heard, desk } = renderDesk();
    act(() => socket(0).open());
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    act(() => socket(0).receive({ type: 'auth', success: false, message: 'Authentication failed' }));
    expect(desk()).toBe('polling');
    expect(heard).toEqual([]);
  });

  it('when a ping goes unanswered, then the link is dropped and the desk polls; it reconnects after 3 s, then backs off, and each reconnection authenticates again and says connected', async () => {
    const { heard, desk } = renderDesk();
    act(() => socket(0).open());
    act(() => socket(0).receive(ACCEPTED));

    await advance(CHAT_PING_INTERVAL_MS);
    expect(socket(0).sent.at(-1)).toEqual({ type: 'ping' });
    act(() => socket(0).receive({ type: 'pong' }));
    await advance(CHAT_PONG_TIMEOUT_MS);
    expect(desk()).toBe('live');

    await advance(CHAT_PING_INTERVAL_MS - CHAT_PONG_TIMEOUT_MS);
    expect(socket(0).sent.filter((frame) => frame.type === 'ping')).toHaveLength(2);
    await advance(CHAT_PONG_TIMEOUT_MS);
    expect(desk()).toBe('polling');
    expect(socket(0).closedWith).toEqual([1000, 'Offline']);

    // 3 s after the first close.
    await advance(CHAT_RECONNECT_DELAY_MS - 1);
    expect(FakeSocket.made).toHaveLength(1);
    await advance(1);
    expect(FakeSocket.made).toHaveLength(2);
    // Closed again before the server answered: the second attempt waits twice as long (±25 %; here the middle).
    act(() => socket(1).open());
    act(() => socket(1).lost());
    await advance(2 * CHAT_RECONNECT_DELAY_MS - 1);
    expect(FakeSocket.made).toHaveLength(2);
    await advance(1);
    expect(FakeSocket.made).toHaveLength(3);

    act(() => socket(2).open());
    expect(socket(2).sent).toEqual([{ type: 'auth', token: 'admin-token' }]);
    act(() => socket(2).receive(ACCEPTED));
    expect(desk()).toBe('live');
    expect(heard).toEqual([{ type: 'connected' }, { type: 'connected' }]);
  });

  it('when the browser goes offline, then the socket is closed at once; back online, it reconnects at once', async () => {
    const { desk } = renderDesk();
    act(() => socket(0).open());
    act(() => socket(0).receive(ACCEPTED));
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(desk()).toBe('polling');
    expect(socket(0).closedWith).toEqual([1000, 'Offline']);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(FakeSocket.made).toHaveLength(2);
    await advance(60_000);
    expect(FakeSocket.made).toHaveLength(2);
  });

  it('when the session gets a new token, then the socket is opened again with it; signed out or the desk left, it is closed and not opened again', async () => {
    const { store, unmount } = renderDesk();
    act(() => socket(0).open());
    act(() => socket(0).receive(ACCEPTED));

    act(() => {
      store.dispatch(signedIn({ token: 'renewed-token', user: ADMIN }));
    });
    expect(socket(0).closedWith).toEqual([1000, 'Left the desk']);
    expect(FakeSocket.made).toHaveLength(2);
    act(() => socket(1).open());
    expect(socket(1).sent).toEqual([{ type: 'auth', token: 'renewed-token' }]);

    act(() => {
      store.dispatch(signedOut());
    });
    expect(socket(1).closedWith).toEqual([1000, 'Left the desk']);
    await advance(60_000);
    expect(FakeSocket.made).toHaveLength(2);

    act(() => {
      store.dispatch(signedIn({ token: 'admin-token', user: ADMIN }));
    });
    expect(FakeSocket.made).toHaveLength(3);
    unmount();
    expect(socket(2).closedWith).toEqual([1000, 'Left the desk']);
    await advance(60_000);
    expect(FakeSocket.made).toHaveLength(3);
  });
});
