import type { TAdminChatMessage, TChatMonitorStats } from '@platform/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../test/test-utils';
import { ChatMonitorSection } from './index';

const ADMIN = makeUser({ role: 'admin' });
const WORKER = '44444444-4444-4444-8444-444444444444';

function message(id: number, overrides: Partial<TAdminChatMessage> = {}): TAdminChatMessage {
  return {
    id,
    userId: WORKER,
    assistantId: null,
    isBot: false,
    content: `Message ${id}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 12, id)).toISOString(),
    isFromAdmin: false,
    chatType: 'general',
    supportUserId: null,
    replyToId: null,
    clientId: null,
    user: { firstName: 'Olga', lastName: 'Ivanova' },
    assistant: null,
    replyTo: null,
    author: { firstName: 'Olga', lastName: 'Ivanova', role: 'employee' },
    quality: null,
    ...overrides,
  };
}

const STATS: TChatMonitorStats = { messagesLast24h: 12, peopleMessagesLast24h: 10, assistantMessagesLast24h: 2, activePeopleLast24h: 4 };
const page = (items: TAdminChatMessage[], nextCursor: string | null, total: number, totalExact = true) => jsonResponse({ items, nextCursor, total, totalExact });
const FEED = '/api/admin/chat-messages?filter=all&room=general';

describe('Chat Monitor (spec 03; paged, issue 25)', () => {
  it('when the feed has more than a page, then the total reads 10,000+ when not exact, Next follows the cursor and Previous comes back', async () => {
    const fetchMock = mockApi({
      [`GET ${FEED}`]: () => page([message(3), message(2)], 'next-1', 10_000, false),
      [`GET ${FEED}&cursor=next-1`]: () => page([message(1)], null, 10_000, false),
      'GET /api/admin/chat-messages/stats': () => jsonResponse(STATS),
    });
    const { user } = renderWithProviders(<ChatMonitorSection />, { route: '/admin/chat-monitor', preloadedState: signedInState(ADMIN) });
    await waitFor(() => expect(screen.getAllByTestId('monitor-message')).toHaveLength(2));
    expect(screen.getByTestId('monitor-total')).toHaveTextContent('Messages: 10,000+');
    expect(screen.getByTestId('chat-stat-messages')).toHaveTextContent('12');
    const pager = screen.getByTestId('monitor-pager');
    await user.click(within(pager).getByRole('button', { name: /Next page/ }));
    await waitFor(() => expect(screen.getAllByTestId('monitor-message').map((m) => m.textContent)).toEqual([expect.stringContaining('Message 1')]));
    expect(within(pager).getByRole('button', { name: /Next page/ })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: /Previous page/ }));
    await waitFor(() => expect(screen.getAllByTestId('monitor-message')).toHaveLength(2));
    expect(callsTo(fetchMock, `GET ${FEED}&cursor=next-1`)).toHaveLength(1);
  });

  it('when filters are chosen, then the feed is asked with exactly them, from the first page; a support message narrows the feed to its thread', async () => {
    const supportMessage = message(7, { chatType: 'support', supportUserId: WORKER, content: 'Where is my payout' });
    const fetchMock = mockApi({
      [`GET ${FEED}`]: () => page([message(3)], 'next-1', 21),
      [`GET ${FEED}&cursor=next-1`]: () => page([message(2)], null, 21),
      'GET /api/admin/chat-messages?filter=people&room=general': () => page([message(3)], null, 1),
      'GET /api/admin/chat-messages?filter=people&room=support': () => page([supportMessage], null, 1),
      'GET /api/admin/chat-messages?filter=people&room=support&search=payout': () => page([supportMessage], null, 1),
      'GET /api/admin/chat-messages?filter=people&room=support&user=olga&search=payout': () => page([supportMessage], null, 1),
      'GET /api/admin/chat-messages?filter=people&room=support&user=olga&search=payout&from=2026-01-01&to=2026-01-31': () => page([supportMessage], null, 1),
      [`GET /api/admin/chat-messages?filter=people&room=support&conversation=${WORKER}&user=olga&search=payout&from=2026-01-01&to=2026-01-31`]: () => page([supportMessage], null, 1),
      'GET /api/admin/chat-messages/stats': () => jsonResponse(STATS),
    });
    const { user } = renderWithProviders(<ChatMonitorSection />, { route: '/admin/chat-monitor', preloadedState: signedInState(ADMIN) });
    await screen.findByTestId('monitor-message');
    await user.click(within(screen.getByTestId('monitor-pager')).getByRole('button', { name: /Next page/ }));
    await waitFor(() => expect(callsTo(fetchMock, `GET ${FEED}&cursor=next-1`)).toHaveLength(1));

    await user.click(screen.getByText('People only'));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/admin/chat-messages?filter=people&room=general')).toHaveLength(1));
    await user.click(screen.getByRole('combobox', { name: 'Room' }));
    await user.click(await screen.findByTitle('Support threads'));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/admin/chat-messages?filter=people&room=support')).toHaveLength(1));
    await user.type(screen.getByRole('textbox', { name: 'Search the text' }), 'payout{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/admin/chat-messages?filter=people&room=support&search=payout')).toHaveLength(1));
    await user.type(screen.getByRole('textbox', { name: "Author's e-mail or name" }), 'olga{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/admin/chat-messages?filter=people&room=support&user=olga&search=payout')).toHaveLength(1));
    // The kit's date range: the first day, then the last, each typed and confirmed.
    const [fromDay, toDay] = within(screen.getByTestId('monitor-dates')).getAllByRole('textbox');
    await user.click(fromDay!);
    await user.type(fromDay!, '2026-01-01{Enter}');
    await user.type(toDay!, '2026-01-31{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/admin/chat-messages?filter=people&room=support&user=olga&search=payout&from=2026-01-01&to=2026-01-31')).toHaveLength(1));

    const item = await screen.findByTestId('monitor-message');
    expect(within(item).getByText('Support')).toBeInTheDocument();
    await user.click(within(item).getByTestId('monitor-thread'));
    const url = `GET /api/admin/chat-messages?filter=people&room=support&conversation=${WORKER}&user=olga&search=payout&from=2026-01-01&to=2026-01-31`;
    await waitFor(() => expect(callsTo(fetchMock, url)).toHaveLength(1));
    expect(screen.getByTestId('monitor-thread-filter')).toHaveTextContent('Support thread of Olga Ivanova');
    expect(screen.getByRole('combobox', { name: 'Room' })).toBeDisabled();
    // Every filtered read started from the newest page: only the first read followed a cursor.
    expect(fetchMock.mock.calls.filter(([input]) => String(typeof input === 'string' ? input : (input as Request).url).includes('cursor=')).length).toBe(1);
  });

  it('when nothing matches the filters, then it says so, and a short search is not sent', async () => {
    const fetchMock = mockApi({
      [`GET ${FEED}`]: () => page([], null, 0),
      'GET /api/admin/chat-messages?filter=assistants&room=general': () => page([], null, 0),
      'GET /api/admin/chat-messages/stats': () => jsonResponse(STATS),
    });
    const { user } = renderWithProviders(<ChatMonitorSection />, { route: '/admin/chat-monitor', preloadedState: signedInState(ADMIN) });
    expect(await screen.findByText('No messages in the general chat yet.')).toBeInTheDocument();
    await user.click(screen.getByText('Assistants only'));
    expect(await screen.findByText('No messages match these filters.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search the text' }), 'ab{Enter}');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetchMock.mock.calls.some(([input]) => String(typeof input === 'string' ? input : (input as Request).url).includes('search='))).toBe(false);
    expect(screen.getByTestId('monitor-total')).toHaveTextContent('Messages: 0');
  });
});
