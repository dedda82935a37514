import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeAdminUser } from '../../../../test/adminData';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../../test/test-utils';
import { AdjustBalanceDialog } from './AdjustBalanceDialog';

const USER = makeAdminUser({ balance: '20.00' });
const PATCH = `PATCH /api/admin/users/${USER.id}/balance`;

function renderDialog(answer: () => Response, user = USER) {
  const fetchMock = mockApi({ [PATCH]: answer });
  const onClose = vi.fn();
  const utils = renderWithProviders(<AdjustBalanceDialog user={user} onClose={onClose} />, {
    route: '/admin/users-list',
    preloadedState: signedInState(makeUser({ role: 'admin' })),
  });
  return { ...utils, fetchMock, onClose };
}

const OK = () => jsonResponse({ userId: USER.id, before: '20.00', after: '100.00', amount: '80.00', held: '0.00', entryId: 'e1' });

describe('adjust-balance dialog (spec 03 s.5, AMENDED)', () => {
  it('when the balance changes without a reason, then "Reason is required for a balance change" and Save stays disabled; with a reason it sends both', async () => {
    const { user, fetchMock, onClose } = renderDialog(OK);
    expect(screen.getByTestId('current-balance')).toHaveTextContent('$20.00');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(screen.getByText('The balance is unchanged')).toBeInTheDocument();

    const balance = screen.getByLabelText('New balance (USD)');
    await user.clear(balance);
    await user.type(balance, '100');
    expect(screen.getByText('Reason is required for a balance change')).toBeInTheDocument();
    expect(screen.getByText('Difference: +$80.00')).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.type(screen.getByLabelText('Reason'), '   ');
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Reason'), 'Bonus for the March campaign');
    expect(save).toBeEnabled();
    await user.click(save);

    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(JSON.parse(String(callsTo(fetchMock, PATCH)[0]?.body))).toEqual({ balance: '100.00', reason: 'Bonus for the March campaign' });
    expect(onClose).toHaveBeenCalled();
  });

  it('when the field is emptied, then the new balance is 0.00 and still needs a reason', async () => {
    const { user, fetchMock } = renderDialog(OK);
    await user.clear(screen.getByLabelText('New balance (USD)'));
    expect(screen.getByText('Difference: -$20.00')).toBeInTheDocument();
    expect(screen.getByText('Reason is required for a balance change')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Reason'), 'Duplicate signup bonus');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, PATCH)).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, PATCH)[0]?.body))).toEqual({ balance: '0.00', reason: 'Duplicate signup bonus' });
  });

  it('when the server refuses, then "Failed to update user" with its message; without one, "Unknown error"', async () => {
    let answer: () => Response = () => jsonResponse({ message: 'Balance cannot be negative', code: 'REQUEST.VALIDATION' }, 400);
    const { user, onClose } = renderDialog(() => answer());
    await user.clear(screen.getByLabelText('New balance (USD)'));
    await user.type(screen.getByLabelText('New balance (USD)'), '5');
    await user.type(screen.getByLabelText('Reason'), 'Correction');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Balance cannot be negative')).toBeInTheDocument();
    expect(screen.getByText('Failed to update user')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    answer = () => new Response('', { status: 502 });
    // The spinner's leaving motion never ends in jsdom, so its "loading" label stays in the button's name.
    const again = screen.getByRole('button', { name: /Save$/ });
    await waitFor(() => expect(again).toBeEnabled());
    await user.click(again);
    expect(await screen.findByText('Unknown error')).toBeInTheDocument();
  });

  it('when the current balance is unknown, then it shows "—" and any new balance needs a reason', async () => {
    const { user } = renderDialog(OK, makeAdminUser({ balance: null, heldBalance: null }));
    expect(screen.getByTestId('current-balance')).toHaveTextContent('—');
    await user.type(screen.getByLabelText('New balance (USD)'), '10');
    expect(screen.getByText('Reason is required for a balance change')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
