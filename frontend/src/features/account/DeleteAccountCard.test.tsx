import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../test/test-utils';
import { takeSignOutReason } from '../session/signOutReason';
import { DeleteAccountCard } from './DeleteAccountCard';

/** The dialog's confirm button (antd's opening motion does not finish in jsdom, so the dialog counts as hidden). */
const confirmButton = () => screen.getByRole('button', { name: /Delete my account/, hidden: true });

function renderCard(handlers: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi(handlers);
  return { ...renderWithProviders(<DeleteAccountCard />, { route: '/profile', preloadedState: signedInState(makeUser()) }), fetchMock };
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
