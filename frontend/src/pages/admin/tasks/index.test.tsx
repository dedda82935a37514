import type { TAdminTask } from '@platform/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../test/test-utils';
import { TasksSection } from './index';

function makeTask(id: string, title: string, overrides: Partial<TAdminTask> = {}): TAdminTask {
  return {
    id,
    title,
    description: 'Describe it',
    submissionInstructions: 'Attach a photo',
    reward: '3.00',
    status: 'available',
    sortOrder: 0,
    dueDate: null,
    timeLimitMinutes: null,
    requiresApproval: false,
    acceptanceCriteria: [],
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    createdBy: null,
    assignedUser: null,
    assignment: null,
    returns: 0,
    estimatedMinutes: 15,
    slots: 1,
    filledSlots: 0,
    assignments: [],
    estimateMissing: false,
    underpaid: false,
    control: null,
    pay: { basis: 'estimate', minutes: 15, hourlyRate: '12.00', workers: 0 },
    ...overrides,
  };
}

const page = (items: TAdminTask[], nextCursor: string | null, total = items.length) => jsonResponse({ items, nextCursor, total, totalExact: true });

function renderTasks(handlers: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi(handlers);
  return { ...renderWithProviders(<TasksSection />, { route: '/admin/tasks', preloadedState: signedInState(makeUser({ role: 'admin' })) }), fetchMock };
}

describe('admin Tasks', () => {
  it('when there is a next page, then Next asks the server with its cursor and Previous goes back', async () => {
    const { user, fetchMock } = renderTasks({
      'GET /api/admin/tasks': () => page([makeTask('t1', 'First page task')], 'c2', 2),
      'GET /api/admin/tasks?cursor=c2': () => page([makeTask('t2', 'Second page task')], null, 2),
    });
    await screen.findByText('First page task');
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await screen.findByText('Second page task');
    expect(screen.queryByText('First page task')).toBeNull();
    expect(callsTo(fetchMock, 'GET /api/admin/tasks?cursor=c2')).toHaveLength(1);
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /Previous/ }));
    await screen.findByText('First page task');
  });

  it('when the admin types a title search, then the server is asked with ?search= from 3 letters on, from the first page', async () => {
    const { user, fetchMock } = renderTasks({
      'GET /api/admin/tasks': () => page([makeTask('t1', 'Shop sign'), makeTask('t2', 'Library hours')], null),
      'GET /api/admin/tasks?search=libr': () => page([makeTask('t2', 'Library hours')], null),
    });
    await screen.findByText('Shop sign');
    // Enter applies the search at once: two letters are not sent (the server needs three).
    await user.type(screen.getByLabelText('Search by title (3+ letters)'), 'li{Enter}');
    await user.type(screen.getByLabelText('Search by title (3+ letters)'), 'br');
    await waitFor(() => expect(screen.queryByText('Shop sign')).toBeNull());
    expect(screen.getByText('Library hours')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('search='))).toEqual(['/api/admin/tasks?search=libr']);
  });

  it('shows each task\'s pay per hour, flags one the real times show underpaid and one without a real estimate, and sorts by pay per hour on the server', async () => {
    const { user, fetchMock } = renderTasks({
      'GET /api/admin/tasks': () =>
        page([
          makeTask('t1', 'Old task', { estimateMissing: true }),
          makeTask('t2', 'Slow task', { underpaid: true, pay: { basis: 'median', minutes: 30, hourlyRate: '6.00', workers: 10 } }),
        ], null),
      'GET /api/admin/tasks?sort=hourlyRate.asc': () => page([makeTask('t2', 'Slow task')], null),
    });
    const old = (await screen.findByText('Old task')).closest('tr') as HTMLElement;
    expect(old).toHaveTextContent('$12.00/h at 15 min');
    expect(old.querySelector('[data-testid="task-no-estimate"]')).toHaveTextContent('No real estimate');
    const slow = screen.getByText('Slow task').closest('tr') as HTMLElement;
    expect(slow).toHaveTextContent('$6.00/h at 30 min');
    expect(slow.querySelector('[data-testid="task-underpaid"]')).toHaveTextContent('Under the hourly minimum');
    expect(slow.querySelector('[data-testid="task-no-estimate"]')).toBeNull();
    await user.click(screen.getByRole('columnheader', { name: /Pay per hour/ }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/admin/tasks?sort=hourlyRate.asc')).toHaveLength(1));
  });
  it('shows how many of each task\'s slots are filled, and its view lists the latest assignments; cancelling one sends that assignment', async () => {
    const ana = { id: 'u2', firstName: 'Ana', lastName: 'Lee', email: 'ana@example.com' };
    const bo = { id: 'u1', firstName: 'Bo', lastName: 'Ray', email: 'bo@example.com' };
    const survey = makeTask('t1', 'Survey of shops', {
      slots: 5,
      filledSlots: 12,
      assignedUser: ana,
      assignment: { id: 'a2', status: 'completed', assignedAt: '2026-11-02T10:00:00.000Z', submittedAt: '2026-11-02T10:20:00.000Z' },
      assignments: [
        { id: 'a2', status: 'completed', assignedAt: '2026-11-02T10:00:00.000Z', submittedAt: '2026-11-02T10:20:00.000Z', user: ana },
        { id: 'a1', status: 'assigned', assignedAt: '2026-11-01T10:00:00.000Z', submittedAt: null, user: bo },
      ],
    });
    const { user, fetchMock } = renderTasks({
      'GET /api/admin/tasks': () => page([survey], null),
      'POST /api/admin/assignments/a1/cancel': () => jsonResponse({ message: 'Assignment cancelled', assignment: {} }),
    });
    const row = (await screen.findByText('Survey of shops')).closest('tr') as HTMLElement;
    expect(row.querySelector('[data-testid="task-slots"]')).toHaveTextContent('12/5');
    expect(row).toHaveTextContent('+11 more');
    await user.click(screen.getByRole('button', { name: 'Survey of shops' }));
    const view = await screen.findByTestId('task-view');
    expect(within(view).getByTestId('task-view-slots')).toHaveTextContent('12/5');
    // The rows of the list (an item's actions are list items of their own).
    const items = Array.from(within(view).getByTestId('task-view-assignments').querySelectorAll<HTMLElement>('.ant-list-item'));
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Ana Lee (ana@example.com)');
    // A completed assignment cannot be cancelled; a live one can.
    expect(within(items[0]!).queryByRole('button', { name: 'Cancel assignment' })).toBeNull();
    expect(view).toHaveTextContent('The latest 2 of 12');
    await user.click(within(items[1]!).getByRole('button', { name: 'Cancel assignment' }));
    const reason = await screen.findByLabelText('Reason');
    await user.click(reason);
    await user.paste('Duplicate account');
    await user.click(within(reason.closest('form') as HTMLElement).getByRole('button', { name: 'Cancel assignment' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/admin/assignments/a1/cancel')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/admin/assignments/a1/cancel')[0]?.body))).toEqual({ reason: 'Duplicate account' });
  });
});
