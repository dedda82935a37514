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
