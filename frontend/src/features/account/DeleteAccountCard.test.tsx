import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../test/test-utils';
import { readSignOutReason } from '../session/signOutReason';
import { DeleteAccountCard } from './DeleteAccountCard';

/** The dialog's confirm button (antd's opening motion does not finish in jsdom, so the dialog counts as hidden). */
const confirmButton = () => screen.getByRole('button', { name: /Delete my account/, hidden: true });

function renderCard(handlers: Parameters<typeof mockApi>[0], language: 'en' | 'ru' = 'en') {
  const fetchMock = mockApi(handlers);
  return { ...renderWithProviders(<DeleteAccountCard />, { route: '/profile', preloadedState: signedInState(makeUser()), language }), fetchMock };
}

describe('Profile > Delete account (spec 02, AMENDED)', () => {
  it('when the account still holds money, then the reasons are shown and the button is disabled', async () => {
    renderCard({
      'GET /api/user/account/deletion': () =>
        jsonResponse({ allowed: false, reasons: [{ code: 'available_balance', message: 'The available balance is $3.00; it must be $0.00' }] }),
    });
    expect(await screen.findByText('The available balance is $3.00; it must be $0.00')).toBeInTheDocument();
    expect(screen.getByText('You cannot delete your account yet:')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Delete account/ })).toBeDisabled();
  });

  it('in Russian, the reasons are said in Russian from their codes and parameters, money in the Russian format (issue 28)', async () => {
    mockApi({
      'GET /api/user/account/deletion': () =>
        jsonResponse({
          allowed: false,
          reasons: [
            { code: 'available_balance', message: 'The available balance is $7.50; it must be $0.00', params: { amount: '7.50' } },
            { code: 'pending_withdrawal', message: '1 withdrawal is waiting for review', params: { count: 1 } },
          ],
        }),
    });
    renderWithProviders(<DeleteAccountCard />, { route: '/profile', preloadedState: signedInState(makeUser()), language: 'ru' });
    // The page's text with its spaces collapsed (the money has a no-break space in it).
    expect(await screen.findByText('Доступный баланс — 7,50 $; он должен быть нулевым')).toBeInTheDocument();
    expect(screen.getByText('1 вывод ожидает проверки')).toBeInTheDocument();
    expect(screen.getByText('Пока нельзя удалить аккаунт:')).toBeInTheDocument();
    expect(screen.queryByText(/available balance/)).not.toBeInTheDocument();
  });

  it('in Russian, when the deletion is refused because the account is not empty, then the toast says why in Russian (issue 28)', async () => {
    let eligible = true;
    const { user } = renderCard({
      'GET /api/user/account/deletion': () =>
        jsonResponse(eligible ? { allowed: true, reasons: [] } : { allowed: false, reasons: [{ code: 'held_balance', message: '$12.50 is held for withdrawals', params: { amount: '12.50' } }] }),
      'DELETE /api/user/account': () => {
        eligible = false;
        return jsonResponse(
          {
            message: 'Your account cannot be deleted yet: $12.50 is held for withdrawals',
            code: 'AUTH.ACCOUNT_NOT_EMPTY',
            params: { subject: 'own', reasons: [{ code: 'held_balance', params: { amount: '12.50' } }] },
          },
          409,
        );
      },
    }, 'ru');
    const open = await screen.findByRole('button', { name: /Удалить аккаунт/ });
    await waitFor(() => expect(open).toBeEnabled());
    await user.click(open);
    await user.type(await screen.findByLabelText('Пароль'), 'right-one');
    await user.click(screen.getByRole('button', { name: /Удалить мой аккаунт/, hidden: true }));
    expect(await screen.findByText('Ваш аккаунт пока нельзя удалить: 12,50 $ удерживается для выводов')).toBeInTheDocument();
    expect(screen.queryByText(/cannot be deleted/)).not.toBeInTheDocument();
  });

  it('when allowed, then the password is asked; a wrong one is shown under the field, the right one signs out with the reason kept for /login', async () => {
    let attempts = 0;
    const { user, fetchMock, store } = renderCard({
      'GET /api/user/account/deletion': () => jsonResponse({ allowed: true, reasons: [] }),
      'DELETE /api/user/account': (init) => {
        attempts += 1;
        const { password } = JSON.parse(String(init?.body)) as { password: string };
        return password === 'right-one'
          ? jsonResponse({ success: true })
          : jsonResponse({ message: 'The password is incorrect', code: 'AUTH.WRONG_PASSWORD', field: 'password' }, 400);
      },
    });
    const open = await screen.findByRole('button', { name: /Delete account/ });
    await waitFor(() => expect(open).toBeEnabled());
    await user.click(open);
    await screen.findByLabelText('Password');
    await user.click(confirmButton());
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(attempts).toBe(0);

    await user.type(screen.getByLabelText('Password'), 'wrong-one');
    await user.click(confirmButton());
    expect(await screen.findByText('The password is incorrect')).toBeInTheDocument();
    expect(store.getState().session.user).not.toBeNull();

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'right-one');
    await user.click(confirmButton());
    await waitFor(() => expect(store.getState().session.user).toBeNull());
    expect(callsTo(fetchMock, 'DELETE /api/user/account')).toHaveLength(2);
    expect(readSignOutReason()).toBe('deleted');
  });

  describe('leaving with a balance under the minimum (issue 28 item 4)', () => {
    const moneyReasons = [{ code: 'available_balance', message: 'The available balance is $7.50; it must be $0.00' }];
    const blockedByMoney = { allowed: false, reasons: moneyReasons, closingStartedAt: '2026-11-28T05:00:00.000Z' };

    it('before the worker has started closing the account, then that step is offered first; taking it asks the server, and the ways out follow', async () => {
      let started = false;
      const { user, fetchMock } = renderCard({
        'GET /api/user/account/deletion': () => jsonResponse({ allowed: false, reasons: moneyReasons, closingStartedAt: started ? '2026-11-28T05:00:00.000Z' : null }),
        'GET /api/ledger/balance': () => jsonResponse({ available: '7.50', held: '0.00' }),
        'POST /api/user/account/closing': () => {
          started = true;
          return jsonResponse({ closingStartedAt: '2026-11-28T05:00:00.000Z' });
        },
      });
      const leave = await screen.findByTestId('leave-with-balance');
      expect(leave).toHaveTextContent('Once you start closing your account you can withdraw all of it, whatever the minimum withdrawal, or give it up.');
      expect(screen.queryByRole('button', { name: /Give up/ })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Start closing my account' }));
      expect(await screen.findByRole('button', { name: /Give up \$7\.50/ })).toBeEnabled();
      expect(screen.getByRole('button', { name: /Withdraw all \$7\.50/ })).toBeEnabled();
      expect(callsTo(fetchMock, 'POST /api/user/account/closing')).toHaveLength(1);
    });

    it('in Russian, the first step and a refusal of it are said in Russian (issue 28)', async () => {
      const { user } = renderCard(
        {
          'GET /api/user/account/deletion': () => jsonResponse({ allowed: false, reasons: moneyReasons, closingStartedAt: null }),
          'GET /api/ledger/balance': () => jsonResponse({ available: '7.50', held: '0.00' }),
          'POST /api/user/account/closing': () => jsonResponse({ message: 'Admin accounts cannot be deleted', code: 'AUTH.ADMIN_PROTECTED', params: { action: 'deleted_own' } }, 409),
        },
        'ru',
      );
      await user.click(await screen.findByRole('button', { name: 'Начать закрытие аккаунта' }));
      expect(await screen.findByTestId('start-closing-error')).not.toHaveTextContent(/Admin accounts/);
      expect(screen.getByTestId('start-closing-error').textContent).toMatch(/[а-я]/);
    });
    const giveUpButtons = () => screen.getAllByRole('button', { name: /Give up \$7\.50/, hidden: true });

    it('when $7.50 is available, then both ways out are offered; giving it up states the amount, posts it with an Idempotency-Key, and deletion is checked again', async () => {
      let checks = 0;
      let givenUp = false;
      const { user, fetchMock } = renderCard({
        'GET /api/user/account/deletion': () => {
          checks += 1;
          return jsonResponse(givenUp ? { allowed: true, reasons: [] } : blockedByMoney);
        },
        'GET /api/ledger/balance': () => jsonResponse({ available: givenUp ? '0.00' : '7.50', held: '0.00' }),
        'POST /api/ledger/give-up': () => {
          givenUp = true;
          return jsonResponse({ entryId: '22222222-2222-4222-8222-222222222222', amount: '7.50', available: '0.00', held: '0.00', createdAt: '2026-11-28T06:00:00.000Z' }, 201);
        },
      });
      const leave = await screen.findByTestId('leave-with-balance');
      expect(leave).toHaveTextContent('To delete your account, bring your available balance of $7.50 to $0.00.');
      expect(screen.getByRole('button', { name: /Withdraw all \$7\.50/ })).toBeEnabled();
      await user.click(screen.getByRole('button', { name: /Give up \$7\.50/ }));
      expect(await screen.findByTestId('give-up-statement')).toHaveTextContent('You give up your available balance of $7.50. It will not be paid to you.');
      const confirm = screen.getAllByRole('button', { name: /Give up \$7\.50/, hidden: true }).at(-1)!;
      await user.click(confirm);
      await waitFor(() => expect(callsTo(fetchMock, 'POST /api/ledger/give-up')).toHaveLength(1));
      const [init] = callsTo(fetchMock, 'POST /api/ledger/give-up');
      expect(JSON.parse(String(init?.body))).toEqual({ amount: '7.50' });
      expect((init?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
      await waitFor(() => expect(checks).toBe(2));
      await waitFor(() => expect(screen.getByRole('button', { name: /Delete account/ })).toBeEnabled());
    });

    it('when the balance changed before the give-up, then the refusal is shown in the dialog, and nothing is claimed as given up', async () => {
      const { user } = renderCard({
        'GET /api/user/account/deletion': () => jsonResponse(blockedByMoney),
        'GET /api/ledger/balance': () => jsonResponse({ available: '7.50', held: '0.00' }),
        'POST /api/ledger/give-up': () =>
          jsonResponse({ message: 'Your available balance is now $19.50; please confirm that amount', code: 'PAYOUTS.GIVE_UP_AMOUNT_CHANGED', field: 'amount' }, 409),
      });
      await screen.findByTestId('leave-with-balance');
      await user.click(screen.getByRole('button', { name: /Give up \$7\.50/ }));
      await screen.findByTestId('give-up-statement');
      await user.click(screen.getAllByRole('button', { name: /Give up \$7\.50/, hidden: true }).at(-1)!);
      expect(await screen.findByTestId('give-up-error')).toHaveTextContent('Your available balance is now $19.50; please confirm that amount');
      expect(screen.queryByText('Balance given up')).not.toBeInTheDocument();
      // The dialog stays open with its confirm button, the card keeps its own.
      expect(giveUpButtons()).toHaveLength(2);
    });

    it('when "Withdraw all" is chosen, then the closing withdrawal dialog opens with the whole balance', async () => {
      const { user } = renderCard({
        'GET /api/user/account/deletion': () => jsonResponse(blockedByMoney),
        'GET /api/ledger/balance': () => jsonResponse({ available: '7.50', held: '0.00' }),
        'GET /api/settings/public': () => jsonResponse({ minimumWithdrawal: '50.00', walletCooldownHours: '0', currencies: [{ value: 'USDT', label: 'Tether (USDT)', networkFee: '1.0' }] }),
        'GET /api/user/payout-wallets': () => jsonResponse([]),
      });
      await user.click(await screen.findByRole('button', { name: /Withdraw all \$7\.50/ }));
      expect(await screen.findByTestId('closing-intro')).toHaveTextContent('The whole available balance, $7.50, is withdrawn, whatever the minimum withdrawal.');
    });

    it('when a withdrawal is pending, then the card says deletion waits for its decision and offers no give-up of held money', async () => {
      renderCard({
        'GET /api/user/account/deletion': () =>
          jsonResponse({ allowed: false, reasons: [{ code: 'held_balance', message: '$7.50 is held for withdrawals' }, { code: 'pending_withdrawal', message: '1 withdrawal is waiting for review' }] }),
        'GET /api/ledger/balance': () => jsonResponse({ available: '0.00', held: '7.50' }),
      });
      expect(await screen.findByTestId('delete-waits-for-withdrawal')).toHaveTextContent('Deletion becomes possible once your pending withdrawal is decided');
      expect(screen.queryByTestId('leave-with-balance')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: /Delete account/ })).toBeDisabled();
    });
  });
});
