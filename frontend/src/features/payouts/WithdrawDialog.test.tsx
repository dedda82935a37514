import type { TPayoutWallet, TPublicSettings, TWithdrawal } from '@platform/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../test/test-utils';
import { createIdempotencyKeeper } from './idempotency';
import { WithdrawDialog } from './WithdrawDialog';

const ETH_WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
const SETTINGS: TPublicSettings = {
  minimumWithdrawal: '50.00',
  walletCooldownHours: '0',
  currencies: [
    { value: 'BTC', label: 'Bitcoin (BTC)', networkFee: '0.0005' },
    { value: 'ETH', label: 'Ethereum (ETH)', networkFee: '0.005' },
  ],
};
const CREATED: TWithdrawal = {
  id: '11111111-1111-4111-8111-111111111111',
  amount: '50.00',
  currency: 'ETH',
  networkFee: '0.005',
  walletAddress: ETH_WALLET,
  status: 'pending',
  createdAt: '2025-03-01T10:00:00.000Z',
  adminComment: null,
  reviewedAt: null,
  txReference: null,
  decideBy: '2025-03-03T10:00:00.000Z',
  overdue: false,
};

type THandlers = Parameters<typeof mockApi>[0];

function renderDialog(handlers: THandlers = {}, options: { settings?: TPublicSettings; wallets?: TPayoutWallet[] } = {}) {
  const fetchMock = mockApi({
    'GET /api/settings/public': () => jsonResponse(options.settings ?? SETTINGS),
    'GET /api/ledger/balance': () => jsonResponse({ available: '100.00', held: '0.00' }),
    'GET /api/user/payout-wallets': () => jsonResponse(options.wallets ?? []),
    'GET /api/withdrawals': () => jsonResponse({ items: [], nextCursor: null, total: 0, totalExact: true }),
    'GET /api/auth/me': () => jsonResponse(makeUser({ balance: '50.00', heldBalance: '50.00' })),
    ...handlers,
  });
  const onClose = vi.fn();
  const keeper = createIdempotencyKeeper();
  const utils = renderWithProviders(<WithdrawDialog open onClose={onClose} keeper={keeper} />, { preloadedState: signedInState() });
  return { ...utils, fetchMock, onClose };
}

const submitButton = () => screen.getByRole('button', { name: 'Request withdrawal' });

async function fill(user: ReturnType<typeof renderDialog>['user'], amount: string, currency = 'ETH', wallet = ETH_WALLET) {
  await screen.findByRole('option', { name: /Ethereum \(ETH\)/ });
  await user.selectOptions(screen.getByLabelText('Currency'), currency);
  const amountInput = screen.getByLabelText('Amount (USD)');
  await user.clear(amountInput);
  await user.type(amountInput, amount);
  const walletInput = screen.getByLabelText('Wallet address');
  await user.clear(walletInput);
  await user.type(walletInput, wallet);
}

function idempotencyKeyOf(init: RequestInit | undefined): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'];
}

describe('withdrawal dialog (spec 02 s.5, s.8)', () => {
  it('when it opens, then it says once that the platform never asks for a payment or a deposit (principle 8)', async () => {
    renderDialog();
    await screen.findByRole('option', { name: /Ethereum/ });
    expect(screen.getAllByText('We never ask you to pay or deposit anything.')).toHaveLength(1);
  });

  it('when a field is empty, then the submit button is disabled', async () => {
    const { user } = renderDialog();
    await screen.findByRole('option', { name: /Ethereum/ });
    expect(submitButton()).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Currency'), 'ETH');
    await user.type(screen.getByLabelText('Amount (USD)'), '60');
    expect(submitButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Wallet address'), ETH_WALLET);
    expect(submitButton()).toBeEnabled();
  });

  it('when currencies are offered, then each shows its network fee in its own units', async () => {
    renderDialog();
    expect(await screen.findByRole('option', { name: 'Bitcoin (BTC) · Network fee: 0.0005 BTC' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Ethereum (ETH) · Network fee: 0.005 ETH' })).toBeInTheDocument();
    const amount = screen.getByLabelText('Amount (USD)');
    expect(amount).toHaveAttribute('step', '0.01');
    expect(amount).toHaveAttribute('min', '0');
  });

  it('when the amount is 49.99 against a minimum of 50.00, then "Amount too low" / "Minimum withdrawal amount is $50.00" and nothing is sent', async () => {
    const { user, fetchMock } = renderDialog();
    await fill(user, '49.99');
    await user.click(submitButton());
    expect(await screen.findByText('Amount too low')).toBeInTheDocument();
    expect(screen.getByText('Minimum withdrawal amount is $50.00')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/withdrawals')).toHaveLength(0);
  });

  it('when the amount is above the available balance, then "Insufficient funds" / "Amount exceeds your balance"', async () => {
    const { user, fetchMock } = renderDialog();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/ledger/balance')).toHaveLength(1));
    await fill(user, '100.01');
    await user.click(submitButton());
    expect(await screen.findByText('Insufficient funds')).toBeInTheDocument();
    expect(screen.getByText('Amount exceeds your balance')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/withdrawals')).toHaveLength(0);
  });

  it('when the amount is 0, then "Please enter a valid amount"', async () => {
    const { user } = renderDialog();
    await fill(user, '0');
    await user.click(submitButton());
    expect(await screen.findByText('Please enter a valid amount')).toBeInTheDocument();
  });

  it('when the amount equals the minimum, then the request is sent with a 2-decimal amount and an Idempotency-Key, the success toast shows and the user is refreshed', async () => {
    const { user, fetchMock, onClose, store } = renderDialog({ 'POST /api/withdrawals': () => jsonResponse(CREATED, 201) });
    await fill(user, '50');
    await user.click(submitButton());
    expect(await screen.findByText('Withdrawal request created')).toBeInTheDocument();
    expect(screen.getByText('Your request has been sent for administrator review')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST /api/withdrawals');
    expect(JSON.parse(String(call?.body))).toEqual({ amount: '50.00', currency: 'ETH', walletAddress: ETH_WALLET });
    expect(idempotencyKeyOf(call)).toMatch(/^[0-9a-f-]{36}$/);
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(store.getState().session.user?.heldBalance).toBe('50.00'));
    // The balance and the list are read again.
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/ledger/balance').length).toBeGreaterThanOrEqual(2));
  });

  it('when the first attempt fails with a network error, then the retry sends the same Idempotency-Key', async () => {
    let attempts = 0;
    const { user, fetchMock } = renderDialog({
      'POST /api/withdrawals': () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return jsonResponse(CREATED, 201);
      },
    });
    await fill(user, '60');
    await user.click(submitButton());
    expect(await screen.findByText('Failed to create withdrawal request')).toBeInTheDocument();
    expect(screen.getByText(/Sending the same request again is safe/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Request withdrawal' }));
    expect(await screen.findByText('Withdrawal request created')).toBeInTheDocument();
    const calls = callsTo(fetchMock, 'POST /api/withdrawals');
    expect(calls).toHaveLength(2);
    expect(idempotencyKeyOf(calls[0])).toBeDefined();
    expect(idempotencyKeyOf(calls[1])).toBe(idempotencyKeyOf(calls[0]));
  });

  it('when the server refuses, then "Error" with its message, and the next attempt has a new key', async () => {
    const { user, fetchMock } = renderDialog({
      'POST /api/withdrawals': () => jsonResponse({ message: 'Please enter a valid Ethereum (ETH) wallet address', code: 'PAYOUTS.INVALID_WALLET_ADDRESS' }, 400),
    });
    await fill(user, '60');
    await user.click(submitButton());
    expect(await screen.findByText('Please enter a valid Ethereum (ETH) wallet address')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Request withdrawal' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/withdrawals')).toHaveLength(2));
    const calls = callsTo(fetchMock, 'POST /api/withdrawals');
    expect(idempotencyKeyOf(calls[1])).not.toBe(idempotencyKeyOf(calls[0]));
  });

  it('when the server refuses one field (the minimum), then its message is under that field, the form is kept and no toast shows', async () => {
    const { user } = renderDialog({
      'POST /api/withdrawals': () => jsonResponse({ message: 'Minimum withdrawal amount is $75.00', code: 'PAYOUTS.AMOUNT_TOO_LOW', field: 'amount' }, 400),
    });
    await fill(user, '60');
    await user.click(submitButton());
    const message = await screen.findByText('Minimum withdrawal amount is $75.00');
    expect(message.closest('[data-testid="withdraw-amount-error"]')).not.toBeNull();
    expect(screen.getByLabelText('Amount (USD)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue(60);
    expect(screen.getByLabelText('Wallet address')).toHaveValue(ETH_WALLET);
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount (USD)'), '5');
    expect(screen.queryByText('Minimum withdrawal amount is $75.00')).not.toBeInTheDocument();
  });

  it('when the server refuses the wallet address, then it is under the address field', async () => {
    const { user } = renderDialog({
      'POST /api/withdrawals': () => jsonResponse({ message: 'Please enter a valid Ethereum (ETH) wallet address', code: 'PAYOUTS.INVALID_WALLET_ADDRESS', field: 'walletAddress' }, 400),
    });
    await fill(user, '60');
    await user.click(submitButton());
    const message = await screen.findByText('Please enter a valid Ethereum (ETH) wallet address');
    expect(message.closest('[data-testid="withdraw-wallet-error"]')).not.toBeNull();
    expect(screen.getByLabelText('Wallet address')).toHaveAttribute('aria-describedby', 'withdraw-wallet-error');
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
  });

  it('when the available balance is under the minimum, then the dialog says so before any typing', async () => {
    renderDialog({ 'GET /api/ledger/balance': () => jsonResponse({ available: '12.50', held: '0.00' }) });
    const notice = await screen.findByTestId('below-minimum');
    expect(notice).toHaveTextContent('Not enough to withdraw yet');
    expect(notice).toHaveTextContent('Your available balance is $12.50; the minimum withdrawal is $50.00.');
  });

  it('when the balance reaches the minimum, then no such notice', async () => {
    renderDialog({ 'GET /api/ledger/balance': () => jsonResponse({ available: '50.00', held: '0.00' }) });
    await screen.findByRole('option', { name: /Ethereum \(ETH\)/ });
    await screen.findByText(/Available: \$50\.00/);
    expect(screen.queryByTestId('below-minimum')).not.toBeInTheDocument();
  });

  it('when saved wallets exist for the currency, then one can be chosen, and a cooldown is explained', async () => {
    const wallets: TPayoutWallet[] = [
      { id: 'w1', currency: 'ETH', address: ETH_WALLET, label: 'Ledger', createdAt: '2025-01-01T00:00:00.000Z', usableFrom: '2025-01-02T00:00:00.000Z' },
      { id: 'w2', currency: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', label: null, createdAt: '2025-01-01T00:00:00.000Z', usableFrom: '2025-01-02T00:00:00.000Z' },
    ];
    const { user } = renderDialog({}, { wallets, settings: { ...SETTINGS, walletCooldownHours: '24' } });
    expect(await screen.findByText('Only saved wallets added more than 24 hours ago can receive payouts.')).toBeInTheDocument();
    await screen.findByRole('option', { name: /Ethereum/ });
    await user.selectOptions(screen.getByLabelText('Currency'), 'ETH');
    const saved = await screen.findByLabelText('Saved wallets');
    expect(screen.queryByRole('option', { name: /bc1qar/ })).not.toBeInTheDocument();
    await user.selectOptions(saved, ETH_WALLET);
    expect(screen.getByLabelText('Wallet address')).toHaveValue(ETH_WALLET);
  });

  it('when exactly one wallet is saved, then its currency and address are chosen when the dialog opens', async () => {
    const wallets: TPayoutWallet[] = [
      { id: 'w1', currency: 'ETH', address: ETH_WALLET, label: 'Ledger', createdAt: '2025-01-01T00:00:00.000Z', usableFrom: '2025-01-01T00:00:00.000Z' },
    ];
    renderDialog({}, { wallets });
    await screen.findByRole('option', { name: /Ethereum/ });
    await waitFor(() => expect(screen.getByLabelText('Wallet address')).toHaveValue(ETH_WALLET));
    expect(screen.getByLabelText('Currency')).toHaveValue('ETH');
    expect(screen.getByLabelText('Saved wallets')).toHaveValue(ETH_WALLET);
    // Only the amount is left to fill, and the dialog says so.
    expect(screen.getByTestId('withdraw-missing')).toHaveTextContent('To send the request, fill in: Amount');
  });

  it('when Submit is disabled, then the dialog names what is missing, and the note goes once everything is filled', async () => {
    const { user } = renderDialog();
    await screen.findByRole('option', { name: /Ethereum/ });
    expect(screen.getByTestId('withdraw-missing')).toHaveTextContent('To send the request, fill in: Currency, Amount, Wallet address');
    expect(submitButton()).toHaveAttribute('aria-describedby', 'withdraw-missing');
    await user.selectOptions(screen.getByLabelText('Currency'), 'ETH');
    await user.type(screen.getByLabelText('Amount (USD)'), '60');
    expect(screen.getByTestId('withdraw-missing')).toHaveTextContent('To send the request, fill in: Wallet address');
    await user.type(screen.getByLabelText('Wallet address'), ETH_WALLET);
    expect(screen.queryByTestId('withdraw-missing')).not.toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
  });

  it('when an amount and a currency are chosen, then what arrives after the network fee is shown: about the net in USDT, the fee in ETH', async () => {
    const settings: TPublicSettings = { ...SETTINGS, currencies: [...SETTINGS.currencies, { value: 'USDT', label: 'Tether (USDT)', networkFee: '1.0' }] };
    const { user } = renderDialog({}, { settings });
    await screen.findByRole('option', { name: /Tether/ });
    await user.selectOptions(screen.getByLabelText('Currency'), 'USDT');
    await user.type(screen.getByLabelText('Amount (USD)'), '60');
    expect(screen.getByTestId('withdraw-arrival')).toHaveTextContent('About 59.00 USDT will arrive: $60.00 less the 1.0 USDT network fee.');
    await user.selectOptions(screen.getByLabelText('Currency'), 'ETH');
    expect(screen.getByTestId('withdraw-arrival')).toHaveTextContent('$60.00 is converted to ETH at the rate of the payout; the 0.005 ETH network fee is taken from it');
  });

  it('when closing the account with $7.50 (under the minimum), then the whole balance is the fixed amount and it goes to POST /api/withdrawals/closing', async () => {
    const fetchMock = mockApi({
      'GET /api/settings/public': () => jsonResponse(SETTINGS),
      'GET /api/ledger/balance': () => jsonResponse({ available: '7.50', held: '0.00' }),
      'GET /api/user/payout-wallets': () => jsonResponse([]),
      'GET /api/auth/me': () => jsonResponse(makeUser()),
      'POST /api/withdrawals/closing': () => jsonResponse({ ...CREATED, amount: '7.50' }, 201),
    });
    const onDone = vi.fn();
    const onClose = vi.fn();
    const { user } = renderWithProviders(<WithdrawDialog open closing onClose={onClose} onDone={onDone} keeper={createIdempotencyKeeper()} />, {
      preloadedState: signedInState(),
    });
    expect(await screen.findByTestId('closing-intro')).toHaveTextContent('The whole available balance, $7.50, is withdrawn, whatever the minimum withdrawal.');
    const amount = screen.getByLabelText('Amount (USD)');
    await waitFor(() => expect(amount).toHaveValue(7.5));
    expect(amount).toHaveAttribute('readonly');
    expect(screen.queryByTestId('below-minimum')).not.toBeInTheDocument();
    await screen.findByRole('option', { name: /Ethereum/ });
    await user.selectOptions(screen.getByLabelText('Currency'), 'ETH');
    await user.type(screen.getByLabelText('Wallet address'), ETH_WALLET);
    await user.click(screen.getByRole('button', { name: 'Withdraw $7.50' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [init] = callsTo(fetchMock, 'POST /api/withdrawals/closing');
    expect(JSON.parse(String(init?.body))).toEqual({ currency: 'ETH', walletAddress: ETH_WALLET });
    expect(idempotencyKeyOf(init)).toMatch(/^[0-9a-f-]{36}$/);
    expect(onClose).toHaveBeenCalled();
  });
});
