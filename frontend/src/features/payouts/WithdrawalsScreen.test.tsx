import type { TLedgerEntry, TStatement, TWithdrawal } from '@platform/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, renderWithProviders, signedInState } from '../../test/test-utils';
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
};
const WITHDRAWALS: TWithdrawal[] = [
  base,
  { ...base, id: '22222222-2222-4222-8222-222222222222', status: 'approved', reviewedAt: '2025-03-02T10:00:00.000Z', txReference: '0xabc123', adminComment: 'Paid' },
  { ...base, id: '33333333-3333-4333-8333-333333333333', status: 'rejected', reviewedAt: '2025-03-02T11:00:00.000Z', adminComment: 'Wallet on a sanctions list' },
];

const entry = (seq: number, kind: TLedgerEntry['kind'], amount: string, availableAfter: string, heldAfter: string, reason: string | null = null): TLedgerEntry => ({
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
});
const STATEMENT: TStatement = {
  userId: 'u1',
  from: null,
  to: null,
  opening: { available: '0.00', held: '0.00' },
  closing: { available: '35.00', held: '0.00' },
  entries: [
    entry(1, 'task_reward', '100.00', '100.00', '0.00'),
    entry(2, 'admin_adjustment', '-5.00', '95.00', '0.00', 'Duplicate reward corrected'),
    entry(3, 'withdrawal_hold', '-60.00', '35.00', '60.00'),
    entry(4, 'withdrawal_payout', '-60.00', '35.00', '0.00'),
  ],
};

function renderScreen(verify: unknown = { valid: true, entries: 4 }) {
  mockApi({
    'GET /api/ledger/balance': () => jsonResponse({ available: '35.00', held: '60.00' }),
    'GET /api/withdrawals': () => jsonResponse(WITHDRAWALS),
    'GET /api/ledger/statement': () => jsonResponse(STATEMENT),
    'GET /api/ledger/verify': () => jsonResponse(verify),
    'GET /api/settings/public': () => jsonResponse({ minimumWithdrawal: '50.00', walletCooldownHours: '0', currencies: [] }),
    'GET /api/user/payout-wallets': () => jsonResponse([]),
  });
  return renderWithProviders(<WithdrawalsScreen />, { route: '/withdrawals', preloadedState: signedInState() });
}

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

  it('when the page opens, then the available balance and the held amount are both shown', async () => {
    renderScreen();
    expect(await screen.findByText('$35.00')).toBeInTheDocument();
    expect(screen.getByText('Held for pending withdrawals: $60.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to dashboard/ })).toHaveAttribute('href', '/');
  });

  it('when the Statement tab is opened, then every entry shows its kind in words, signed amount, reason and balances after', async () => {
    const { user } = renderScreen();
    await user.click(await screen.findByRole('tab', { name: 'Statement' }));
    const entries = await screen.findAllByTestId('statement-entry');
    expect(entries.map((e) => e.getAttribute('data-kind'))).toEqual(['withdrawal_payout', 'withdrawal_hold', 'admin_adjustment', 'task_reward']);
    const [payout, hold, adjustment, reward] = entries as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(reward).getByText('Task reward')).toBeInTheDocument();
    expect(within(reward).getByText('+$100.00')).toBeInTheDocument();
    expect(within(adjustment).getByText('Admin adjustment')).toBeInTheDocument();
    expect(within(adjustment).getByText('Reason: Duplicate reward corrected')).toBeInTheDocument();
    expect(within(hold).getByText('Withdrawal hold')).toBeInTheDocument();
    expect(within(hold).getByText('-$60.00')).toBeInTheDocument();
    expect(within(hold).getByText('$60.00')).toBeInTheDocument();
    expect(within(payout).getByText('Withdrawal payout')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Download CSV/ })).toBeInTheDocument();
  });

  it('when Verify is pressed and the chain checks out, then "All 4 entries verified"', async () => {
    const { user } = renderScreen();
    await user.click(await screen.findByRole('tab', { name: 'Statement' }));
    await user.click(await screen.findByRole('button', { name: /Verify/ }));
    expect(await screen.findByText('All 4 entries verified')).toBeInTheDocument();
  });

  it('when Verify finds a broken chain, then it says where', async () => {
    const { user } = renderScreen({ valid: false, entries: 4, brokenAt: 3, problem: 'hash mismatch' });
    await user.click(await screen.findByRole('tab', { name: 'Statement' }));
    await user.click(await screen.findByRole('button', { name: /Verify/ }));
    await waitFor(() => expect(screen.getByTestId('verify-result')).toHaveTextContent('The check failed at entry #3: hash mismatch'));
  });
});
