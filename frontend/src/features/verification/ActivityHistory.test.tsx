import type { TActivityEntry } from '@platform/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../test/test-utils';
import { ActivityHistory } from './ActivityHistory';

function entry(n: number): TActivityEntry {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    type: 'task_completed',
    title: `Entry ${n}`,
    description: `Reward $${n}.00 credited to your balance`,
    timestamp: new Date(Date.UTC(2026, 0, 10 - n)).toISOString(),
    color: 'green',
    badge: 'Completed',
    icon: 'check-circle',
  };
}

function page(items: TActivityEntry[], nextCursor: string | null = null, total = items.length) {
  return jsonResponse({ items, nextCursor, total, totalExact: true });
}

function renderWith(entries: TActivityEntry[]) {
  mockApi({ 'GET /api/user/activity?lang=en': () => page(entries) });
  return renderWithProviders(<ActivityHistory />, { route: '/profile', preloadedState: signedInState(makeUser()) });
}

describe('Profile > Activity History (spec 02)', () => {
  it('when there are 5 entries, then 3 are shown with "View All Activity (5 total)", all after the toggle, and "Show Less" folds them again', async () => {
    renderWith([1, 2, 3, 4, 5].map(entry));
    await screen.findByText('Entry 1');
    expect(screen.getAllByTestId('activity-entry')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'View All Activity (5 total)' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-entry')).toHaveLength(5));
    fireEvent.click(screen.getByRole('button', { name: 'Show Less' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-entry')).toHaveLength(3));
  });

  it('when there are 3 entries or fewer, then no toggle; with none, the empty text and its hint', async () => {
    const { unmount } = renderWith([1, 2, 3].map(entry));
    await screen.findByText('Entry 3');
    expect(screen.queryByTestId('activity-toggle')).toBeNull();
    unmount();
    renderWith([]);
    await screen.findByText('No activity history yet');
    expect(screen.getByText('Complete tasks or make transactions to see your activity')).toBeInTheDocument();
  });

  it('when there are more entries than a page, then expanded shows the first page and "Load more" appends the next one by its cursor', async () => {
    const first = Array.from({ length: 20 }, (_, i) => ({ ...entry(1), id: `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`, title: `First ${i}` }));
    const second = [{ ...entry(2), id: '00000000-0000-4000-8000-000000000299', title: 'Second page entry' }];
    const fetchMock = mockApi({
      'GET /api/user/activity?lang=en': () => page(first, 'c1', 21),
      'GET /api/user/activity?lang=en&cursor=c1': () => page(second, null, 21),
    });
    renderWithProviders(<ActivityHistory />, { route: '/profile', preloadedState: signedInState(makeUser()) });
    fireEvent.click(await screen.findByRole('button', { name: 'View All Activity (21 total)' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-entry')).toHaveLength(20));
    expect(screen.getByTestId('activity-more-count')).toHaveTextContent('20 of 21');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Second page entry');
    expect(screen.getAllByTestId('activity-entry')).toHaveLength(21);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(callsTo(fetchMock, 'GET /api/user/activity?lang=en&cursor=c1')).toHaveLength(1);
  });
});
