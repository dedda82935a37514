import type { TTaskPackage } from '@platform/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../test/test-utils';
import { TaskPackagesSection } from './index';

function makePackage(id: string, name: string): TTaskPackage {
  return { id, name, description: null, isActive: true, createdBy: null, createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z', taskCount: 1 };
}

const page = (items: TTaskPackage[], nextCursor: string | null) => jsonResponse({ items, nextCursor, total: 2, totalExact: true });

describe('admin Task Packages', () => {
  it('when the package list is paged, then Next asks the server by cursor and the package open on the right stays open', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/task-packages': () => page([makePackage('p1', 'Starter pack')], 'c2'),
      'GET /api/admin/task-packages?cursor=c2': () => page([makePackage('p2', 'Local checks')], null),
      'GET /api/admin/task-packages/p1': () =>
        jsonResponse({ ...makePackage('p1', 'Starter pack'), tasks: [{ id: 't1', title: 'Photograph a sign', reward: '1.00', dueDate: null, status: 'available', sortOrder: 0 }] }),
    });
    const { user } = renderWithProviders(<TaskPackagesSection />, { route: '/admin/task-packages', preloadedState: signedInState(makeUser({ role: 'admin' })) });
    await user.click(await screen.findByRole('button', { name: /Starter pack/ }));
    const detail = () => document.querySelector('.package-detail-panel') as HTMLElement;
    await within(detail()).findByText('Photograph a sign');
    await user.click(within(screen.getByTestId('packages-pager')).getByRole('button', { name: /Next/ }));
    await screen.findByRole('button', { name: /Local checks/ });
    expect(callsTo(fetchMock, 'GET /api/admin/task-packages?cursor=c2')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Starter pack/ })).toBeNull();
    expect(within(detail()).getByRole('heading', { level: 2 })).toHaveTextContent('Starter pack');
    expect(within(detail()).getByText('Photograph a sign')).toBeInTheDocument();
  });
});

describe('admin Task Packages: Add Task', () => {
  const task = (id: string, title: string) => ({ id, title, reward: '2.50', dueDate: null, status: 'available' as const, sortOrder: 0 });
  const offer = (items: ReturnType<typeof task>[], nextCursor: string | null, total = 21, totalExact = true) => jsonResponse({ items, nextCursor, total, totalExact });

  it('when the dialog opens, then the tasks not in the package come a page at a time from the server, searched there, and the chosen one is added', async () => {
    const firstPage = Array.from({ length: 20 }, (_, i) => task(`t${i}`, `Offered task ${i}`));
    const fetchMock = mockApi({
      'GET /api/admin/task-packages': () => page([makePackage('p1', 'Starter pack')], null),
      'GET /api/admin/task-packages/p1': () => jsonResponse({ ...makePackage('p1', 'Starter pack'), tasks: [] }),
      'GET /api/admin/task-packages/p1/available-tasks': () => offer(firstPage, 'n2'),
      'GET /api/admin/task-packages/p1/available-tasks?cursor=n2': () => offer([task('t20', 'Last offered task')], null),
      'GET /api/admin/task-packages/p1/available-tasks?search=signs': () => offer([task('s1', 'Photograph signs')], null, 10_000, false),
      'POST /api/admin/task-packages/p1/tasks': () => jsonResponse({ ...makePackage('p1', 'Starter pack'), tasks: [task('s1', 'Photograph signs')] }, 201),
    });
    const { user } = renderWithProviders(<TaskPackagesSection />, { route: '/admin/task-packages', preloadedState: signedInState(makeUser({ role: 'admin' })) });
    await user.click(await screen.findByRole('button', { name: /Starter pack/ }));
    await user.click(await screen.findByRole('button', { name: /Add Task/ }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Offered task 0');
    expect(within(dialog).getByTestId('available-tasks-total')).toHaveTextContent('Tasks to add: 21');

    await user.click(within(within(dialog).getByTestId('available-tasks-pager')).getByRole('button', { name: /Next/ }));
    await within(dialog).findByText('Last offered task');
    expect(within(dialog).queryByText('Offered task 0')).toBeNull();

    // Nothing chosen: the refusal, and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select a task');

    // The search goes to the server and starts again from its first page.
    await user.type(within(dialog).getByLabelText('Search tasks by title (3+ letters)'), 'signs');
    await within(dialog).findByText('Photograph signs');
    expect(within(dialog).getByTestId('available-tasks-total')).toHaveTextContent('Tasks to add: 10,000+');
    await user.click(within(dialog).getByText('Photograph signs'));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await screen.findByText('Task added to the package');
    const posted = callsTo(fetchMock, 'POST /api/admin/task-packages/p1/tasks');
    expect(posted).toHaveLength(1);
    expect(JSON.parse(String(posted[0]?.body))).toEqual({ taskId: 's1' });
  });
});
