import type { TChatMessage, TSupportConversation } from '@platform/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../test/test-utils';
import { CrmSupportSection } from './index';

const WORKER = '44444444-4444-4444-8444-444444444444';
const ADMIN = makeUser({ role: 'admin' });

const CONVERSATION: TSupportConversation = {
  id: '55555555-5555-4555-8555-555555555555',
  userId: WORKER,
  user: { firstName: 'Olga', lastName: 'Ivanova', email: 'olga@example.com' },
  status: 'open',
  priority: 'normal',
  assignedAdminId: null,
  assignedAdmin: null,
  lastMessage: 'My payout is late',
  lastMessageAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
  unreadCount: 2,
  waitingSince: new Date(Date.now() - 2 * 3600_000).toISOString(),
  createdAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
  updatedAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
  resolvedAt: null,
  closedAt: null,
  firstResponseSeconds: null,
  resolutionSeconds: null,
};

const MESSAGE: TChatMessage = {
  id: 1,
  userId: WORKER,
  assistantId: null,
  isBot: false,
  content: 'My payout is late',
  createdAt: CONVERSATION.createdAt,
  isFromAdmin: false,
  chatType: 'support',
  supportUserId: WORKER,
  replyToId: null,
  clientId: null,
  user: { firstName: 'Olga', lastName: 'Ivanova' },
  assistant: null,
  replyTo: null,
};

/** A socket that never opens: the desk is not live, so it polls (the socket path is proven in e2e/support.e2e.test.ts). */
class ClosedSocket {
  static OPEN = 1;
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  send() {}
  close() {}
}

beforeEach(() => vi.stubGlobal('WebSocket', ClosedSocket));
afterEach(() => vi.unstubAllGlobals());

const page = (items: TSupportConversation[], nextCursor: string | null = null, total = items.length) => jsonResponse({ items, nextCursor, total, totalExact: true });

function render(replyAnswer: () => Response) {
  const fetchMock = mockApi({
    'GET /api/admin/support-conversations?status=all&mine=false': () => page([CONVERSATION]),
    [`GET /api/admin/support-messages/${WORKER}`]: () => jsonResponse({ conversation: { ...CONVERSATION, unreadCount: 0 }, messages: [MESSAGE] }),
    'POST /api/admin/support-reply': replyAnswer,
  });
  const view = renderWithProviders(<CrmSupportSection />, { route: '/admin/crm', preloadedState: signedInState(ADMIN) });
  return { ...view, fetchMock };
}

describe('CRM - Support (spec 03)', () => {
  it('when nothing is selected, then Select a Request; the list shows the worker, unread badge and waiting time; Enter sends the reply, Shift+Enter adds a line', async () => {
    const { user, fetchMock } = render(() => jsonResponse({ ...MESSAGE, id: 2, isFromAdmin: true, userId: ADMIN.id, user: null, content: 'Checking now\nOne moment' }, 201));
    expect(await screen.findByText('Select a Request')).toBeInTheDocument();
    const row = await screen.findByTestId('crm-conversation');
    expect(within(row).getByText('Olga Ivanova')).toBeInTheDocument();
    expect(within(row).getByTestId('crm-unread')).toHaveTextContent('2');
    expect(within(row).getByTestId('crm-waiting')).toHaveTextContent('Waiting 2 h');

    await user.click(row);
    const thread = await screen.findByTestId('crm-thread');
    expect(await within(thread).findByText('My payout is late')).toBeInTheDocument();
    const box = within(thread).getByTestId('crm-reply-input');
    await user.type(box, 'Checking now{Shift>}{Enter}{/Shift}One moment');
    expect(callsTo(fetchMock, 'POST /api/admin/support-reply')).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/admin/support-reply')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/admin/support-reply')[0]!.body))).toEqual({ userId: WORKER, content: 'Checking now\nOne moment' });
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('when the reply fails, then the toast says Failed to send message with the server\'s reason, and the text stays', async () => {
    const { user } = render(() => jsonResponse({ message: 'Support conversation not found', code: 'SUPPORT.CONVERSATION_NOT_FOUND' }, 404));
    await user.click(await screen.findByTestId('crm-conversation'));
    const thread = await screen.findByTestId('crm-thread');
    const box = within(thread).getByTestId('crm-reply-input');
    await user.type(box, 'Hello{Enter}');
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    expect(screen.getByText('Support conversation not found')).toBeInTheDocument();
    expect(box).toHaveValue('Hello');
  });

  it('when there are more conversations than a page, then Showing 1 of 3 and Load more appends the next page; a search asks the server by e-mail or name', async () => {
    const second = { ...CONVERSATION, id: '66666666-6666-4666-8666-666666666666', userId: '77777777-7777-4777-8777-777777777777', user: { firstName: 'Petr', lastName: 'Sidorov', email: 'petr@example.com' }, waitingSince: null, status: 'pending' as const };
    const third = { ...second, id: '88888888-8888-4888-8888-888888888888', userId: '99999999-9999-4999-8999-999999999999', user: { firstName: 'Anna', lastName: 'Lee', email: 'anna@example.com' } };
    const fetchMock = mockApi({
      'GET /api/admin/support-conversations?status=all&mine=false': () => page([CONVERSATION], 'c1', 3),
      'GET /api/admin/support-conversations?status=all&mine=false&cursor=c1': () => page([second], 'c2', 3),
      'GET /api/admin/support-conversations?status=all&mine=false&cursor=c2': () => page([third], null, 3),
      'GET /api/admin/support-conversations?status=all&mine=false&user=olga': () => page([CONVERSATION]),
    });
    const { user } = renderWithProviders(<CrmSupportSection />, { route: '/admin/crm', preloadedState: signedInState(ADMIN) });
    expect(await screen.findByTestId('crm-more-count')).toHaveTextContent('Showing 1 of 3');
    await user.click(screen.getByRole('button', { name: /Load more$/ }));
    await waitFor(() => expect(screen.getAllByTestId('crm-conversation')).toHaveLength(2));
    // (antd keeps the leaving loading icon in jsdom: the button's name may read "loading Load more".)
    await user.click(await screen.findByRole('button', { name: /Load more$/ }));
    await waitFor(() => expect(screen.getAllByTestId('crm-conversation').map((row) => row.dataset.userId)).toEqual([WORKER, second.userId, third.userId]));
    expect(screen.getByTestId('crm-more-count')).toHaveTextContent('Showing 3 of 3');
    expect(screen.queryByRole('button', { name: /Load more$/ })).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Search by e-mail or name' }), 'olga');
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/admin/support-conversations?status=all&mine=false&user=olga')).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByTestId('crm-conversation')).toHaveLength(1));
  });

  it('when the socket says a loaded conversation changed, then its row is updated in place without reading the list again; one not loaded comes on top', async () => {
    const sockets: LiveSocket[] = [];
    vi.stubGlobal('WebSocket', class extends LiveSocket { constructor() { super(); sockets.push(this); } });
    const second = { ...CONVERSATION, id: '66666666-6666-4666-8666-666666666666', userId: '77777777-7777-4777-8777-777777777777', user: { firstName: 'Petr', lastName: 'Sidorov', email: 'petr@example.com' }, unreadCount: 0, waitingSince: null, status: 'pending' as const };
    const fetchMock = mockApi({
      'GET /api/admin/support-conversations?status=all&mine=false': () => page([CONVERSATION, second], 'c1', 40),
      'GET /api/admin/support-conversations?status=all&mine=false&cursor=c1': () => page([{ ...second, id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', userId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', user: { firstName: 'Third', lastName: 'Page', email: null } }], 'c2', 40),
    });
    renderWithProviders(<CrmSupportSection />, { route: '/admin/crm', preloadedState: signedInState(ADMIN) });
    await waitFor(() => expect(sockets).toHaveLength(1));
    act(() => sockets[0]!.receive({ type: 'auth', success: true, userId: ADMIN.id, role: 'admin', unread: { general: 0, support: 0 } }));
    expect(await screen.findByTestId('crm-section')).toHaveAttribute('data-live', 'true');
    await waitFor(() => expect(screen.getAllByTestId('crm-conversation')).toHaveLength(2));
    await screen.findByRole('button', { name: /Load more$/ });
    await act(async () => screen.getByRole('button', { name: /Load more$/ }).click());
    await waitFor(() => expect(screen.getAllByTestId('crm-conversation')).toHaveLength(3));
    const listReads = () => fetchMock.mock.calls.filter(([input]) => String(typeof input === 'string' ? input : (input as Request).url).includes('/api/admin/support-conversations')).length;
    const readsBefore = listReads();

    // The worker of the second row writes again: the row shows it where it is.
    act(() => sockets[0]!.receive({ type: 'support_conversation', conversation: { ...second, status: 'open', unreadCount: 3, lastMessage: 'Any news?', waitingSince: new Date().toISOString(), updatedAt: new Date().toISOString() } }));
    const rows = () => screen.getAllByTestId('crm-conversation');
    await waitFor(() => expect(within(rows()[1]!).getByTestId('crm-unread')).toHaveTextContent('3'));
    expect(within(rows()[1]!).getByText('Any news?')).toBeInTheDocument();
    expect(within(rows()[1]!).getByText('Open')).toBeInTheDocument();
    expect(rows().map((row) => row.dataset.userId)).toEqual([WORKER, second.userId, 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb']);

    // An older view of the same conversation (heard late) does not undo it.
    act(() => sockets[0]!.receive({ type: 'support_conversation', conversation: { ...second, unreadCount: 0, updatedAt: new Date(Date.now() - 3600_000).toISOString() } }));
    expect(within(rows()[1]!).getByTestId('crm-unread')).toHaveTextContent('3');

    // A new worker writes: not on a loaded page, so on top of the list.
    const newcomer = { ...CONVERSATION, id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', userId: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd', user: { firstName: 'New', lastName: 'Worker', email: 'new@example.com' }, unreadCount: 1, lastMessage: 'Hello?' };
    act(() => sockets[0]!.receive({ type: 'support_conversation', conversation: newcomer }));
    await waitFor(() => expect(rows().map((row) => row.dataset.userId)).toEqual([newcomer.userId, WORKER, second.userId, 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb']));
    expect(listReads()).toBe(readsBefore);
  });
});

/** A socket the test drives: it opens at once, and `receive` delivers a server frame. */
class LiveSocket {
  static OPEN = 1;
  readyState = 1;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  sent: string[] = [];
  constructor() {
    setTimeout(() => this.onopen?.(), 0);
  }
  send(frame: string) {
    this.sent.push(frame);
  }
  close() {}
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}
