import type { TPayoutWallet, TPublicSettings } from '@platform/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockApi, renderWithProviders, signedInState } from '../../test/test-utils';
import { WalletsDialog } from './WalletsDialog';

const ETH_WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
const SETTINGS: TPublicSettings = {
  minimumWithdrawal: '50.00',
  walletCooldownHours: '0',
  currencies: [
    { value: 'BTC', label: 'Bitcoin (BTC)', networkFee: '0.0005' },
    { value: 'ETH', label: 'Ethereum (ETH)', networkFee: '0.005' },
  ],
};
const SAVED: TPayoutWallet = { id: 'w1', currency: 'ETH', address: ETH_WALLET, label: 'Ledger', createdAt: '2025-01-01T00:00:00.000Z', usableFrom: '2025-01-01T00:00:00.000Z' };

function renderWallets(handlers: Parameters<typeof mockApi>[0] = {}, wallets: TPayoutWallet[] = []) {
  const fetchMock = mockApi({
    'GET /api/settings/public': () => jsonResponse(SETTINGS),
    'GET /api/user/payout-wallets': () => jsonResponse(wallets),
    ...handlers,
  });
  return { ...renderWithProviders(<WalletsDialog open onClose={() => undefined} />, { preloadedState: signedInState() }), fetchMock };
}

describe('payout wallets dialog: errors where the mistake is (issue 10)', () => {
  it('when the server refuses the address, then its message is under the address field, tied to it, the form kept, no toast', async () => {
    const { user } = renderWallets({
      'POST /api/user/payout-wallets': () => jsonResponse({ message: 'Please enter a valid Bitcoin (BTC) wallet address', code: 'PAYOUTS.INVALID_WALLET_ADDRESS', field: 'address' }, 400),
    });
    await screen.findByRole('option', { name: 'Bitcoin (BTC)' });
    await user.selectOptions(screen.getByLabelText('Currency'), 'BTC');
    await user.type(screen.getByLabelText('Wallet address'), ETH_WALLET);
    await user.type(screen.getByLabelText('Label (optional)'), 'Cold');
    await user.click(screen.getByRole('button', { name: 'Save wallet' }));
    const message = await screen.findByText('Please enter a valid Bitcoin (BTC) wallet address');
    expect(message).toHaveAttribute('id', 'wallet-address-error');
    expect(screen.getByLabelText('Wallet address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Wallet address')).toHaveAttribute('aria-describedby', 'wallet-address-error');
    expect(screen.getByLabelText('Wallet address')).toHaveValue(ETH_WALLET);
    expect(screen.getByLabelText('Label (optional)')).toHaveValue('Cold');
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
    // Choosing another currency is a new question: the message goes.
    await user.selectOptions(screen.getByLabelText('Currency'), 'ETH');
    expect(screen.queryByText('Please enter a valid Bitcoin (BTC) wallet address')).not.toBeInTheDocument();
  });

  it('in Russian, the server\'s refusal of the address is said in Russian under the field, with the currency it names (issue 28)', async () => {
    mockApi({
      'GET /api/settings/public': () => jsonResponse(SETTINGS),
      'GET /api/user/payout-wallets': () => jsonResponse([]),
      'POST /api/user/payout-wallets': () =>
        jsonResponse(
          { message: 'Please enter a valid Bitcoin (BTC) wallet address', code: 'PAYOUTS.INVALID_WALLET_ADDRESS', params: { currency: 'Bitcoin (BTC)' }, field: 'address' },
          400,
        ),
    });
    const { user } = renderWithProviders(<WalletsDialog open onClose={() => undefined} />, { preloadedState: signedInState(), language: 'ru' });
    await screen.findByRole('option', { name: 'Bitcoin (BTC)' });
    await user.selectOptions(screen.getByLabelText('Валюта'), 'BTC');
    await user.type(screen.getByLabelText('Адрес кошелька'), ETH_WALLET);
    await user.click(screen.getByRole('button', { name: 'Сохранить кошелёк' }));
    const message = await screen.findByText('Введите корректный адрес кошелька Bitcoin (BTC)');
    expect(message).toHaveAttribute('id', 'wallet-address-error');
    expect(screen.queryByText('Please enter a valid Bitcoin (BTC) wallet address')).not.toBeInTheDocument();
  });

  it('when the refusal names no field, then it is said in the form, not under a field', async () => {
    const { user } = renderWallets({ 'POST /api/user/payout-wallets': () => jsonResponse({ message: 'Service temporarily unavailable. Please try again shortly.', code: 'SERVICE.UNAVAILABLE' }, 503) });
    await screen.findByRole('option', { name: 'Ethereum (ETH)' });
    await user.selectOptions(screen.getByLabelText('Currency'), 'ETH');
    await user.type(screen.getByLabelText('Wallet address'), ETH_WALLET);
    await user.click(screen.getByRole('button', { name: 'Save wallet' }));
    const message = await screen.findByText('Service temporarily unavailable. Please try again shortly.');
    expect(message.closest('.field-error')).toBeNull();
    expect(screen.getByLabelText('Wallet address')).not.toHaveAttribute('aria-invalid');
  });

  it('when Remove is pressed, then nothing is removed until the confirmation naming the wallet is accepted', async () => {
    const { user, fetchMock } = renderWallets({ 'DELETE /api/user/payout-wallets/w1': () => new Response(null, { status: 204 }) }, [SAVED]);
    await user.click(await screen.findByRole('button', { name: /Remove/ }));
    const question = await screen.findByText('Remove this wallet?');
    const confirm = question.closest('[role="dialog"]') as HTMLElement;
    expect(within(confirm).getByText('0x52908400…E4169EE7')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /api/user/payout-wallets/w1')).toHaveLength(0);
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE /api/user/payout-wallets/w1')).toHaveLength(1));
    expect(await screen.findByText('Wallet removed')).toBeInTheDocument();
  });
});
