import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../test/test-utils';
import { takeSignOutReason } from '../session/signOutReason';
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
    expect(takeSignOutReason()).toBe('deleted');
  });
});
