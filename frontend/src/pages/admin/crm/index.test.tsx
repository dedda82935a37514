import type { TChatMessage, TSupportConversation } from '@platform/contracts';
import { screen, waitFor, within } from '@testing-library/react';
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

function render(replyAnswer: () => Response) {
  const fetchMock = mockApi({
    'GET /api/admin/support-conversations?status=all&mine=false': () => jsonResponse({ conversations: [CONVERSATION] }),
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
});
