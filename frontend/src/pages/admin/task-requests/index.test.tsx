import type { TTaskRequest } from '@platform/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../test/test-utils';
import { TaskRequestsSection } from './index';

function makeRequest(id: string, title: string, status: TTaskRequest['status'] = 'pending'): TTaskRequest {
  return {
    id,
    taskId: `task-${id}`,
    userId: 'u-1',
    status,
    requestedAt: '2026-11-20T10:00:00.000Z',
    submission: null,
    reason: null,
    decidedAt: null,
    user: { firstName: 'Ada', lastName: 'Worker', email: 'ada@example.test', balance: null },
    task: { title, reward: '2.50', description: 'Do it', dueDate: null },
  };
}

const page = (items: TTaskRequest[], nextCursor: string | null, total = items.length, totalExact = true) => jsonResponse({ items, nextCursor, total, totalExact });
const STATS = { pending: 31, approved: 10_000, approvedExact: false, pendingRewards: '77.50' };

function renderRequests(handlers: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi({ 'GET /api/admin/task-requests/stats': () => jsonResponse(STATS), ...handlers });
  return { ...renderWithProviders(<TaskRequestsSection />, { route: '/admin/task-requests', preloadedState: signedInState(makeUser({ role: 'admin' })) }), fetchMock };
}

describe('admin Task Requests', () => {
  it('when the lists are paged on the server, then the cards count all requests and each tab shows its own total and pages by cursor', async () => {
    const { user, fetchMock } = renderRequests({
      'GET /api/admin/task-requests?status=pending': () => page([makeRequest('r1', 'Newest pending')], 'p2', 31),
      'GET /api/admin/task-requests?status=pending&cursor=p2': () => page([makeRequest('r2', 'Older pending')], null, 31),
      'GET /api/admin/task-requests': () => page([makeRequest('r3', 'Decided one', 'approved')], null, 10_000, false),
    });
    await screen.findByText('Newest pending');
    expect(screen.getByTestId('stat-pending')).toHaveTextContent('31');
    expect(screen.getByTestId('stat-approved')).toHaveTextContent('10,000+');
    expect(screen.getByTestId('stat-pending-rewards')).toHaveTextContent('$77.50');
    expect(screen.getByRole('tab', { name: /Pending Requests/ })).toHaveTextContent('Pending Requests (31)');
    expect(screen.getByRole('tab', { name: /All Requests/ })).toHaveTextContent('All Requests (10,000+)');
    await user.click(within(screen.getByTestId('pending-requests-pager')).getByRole('button', { name: /Next/ }));
    await screen.findByText('Older pending');
    expect(callsTo(fetchMock, 'GET /api/admin/task-requests?status=pending&cursor=p2')).toHaveLength(1);
    await user.click(screen.getByRole('tab', { name: /All Requests/ }));
    expect(await screen.findByText('Decided one')).toBeInTheDocument();
  });

  it('when the admin searches for a worker, then both lists are asked with ?user= from the first page', async () => {
    const { user, fetchMock } = renderRequests({
      'GET /api/admin/task-requests?status=pending': () => page([makeRequest('r1', 'Somebody else')], null),
      'GET /api/admin/task-requests': () => page([makeRequest('r1', 'Somebody else')], null),
      'GET /api/admin/task-requests?status=pending&user=ada%40example': () => page([makeRequest('r4', 'Ada asked')], null),
      'GET /api/admin/task-requests?user=ada%40example': () => page([makeRequest('r4', 'Ada asked')], null),
    });
    await screen.findAllByText('Somebody else');
    await user.type(screen.getByLabelText('Search by worker e-mail or name (3+ letters)'), 'ada@example{Enter}');
    await screen.findAllByText('Ada asked');
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/admin/task-requests?user=ada%40example')).toHaveLength(1));
    expect(callsTo(fetchMock, 'GET /api/admin/task-requests?status=pending&user=ada%40example')).toHaveLength(1);
  });
});
