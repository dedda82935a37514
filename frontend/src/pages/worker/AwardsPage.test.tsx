import type { TAward } from '@platform/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockApi, renderWithProviders, signedInState } from '../../test/test-utils';
import { AwardsPage } from './AwardsPage';

const award = (i: number, category: TAward['category']): TAward => ({
  id: `a${i}`,
  userId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  firstName: `Worker${i}`,
  lastName: 'Test',
  category,
  rank: 1 + (i % 5),
  value: '10.00',
  period: 'monthly',
  source: 'computed',
  createdBy: null,
  createdAt: '2026-01-10T10:00:00.000Z',
  updatedAt: '2026-01-10T10:00:00.000Z',
});

describe('Awards (the worker screen)', () => {
  it("when the period has more awards than a page, then the first 20 show, and Load more appends the next page in the leaderboards' groups", async () => {
    const fetchMock = mockApi({
      'GET /api/awards?period=monthly': () =>
        jsonResponse({ items: Array.from({ length: 20 }, (_, i) => award(i, i < 15 ? 'top_earner' : 'top_completion')), nextCursor: 'c2', total: 23, totalExact: true }),
      'GET /api/awards?period=monthly&cursor=c2': () => jsonResponse({ items: [20, 21, 22].map((i) => award(i, i < 21 ? 'top_completion' : 'top_rate')), nextCursor: null, total: 23, totalExact: true }),
    });
    const { user } = renderWithProviders(<AwardsPage />, { preloadedState: signedInState() });
    const page = await screen.findByTestId('awards-page');
    await within(page).findByText('Worker0 Test');
    expect(within(page).getByTestId('awards-more-count')).toHaveTextContent('Showing 20 of 23');
    expect(within(page).queryByTestId('awards-group-top_rate')).toBeNull();

    await user.click(within(page).getByRole('button', { name: 'Load more' }));
    await within(page).findByText('Worker22 Test');
    expect(callsTo(fetchMock, 'GET /api/awards?period=monthly&cursor=c2')).toHaveLength(1);
    // The next page's rows join their own groups.
    expect(within(within(page).getByTestId('awards-group-top_completion')).getByText('Worker20 Test')).toBeInTheDocument();
    expect(within(within(page).getByTestId('awards-group-top_rate')).getByText('Worker22 Test')).toBeInTheDocument();
    expect(within(page).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('when an award was given by hand, then it says the team gave it and shows no figure (typed by an admin, not computed: issue 31 item 5); a computed one shows its value', async () => {
    mockApi({
      'GET /api/awards?period=monthly': () =>
        jsonResponse({
          items: [
            { ...award(1, 'top_earner'), firstName: 'Computed', value: '123.45' },
            { ...award(2, 'top_earner'), firstName: 'Manual', value: '9999.00', source: 'manual' },
          ],
          nextCursor: null,
          total: 2,
          totalExact: true,
        }),
    });
    renderWithProviders(<AwardsPage />, { preloadedState: signedInState() });
    const page = await screen.findByTestId('awards-page');
    await within(page).findByText('Manual Test');
    expect(page).toHaveTextContent('$123.45');
    expect(page).toHaveTextContent('Awarded by the team');
    expect(page).not.toHaveTextContent('9,999');
  });
});
