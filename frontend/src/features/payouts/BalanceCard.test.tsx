import type { TWithdrawal } from '@platform/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HomePage } from '../../pages/worker/HomePage';
import { jsonResponse, mockApi, renderWithProviders, signedInState } from '../../test/test-utils';

const pending = (id: string, amount: string): TWithdrawal => ({
  id,
  amount,
  currency: 'USDT',
  networkFee: '1.0',
  walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
  status: 'pending',
  createdAt: '2025-03-01T10:00:00.000Z',
  adminComment: null,
  reviewedAt: null,
  txReference: null,
  decideBy: '2025-03-03T10:00:00.000Z',
  overdue: false,
});

const pageOf = (items: TWithdrawal[], nextCursor: string | null = null, total = items.length) => ({ items, nextCursor, total, totalExact: true });

describe('Home balance card and pending summary (spec 02 Home)', () => {
  it('when Home shows the balance, then the card says once, in the reader\'s language, that nothing is ever asked to be paid', async () => {
    mockApi({
      'GET /api/ledger/balance': () => jsonResponse({ available: '10.00', held: '0.00' }),
      'GET /api/withdrawals?status=pending&pageSize=100': () => jsonResponse(pageOf([])),
    });
    const { unmount } = renderWithProviders(<HomePage />, { preloadedState: signedInState() });
    const card = await screen.findByTestId('balance-card');
    expect(within(card).getAllByText('We never ask you to pay or deposit anything.')).toHaveLength(1);
    unmount();
    renderWithProviders(<HomePage />, { preloadedState: signedInState(), language: 'ru' });
    expect(await within(await screen.findByTestId('balance-card')).findByText('Мы никогда не просим вас платить или вносить какие-либо депозиты.')).toBeInTheDocument();
  });

  it('when money is held, then the available balance is shown with 2 decimals and the held amount beside it', async () => {
    mockApi({
      'GET /api/ledger/balance': () => jsonResponse({ available: '1234.5', held: '75.25' }),
      'GET /api/withdrawals?status=pending&pageSize=100': () => jsonResponse(pageOf([pending('a', '50.00'), pending('b', '25.25')])),
    });
    renderWithProviders(<HomePage />, { preloadedState: signedInState() });
    const card = await screen.findByTestId('balance-card');
    expect(await within(card).findByText('$1,234.50')).toBeInTheDocument();
    expect(within(card).getByText('USD')).toBeInTheDocument();
    expect(within(card).getByText('Held for pending withdrawals: $75.25')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /Withdraw/ })).toBeInTheDocument();
  });

  it('when there are pending requests, then their sum and "View N Pending Request(s)" lead to /withdrawals', async () => {
    mockApi({
      'GET /api/ledger/balance': () => jsonResponse({ available: '10.00', held: '75.25' }),
      // The server filters the pending ones (?status=pending).
      'GET /api/withdrawals?status=pending&pageSize=100': () => jsonResponse(pageOf([pending('a', '50.00'), pending('b', '25.25')])),
    });
    const { user } = renderWithProviders(<HomePage />, { preloadedState: signedInState() });
    const summary = await screen.findByTestId('pending-summary');
    expect(within(summary).getByText('Pending total: $75.25')).toBeInTheDocument();
    await user.click(within(summary).getByRole('button', { name: 'View 2 Pending Requests' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/withdrawals');
  });

  it('when there are more pending requests than one page holds, then the count is the server\'s total and the sum the held balance', async () => {
    mockApi({
      'GET /api/ledger/balance': () => jsonResponse({ available: '10.00', held: '7650.00' }),
      'GET /api/withdrawals?status=pending&pageSize=100': () => jsonResponse(pageOf(Array.from({ length: 100 }, (_, i) => pending(`p${i}`, '75.00')), 'next', 102)),
    });
    renderWithProviders(<HomePage />, { preloadedState: signedInState() });
    const summary = await screen.findByTestId('pending-summary');
    expect(within(summary).getByRole('button', { name: 'View 102 Pending Requests' })).toBeInTheDocument();
    expect(await within(summary).findByText('Pending total: $7,650.00')).toBeInTheDocument();
  });

  it('when nothing is pending, then no pending summary is shown', async () => {
    mockApi({
      'GET /api/ledger/balance': () => jsonResponse({ available: '10.00', held: '0.00' }),
      'GET /api/withdrawals?status=pending&pageSize=100': () => jsonResponse(pageOf([])),
    });
    renderWithProviders(<HomePage />, { preloadedState: signedInState() });
    expect(await screen.findByText('$10.00')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Withdrawal history/ })).toBeInTheDocument();
    expect(screen.queryByTestId('pending-summary')).not.toBeInTheDocument();
  });

  it('when the balance cannot be read, then "—" and "Balance unavailable, try again" are shown, never 0.00', async () => {
    mockApi({
      'GET /api/ledger/balance': () => jsonResponse({ message: 'Service unavailable' }, 503),
      'GET /api/withdrawals?status=pending&pageSize=100': () => jsonResponse(pageOf([])),
    });
    renderWithProviders(<HomePage />, { preloadedState: signedInState() });
    expect(await screen.findByText('Balance unavailable, try again')).toBeInTheDocument();
    expect(screen.getByTestId('balance')).toHaveTextContent('—');
    expect(screen.queryByText(/\$0\.00/)).not.toBeInTheDocument();
  });

  it('when there is no company news, then Home shows the list with its empty state', async () => {
    mockApi({
      'GET /api/ledger/balance': () => jsonResponse({ available: '0.00', held: '0.00' }),
      'GET /api/withdrawals?status=pending&pageSize=100': () => jsonResponse(pageOf([])),
      'GET /api/news': () => jsonResponse({ items: [], nextCursor: null, total: 0, totalExact: true }),
    });
    renderWithProviders(<HomePage />, { preloadedState: signedInState() });
    expect(await screen.findByText('Company News')).toBeInTheDocument();
    expect(await screen.findByText('No news available')).toBeInTheDocument();
    expect(screen.getByText('Check back later for updates')).toBeInTheDocument();
    expect(screen.getByTestId('news-count')).toHaveTextContent('Updates: 0');
  });

  it('when a new worker has $12.50 of a $50.00 minimum, then Home shows the minimum, 25% progress, and a disabled Withdraw explained below it', async () => {
    mockApi({
      'GET /api/ledger/balance': () => jsonResponse({ available: '12.50', held: '0.00' }),
      'GET /api/settings/public': () => jsonResponse({ minimumWithdrawal: '50.00', walletCooldownHours: '0', currencies: [] }),
      'GET /api/withdrawals?status=pending&pageSize=100': () => jsonResponse(pageOf([])),
    });
    renderWithProviders(<HomePage />, { preloadedState: signedInState() });
    const minimum = await screen.findByTestId('withdraw-minimum');
    expect(within(minimum).getByText('Minimum withdrawal: $50.00')).toBeInTheDocument();
    expect(within(minimum).getByText('$12.50 of $50.00')).toBeInTheDocument();
    expect(within(minimum).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    const withdraw = within(screen.getByTestId('balance-card')).getByRole('button', { name: /Withdraw/ });
    expect(withdraw).toBeDisabled();
    expect(withdraw).not.toHaveClass('plain-button-primary');
    expect(withdraw).toHaveClass('plain-button-default');
    const why = screen.getByTestId('withdraw-why');
    expect(withdraw).toHaveAttribute('aria-describedby', 'withdraw-why');
    expect(why).toHaveTextContent('You can withdraw once your available balance reaches $50.00: $37.50 to go.');
    expect(why).toHaveTextContent('Profile > Delete account');
  });

  it('while the balance and the minimum are read, then the card keeps their space, invisible and hidden from screen readers, and the real blocks take it', async () => {
    let answerSettings: (response: Response) => void = () => undefined;
    mockApi({
      'GET /api/ledger/balance': () => jsonResponse({ available: '12.50', held: '0.00' }),
      'GET /api/settings/public': () => new Promise<Response>((resolve) => (answerSettings = resolve)),
      'GET /api/withdrawals?status=pending&pageSize=100': () => jsonResponse(pageOf([])),
    });
    renderWithProviders(<HomePage />, { preloadedState: signedInState() });
    const card = await screen.findByTestId('balance-card');
    expect(await within(card).findByText('$12.50')).toBeInTheDocument();
    const kept = screen.getByTestId('withdraw-minimum-placeholder');
    expect(kept).toHaveClass('balance-card-placeholder');
    expect(kept).toHaveAttribute('aria-hidden', 'true');
    expect(within(card).getAllByText('Minimum withdrawal: $0.00', { exact: false }).every((el) => el.closest('[aria-hidden="true"]'))).toBe(true);
    expect(screen.queryByTestId('withdraw-minimum')).not.toBeInTheDocument();

    answerSettings(jsonResponse({ minimumWithdrawal: '50.00', walletCooldownHours: '0', currencies: [] }));
    expect(await screen.findByTestId('withdraw-minimum')).toHaveTextContent('Minimum withdrawal: $50.00');
    expect(screen.queryByTestId('withdraw-minimum-placeholder')).not.toBeInTheDocument();
    expect(card.querySelectorAll('.balance-card-placeholder')).toHaveLength(0);
  });

  it('when the balance has reached the minimum, then Withdraw is the primary action and the minimum is only mentioned', async () => {
    mockApi({
      'GET /api/ledger/balance': () => jsonResponse({ available: '50.00', held: '0.00' }),
      'GET /api/settings/public': () => jsonResponse({ minimumWithdrawal: '50.00', walletCooldownHours: '0', currencies: [] }),
      'GET /api/withdrawals?status=pending&pageSize=100': () => jsonResponse(pageOf([])),
    });
    renderWithProviders(<HomePage />, { preloadedState: signedInState() });
    expect(await screen.findByTestId('withdraw-minimum-met')).toHaveTextContent('Withdrawals start at $50.00.');
    expect(screen.queryByTestId('withdraw-minimum')).not.toBeInTheDocument();
    const withdraw = within(screen.getByTestId('balance-card')).getByRole('button', { name: /Withdraw/ });
    expect(withdraw).toBeEnabled();
    expect(withdraw).toHaveClass('plain-button-primary');
  });

  it('when the interface is Russian, then the minimum and the reason are in Russian', async () => {
    mockApi({
      'GET /api/ledger/balance': () => jsonResponse({ available: '7.50', held: '0.00' }),
      'GET /api/settings/public': () => jsonResponse({ minimumWithdrawal: '50.00', walletCooldownHours: '0', currencies: [] }),
      'GET /api/withdrawals?status=pending&pageSize=100': () => jsonResponse(pageOf([])),
    });
    renderWithProviders(<HomePage />, { preloadedState: signedInState(), language: 'ru' });
    expect(await screen.findByTestId('withdraw-why')).toHaveTextContent(/осталось 42,50\s\$/);
    expect(screen.getByTestId('withdraw-minimum')).toHaveTextContent('Минимальная сумма вывода');
  });
});
