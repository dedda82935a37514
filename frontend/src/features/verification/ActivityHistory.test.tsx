import type { TActivityEntry } from '@platform/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../test/test-utils';
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

function renderWith(entries: TActivityEntry[]) {
  mockApi({ 'GET /api/user/activity?pageSize=100&lang=en': () => jsonResponse({ entries, total: entries.length, page: 1, pageSize: 100 }) });
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
});
