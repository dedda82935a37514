import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupStore } from '../../app/store';
import { callsTo, jsonResponse, mockApi, renderWithProviders, signedInState } from '../../test/test-utils';
import { HomePage } from './HomePage';
import { prefetchHome } from './homePrefetch';

const HOME_READS = ['GET /api/ledger/balance', 'GET /api/settings/public', 'GET /api/withdrawals?status=pending&pageSize=100', 'GET /api/news'];

describe('Home prefetch (issue 27)', () => {
  it('when the app starts on Home with a kept session, then Home\'s reads are sent before its screens render, and Home finds them and sends each only once', async () => {
    const fetchMock = mockApi({
      'GET /api/ledger/balance': () => jsonResponse({ available: '12.50', held: '0.00' }),
      'GET /api/settings/public': () => jsonResponse({ minimumWithdrawal: '50.00', walletCooldownHours: '0', currencies: [] }),
      'GET /api/withdrawals?status=pending&pageSize=100': () => jsonResponse({ items: [], nextCursor: null, total: 0, totalExact: true }),
      'GET /api/news': () => jsonResponse({ items: [], nextCursor: null, total: 0, totalExact: true }),
    });
    const store = setupStore(signedInState());
    prefetchHome(store.dispatch);
    await Promise.resolve();
    for (const read of HOME_READS) expect(callsTo(fetchMock, read), read).toHaveLength(1);

    renderWithProviders(<HomePage />, { store });
    expect(await within(await screen.findByTestId('balance-card')).findByText('$12.50')).toBeInTheDocument();
    expect(await screen.findByTestId('withdraw-minimum')).toHaveTextContent('Minimum withdrawal: $50.00');
    for (const read of HOME_READS) expect(callsTo(fetchMock, read), read).toHaveLength(1);
  });
});
