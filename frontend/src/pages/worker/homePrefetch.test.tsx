import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BOOT_READ_PATHS, BOOT_READS_GLOBAL } from '../../app/bootReads';
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

  it('when the app waits for the prefetch before its first render, then it settles once every read has answered, and Home\'s first render shows the figures', async () => {
    let answerBalance: (response: Response) => void = () => undefined;
    mockApi({
      'GET /api/ledger/balance': () => new Promise<Response>((resolve) => (answerBalance = resolve)),
      'GET /api/settings/public': () => jsonResponse({ minimumWithdrawal: '50.00', walletCooldownHours: '0', currencies: [] }),
      'GET /api/withdrawals?status=pending&pageSize=100': () => jsonResponse({ items: [], nextCursor: null, total: 0, totalExact: true }),
      'GET /api/news': () => jsonResponse({ items: [], nextCursor: null, total: 0, totalExact: true }),
    });
    const store = setupStore(signedInState());
    let settled = false;
    const prefetched = prefetchHome(store.dispatch).then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    answerBalance(jsonResponse({ available: '12.50', held: '0.00' }));
    await prefetched;

    renderWithProviders(<HomePage />, { store });
    // No await: the figures are in the first render.
    expect(within(screen.getByTestId('balance-card')).getByText('$12.50')).toBeInTheDocument();
    expect(screen.getByTestId('withdraw-why')).toHaveTextContent('$37.50 to go');
  });

  afterEach(() => {
    delete (window as unknown as Record<string, unknown>)[BOOT_READS_GLOBAL];
  });

  it("when the boot script has sent Home's reads, then they are Home's reads exactly, and Home shows their answers without sending them again", async () => {
    expect(BOOT_READ_PATHS.map((path) => `GET /api${path}`)).toEqual(HOME_READS);
    const fetchMock = mockApi({});
    const answers: Record<string, unknown> = {
      '/ledger/balance': { available: '7.25', held: '0.00' },
      '/settings/public': { minimumWithdrawal: '20.00', walletCooldownHours: '0', currencies: [] },
      '/withdrawals?status=pending&pageSize=100': { items: [], nextCursor: null, total: 0, totalExact: true },
      '/news': { items: [], nextCursor: null, total: 0, totalExact: true },
    };
    const state = signedInState(undefined, 'boot-token');
    (window as unknown as Record<string, unknown>)[BOOT_READS_GLOBAL] = {
      token: 'boot-token',
      startedAt: Date.now(),
      reads: Object.fromEntries(Object.entries(answers).map(([path, body]) => [path, Promise.resolve(jsonResponse(body))])),
    };
    const store = setupStore(state);
    prefetchHome(store.dispatch);
    renderWithProviders(<HomePage />, { store });
    expect(await within(await screen.findByTestId('balance-card')).findByText('$7.25')).toBeInTheDocument();
    expect(await screen.findByTestId('withdraw-minimum')).toHaveTextContent('Minimum withdrawal: $20.00');
    for (const read of HOME_READS) expect(callsTo(fetchMock, read), read).toHaveLength(0);
  });
});
