import type { TAward } from '@platform/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../test/test-utils';
import { AwardsManagementSection } from './index';

const award = (id: string, firstName: string, overrides: Partial<TAward> = {}): TAward => ({
  id,
  userId: '00000000-0000-4000-8000-000000000001',
  firstName,
  lastName: 'Worker',
  category: 'top_earner',
  rank: 1,
  value: '120.00',
  period: 'weekly',
  source: 'manual',
  createdBy: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});
/** An option of the open antd Select (its list renders each option's title once more for screen readers). */
const option = async (title: string) => (await screen.findAllByTitle(title)).find((el) => el.classList.contains('ant-select-item-option'))!;
const page = (items: TAward[], nextCursor: string | null, total = 21, totalExact = true) => jsonResponse({ items, nextCursor, total, totalExact });

describe('admin Awards Management', () => {
  it('when the awards are paged, then Next asks the server by cursor; the tab, period, source and user search are sent to the server', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/awards': () => page([award('w1', 'Ada'), award('w2', 'Bob', { source: 'computed' })], 'c2'),
      'GET /api/admin/awards?cursor=c2': () => page([award('w3', 'Cleo')], null),
      'GET /api/admin/awards?category=top_rate': () => page([award('r1', 'Dana', { category: 'top_rate', value: '97.50' })], null, 1),
      'GET /api/admin/awards?period=monthly&category=top_rate': () => page([], null, 0),
      'GET /api/admin/awards?period=monthly&category=top_rate&source=computed': () => page([], null, 0),
      'GET /api/admin/awards?period=monthly&category=top_rate&source=computed&user=dana': () => page([award('r2', 'Dana', { category: 'top_rate', source: 'computed' })], null, 10_000, false),
    });
    const { user } = renderWithProviders(<AwardsManagementSection />, { route: '/admin/awards-management', preloadedState: signedInState(makeUser({ role: 'admin' })) });
    await screen.findByText('Ada Worker');
    expect(screen.getAllByTestId('award-card')).toHaveLength(2);
    expect(screen.getByTestId('awards-total')).toHaveTextContent('Awards: 21');

    await user.click(within(screen.getByTestId('awards-pager')).getByRole('button', { name: /Next/ }));
    await screen.findByText('Cleo Worker');
    expect(screen.queryByText('Ada Worker')).toBeNull();

    // A tab is the server's category filter and starts from the first page.
    await user.click(screen.getByRole('tab', { name: 'Best Rates' }));
    await screen.findByText('Dana Worker');
    expect(screen.getByText('97.5%')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Filter by period'));
    await user.click(await option('Month'));
    await screen.findByText('No awards found');
    await user.click(screen.getByLabelText('Filter by source'));
    await user.click(await option('Computed'));
    await user.type(screen.getByLabelText('Search by name or e-mail (3+ letters)'), 'dana');
    await screen.findByText('Dana Worker');
    expect(screen.getByTestId('awards-total')).toHaveTextContent('Awards: 10,000+');
    expect(callsTo(fetchMock, 'GET /api/admin/awards?period=monthly&category=top_rate&source=computed&user=dana')).toHaveLength(1);
  });

  it('when the user is not an admin, then Access denied and nothing is asked', async () => {
    const fetchMock = mockApi({});
    renderWithProviders(<AwardsManagementSection />, { route: '/admin/awards-management', preloadedState: signedInState(makeUser({ role: 'employee' })) });
    expect(await screen.findByTestId('awards-access-denied')).toHaveTextContent('Access denied');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/admin/awards'))).toEqual([]);
  });
});
