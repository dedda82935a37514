import type { TLedgerEntry, TStatementPage, TWithdrawal } from '@platform/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockApi, renderWithProviders, signedInState } from '../../test/test-utils';
import { formatDeadline } from '../../app/format';
import { payoutsApi } from './payouts.api';
import WithdrawalsScreen from './WithdrawalsScreen';

const base: TWithdrawal = {
  id: '11111111-1111-4111-8111-111111111111',
  amount: '60.00',
  currency: 'ETH',
  networkFee: '0.005',
  walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
  status: 'pending',
  createdAt: '2025-03-01T10:00:00.000Z',
  adminComment: null,
  reviewedAt: null,
  txReference: null,
  decideBy: '2025-03-03T10:00:00.000Z',
  overdue: false,
};
const WITHDRAWALS: TWithdrawal[] = [
  base,
  { ...base, id: '22222222-2222-4222-8222-222222222222', status: 'approved', reviewedAt: '2025-03-02T10:00:00.000Z', txReference: '0xabc123', adminComment: 'Paid' },
  { ...base, id: '33333333-3333-4333-8333-333333333333', status: 'rejected', reviewedAt: '2025-03-02T11:00:00.000Z', adminComment: 'Wallet on a sanctions list' },
];

const entry = (seq: number, kind: TLedgerEntry['kind'], amount: string, availableAfter: string, heldAfter: string, reason: string | null = null, description: string | null = null): TLedgerEntry => ({
  id: `00000000-0000-4000-8000-00000000000${seq}`,
  seq,
  kind,
  amount,
  availableAfter,
  heldAfter,
  referenceType: null,
  referenceId: null,
  reason,
  createdBy: null,
  createdAt: `2025-03-0${seq}T10:00:00.000Z`,
  prevHash: '0'.repeat(64),
  hash: 'f'.repeat(64),
  description,
});
/** The statement as GET /api/ledger/statement pages it: newest entry first. */
const STATEMENT: TStatementPage = {
  userId: 'u1',
  from: null,
  to: null,
  opening: { available: '0.00', held: '0.00' },
  closing: { available: '35.00', held: '0.00' },
  items: [
    entry(4, 'withdrawal_payout', '-60.00', '35.00', '0.00'),
    entry(3, 'withdrawal_hold', '-60.00', '35.00', '60.00'),
    entry(2, 'admin_adjustment', '-5.00', '95.00', '0.00', 'Duplicate reward corrected'),
    entry(1, 'task_reward', '100.00', '100.00', '0.00', null, 'Label 50 street photos'),
  ],
  nextCursor: null,
  total: 4,
  totalExact: true,
};

const page = <T,>(items: T[], nextCursor: string | null = null, total = items.length, totalExact = true) => ({ items, nextCursor, total, totalExact });
const withdrawal = (n: number, over: Partial<TWithdrawal> = {}): TWithdrawal => ({ ...base, id: `${String(n).padStart(8, '0')}-0000-4000-8000-000000000000`, amount: `${n}.00`, ...over });

function renderScreen(verify: unknown = { valid: true, entries: 4 }, handlers: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({
    'GET /api/ledger/balance': () => jsonResponse({ available: '35.00', held: '60.00' }),
    'GET /api/withdrawals': () => jsonResponse(page(WITHDRAWALS)),
    'GET /api/ledger/statement': () => jsonResponse(STATEMENT),
    'GET /api/ledger/verify': () => jsonResponse(verify),
    'GET /api/settings/public': () => jsonResponse({ minimumWithdrawal: '50.00', walletCooldownHours: '0', currencies: [] }),
    'GET /api/user/payout-wallets': () => jsonResponse([]),
    'GET /api/auth/me': () => jsonResponse({}),
    ...handlers,
  });
  return { ...renderWithProviders(<WithdrawalsScreen />, { route: '/withdrawals', preloadedState: signedInState() }), fetchMock };
}

// (The button's name is matched loosely: in jsdom antd's loading icon never finishes its leave animation, so the name
// keeps "loading" after a page arrived although the button is enabled again.)
const amountsShown = () => screen.getAllByTestId('withdrawal-card').map((card) => within(card).getByText(/^\$\d/).textContent?.replace(/\s*USD$/, ''));

describe('/withdrawals (spec 02)', () => {
  it('when a request is pending, then it reads "Processing"; a reviewed one shows its comment, date and (approved) reference', async () => {
    renderScreen();
    const cards = await screen.findAllByTestId('withdrawal-card');
    expect(cards).toHaveLength(3);
    const [pendingCard, approvedCard, rejectedCard] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(pendingCard).getByTestId('withdrawal-status')).toHaveTextContent('Processing');
    expect(within(pendingCard).getByText('0.005 ETH')).toBeInTheDocument();
    expect(within(pendingCard).queryByText('Reviewed')).not.toBeInTheDocument();
    expect(within(approvedCard).getByTestId('withdrawal-status')).toHaveTextContent('Approved');
    expect(within(approvedCard).getByTestId('tx-reference')).toHaveTextContent('0xabc123');
    expect(within(approvedCard).getByText('Reviewed')).toBeInTheDocument();
    expect(within(rejectedCard).getByTestId('withdrawal-status')).toHaveTextContent('Rejected');
    expect(within(rejectedCard).getByTestId('admin-comment')).toHaveTextContent('Wallet on a sanctions list');
    expect(within(rejectedCard).queryByTestId('tx-reference')).not.toBeInTheDocument();
  });

  it('when a request is pending, then it says by when it will be decided; past that, that it is overdue (issue 31), in both languages', async () => {
    const overdue = withdrawal(7, { decideBy: '2025-03-04T14:00:00.000Z', overdue: true });
    renderScreen(undefined, { 'GET /api/withdrawals': () => jsonResponse(page([base, overdue, WITHDRAWALS[1]!])) });
    const [onTime, late, approved] = (await screen.findAllByTestId('withdrawal-card')) as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(onTime).getByTestId('withdrawal-decide-by')).toHaveTextContent(`Decided by ${formatDeadline(base.decideBy, 'en')}`);
    expect(formatDeadline(base.decideBy, 'en')).toMatch(/^Mon, Mar 3, \d\d:00$/);
    expect(within(onTime).queryByText('Overdue')).toBeNull();
    expect(within(late).getByText('Overdue')).toBeInTheDocument();
    expect(within(late).getByTestId('withdrawal-decide-by')).toHaveTextContent('past the time we promised to decide it by');
    expect(within(approved).queryByTestId('withdrawal-decide-by')).toBeNull();
    expect(formatDeadline(base.decideBy, 'ru')).toMatch(/^пн, 3 мар\.?, \d\d:00$/);
  });

  it('when the page opens, then the available balance and the held amount are both shown', async () => {
    renderScreen();
    expect(await screen.findByText('$35.00')).toBeInTheDocument();
    expect(screen.getByText('Held for pending withdrawals: $60.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to dashboard/ })).toHaveAttribute('href', '/');
  });

  it('when the Statement tab is opened, then every entry shows its kind in words, the task it paid for, signed amount, reason and balances after', async () => {
    const { user } = renderScreen();
    await user.click(await screen.findByRole('tab', { name: 'Statement' }));
    const entries = await screen.findAllByTestId('statement-entry');
    expect(entries.map((e) => e.getAttribute('data-kind'))).toEqual(['withdrawal_payout', 'withdrawal_hold', 'admin_adjustment', 'task_reward']);
    const [payout, hold, adjustment, reward] = entries as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(reward).getByText('Task reward')).toBeInTheDocument();
    expect(within(reward).getByTestId('statement-entry-description')).toHaveTextContent('Label 50 street photos');
    expect(within(adjustment).queryByTestId('statement-entry-description')).toBeNull();
    expect(within(reward).getByText('+$100.00')).toBeInTheDocument();
    expect(within(adjustment).getByText('Admin adjustment')).toBeInTheDocument();
    expect(within(adjustment).getByText('Reason: Duplicate reward corrected')).toBeInTheDocument();
    expect(within(hold).getByText('Withdrawal hold')).toBeInTheDocument();
    expect(within(hold).getByText('-$60.00')).toBeInTheDocument();
    expect(within(hold).getByText('$60.00')).toBeInTheDocument();
    expect(within(payout).getByText('Withdrawal payout')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Download CSV/ })).toBeInTheDocument();
  });

  it('when Verify is tapped and the chain checks out, then one plain result: "Your 4 entries check out", last verified just now, and what it means', async () => {
    const { user } = renderScreen();
    await user.click(await screen.findByRole('tab', { name: 'Statement' }));
    await user.click(await screen.findByRole('button', { name: /Verify/ }));
    const result = await screen.findByTestId('verify-result');
    expect(within(result).getByText('Your 4 entries check out')).toBeInTheDocument();
    expect(within(result).getByText('Last verified just now.')).toBeInTheDocument();
    expect(result).toHaveTextContent('no entry has been changed, removed or slipped in since it was written');
  });

  it('when the chain has a single entry, then "Your 1 entry checks out"; in Russian with the right plural', async () => {
    const { user, unmount } = renderScreen({ valid: true, entries: 1 });
    await user.click(await screen.findByRole('tab', { name: 'Statement' }));
    await user.click(await screen.findByRole('button', { name: /Verify/ }));
    expect(await screen.findByText('Your 1 entry checks out')).toBeInTheDocument();
    unmount();
    mockApi({
      'GET /api/ledger/balance': () => jsonResponse({ available: '35.00', held: '60.00' }),
      'GET /api/withdrawals': () => jsonResponse(page(WITHDRAWALS)),
      'GET /api/ledger/statement': () => jsonResponse(STATEMENT),
      'GET /api/ledger/verify': () => jsonResponse({ valid: true, entries: 42 }),
    });
    const ru = renderWithProviders(<WithdrawalsScreen />, { route: '/withdrawals', preloadedState: signedInState(), language: 'ru' });
    await ru.user.click(await screen.findByRole('tab', { name: 'Выписка' }));
    await ru.user.click(await screen.findByRole('button', { name: /Проверить/ }));
    const result = await screen.findByTestId('verify-result');
    expect(within(result).getByText('Ваши 42 записи в порядке')).toBeInTheDocument();
    expect(within(result).getByText('Последняя проверка: только что.')).toBeInTheDocument();
  });

  it('when Verify finds a broken chain, then it says where, what it means and what to do', async () => {
    const { user } = renderScreen({ valid: false, entries: 4, brokenAt: 3, problem: 'hash mismatch' });
    await user.click(await screen.findByRole('tab', { name: 'Statement' }));
    await user.click(await screen.findByRole('button', { name: /Verify/ }));
    await waitFor(() => expect(screen.getByTestId('verify-result')).toHaveTextContent('Your statement does not check out at entry #3'));
    expect(screen.getByTestId('verify-result')).toHaveTextContent('What this means: hash mismatch. An entry or your balance differs from what was written. Please write to support');
  });
});

describe('/withdrawals: pages from the server', () => {
  it('when there are more withdrawals than one page, then "Load more" appends the next page and the count says how many of how many', async () => {
    const { user, fetchMock } = renderScreen(undefined, {
      'GET /api/withdrawals': () => jsonResponse(page([withdrawal(5), withdrawal(4)], 'c1', 5)),
      'GET /api/withdrawals?cursor=c1': () => jsonResponse(page([withdrawal(3), withdrawal(2)], 'c2', 5)),
      'GET /api/withdrawals?cursor=c2': () => jsonResponse(page([withdrawal(1, { status: 'rejected', reviewedAt: '2025-03-02T10:00:00.000Z', adminComment: 'Wrong network' })], null, 5)),
    });
    await screen.findAllByTestId('withdrawal-card');
    expect(amountsShown()).toEqual(['$5.00', '$4.00']);
    expect(screen.getByTestId('withdrawals-more-count')).toHaveTextContent('Showing 2 of 5');
    await user.click(await screen.findByRole('button', { name: /Load more/ }));
    await waitFor(() => expect(amountsShown()).toEqual(['$5.00', '$4.00', '$3.00', '$2.00']));
    await user.click(await screen.findByRole('button', { name: /Load more/ }));
    await waitFor(() => expect(amountsShown()).toHaveLength(5));
    expect(screen.getByTestId('withdrawals-more-count')).toHaveTextContent('Showing 5 of 5');
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
    // What the worker saw before is still there on a later page: the rejection and its reason.
    const last = screen.getAllByTestId('withdrawal-card').at(-1) as HTMLElement;
    expect(within(last).getByTestId('withdrawal-status')).toHaveTextContent('Rejected');
    expect(within(last).getByTestId('admin-comment')).toHaveTextContent('Wrong network');
    expect(callsTo(fetchMock, 'GET /api/withdrawals?cursor=c1')).toHaveLength(1);
  });

  it('when a status is chosen, then the server is asked for that status only, and its pages load more of it', async () => {
    const rejected = (n: number) => withdrawal(n, { status: 'rejected', reviewedAt: '2025-03-02T10:00:00.000Z', adminComment: `Reason ${n}` });
    const { user, fetchMock } = renderScreen(undefined, {
      'GET /api/withdrawals?status=rejected': () => jsonResponse(page([rejected(7)], 'r1', 2)),
      'GET /api/withdrawals?status=rejected&cursor=r1': () => jsonResponse(page([rejected(3)], null, 2)),
    });
    await screen.findAllByTestId('withdrawal-card');
    expect(amountsShown()).toHaveLength(3);
    await user.click(screen.getByText('Rejected', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(amountsShown()).toEqual(['$7.00']));
    expect(screen.getByTestId('withdrawals-more-count')).toHaveTextContent('Showing 1 of 2');
    await user.click(await screen.findByRole('button', { name: /Load more/ }));
    await waitFor(() => expect(amountsShown()).toEqual(['$7.00', '$3.00']));
    expect(screen.getAllByTestId('admin-comment').map((c) => c.textContent)).toEqual(['Reason 7', 'Reason 3']);
    expect(callsTo(fetchMock, 'GET /api/withdrawals?status=rejected&cursor=r1')).toHaveLength(1);
  });

  it('when the count stopped at the cap, then the total reads "10,000+"', async () => {
    renderScreen(undefined, { 'GET /api/withdrawals': () => jsonResponse(page([withdrawal(2), withdrawal(1)], 'c1', 10_000, false)) });
    expect(await screen.findByTestId('withdrawals-more-count')).toHaveTextContent('Showing 2 of 10,000+');
  });

  it('when a new withdrawal is made after loading more, then the list starts again from the fresh first page, and Load more still works', async () => {
    let made = false;
    const { user, store } = renderScreen(undefined, {
      'GET /api/withdrawals': () => jsonResponse(made ? page([withdrawal(9), withdrawal(5)], 'n1', 6) : page([withdrawal(5), withdrawal(4)], 'c1', 5)),
      'GET /api/withdrawals?cursor=c1': () => jsonResponse(page([withdrawal(3), withdrawal(2)], 'c2', 5)),
      'GET /api/withdrawals?cursor=n1': () => jsonResponse(page([withdrawal(4), withdrawal(3)], 'n2', 6)),
      'POST /api/withdrawals': () => {
        made = true;
        return jsonResponse(withdrawal(9), 201);
      },
    });
    await screen.findAllByTestId('withdrawal-card');
    await user.click(await screen.findByRole('button', { name: /Load more/ }));
    await waitFor(() => expect(amountsShown()).toHaveLength(4));
    await act(async () => {
      await store.dispatch(payoutsApi.endpoints.createWithdrawal.initiate({ body: { amount: '9.00', currency: 'ETH', walletAddress: base.walletAddress }, idempotencyKey: 'k1' }));
    });
    await waitFor(() => expect(amountsShown()).toEqual(['$9.00', '$5.00']));
    expect(screen.getByTestId('withdrawals-more-count')).toHaveTextContent('Showing 2 of 6');
    await user.click(await screen.findByRole('button', { name: /Load more/ }));
    await waitFor(() => expect(amountsShown()).toEqual(['$9.00', '$5.00', '$4.00', '$3.00']));
  });

  it('when the statement has more entries than one page, then "Load more" appends the older ones', async () => {
    const { user } = renderScreen(undefined, {
      'GET /api/ledger/statement': () => jsonResponse({ ...STATEMENT, items: STATEMENT.items.slice(0, 2), nextCursor: 's1', total: 4 }),
      'GET /api/ledger/statement?cursor=s1': () => jsonResponse({ ...STATEMENT, items: STATEMENT.items.slice(2), nextCursor: null, total: 4 }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Statement' }));
    await waitFor(() => expect(screen.getAllByTestId('statement-entry')).toHaveLength(2));
    expect(screen.getByTestId('statement-more-count')).toHaveTextContent('Showing 2 of 4');
    await user.click(await screen.findByRole('button', { name: /Load more/ }));
    await waitFor(() => expect(screen.getAllByTestId('statement-entry').map((e) => e.getAttribute('data-kind'))).toEqual(['withdrawal_payout', 'withdrawal_hold', 'admin_adjustment', 'task_reward']));
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('statement-closing')).toHaveTextContent('$35.00');
  });
});
