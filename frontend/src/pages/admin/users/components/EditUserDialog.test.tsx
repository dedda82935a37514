import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeAdminUser } from '../../../../test/adminData';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../../test/test-utils';
import { EditUserDialog } from './EditUserDialog';

const USER = makeAdminUser({ balance: '20.00', firstName: 'Ada', lastName: 'Worker', email: 'ada@example.test', isVerified: false, isActive: true });
const PATCH = `PATCH /api/admin/users/${USER.id}`;

function renderDialog(answer: () => Response) {
  const fetchMock = mockApi({ [PATCH]: answer });
  const onClose = vi.fn();
  const utils = renderWithProviders(<EditUserDialog user={USER} onClose={onClose} />, { route: '/admin/users-list', preloadedState: signedInState(makeUser({ role: 'admin' })) });
  return { ...utils, fetchMock, onClose };
}

describe('Edit User dialog (spec 03 s.5), on the kit form dialog', () => {
  it('when the first name and verified change, then only those are sent, trimmed, and the dialog closes with "User updated successfully"', async () => {
    const { user, fetchMock, onClose } = renderDialog(() => jsonResponse({ ...USER, firstName: 'Adaline' }));
    const first = screen.getByLabelText('First name');
    await user.clear(first);
    await user.type(first, '  Adaline ');
    await user.click(screen.getByRole('checkbox', { name: 'Verified' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(JSON.parse(String(callsTo(fetchMock, PATCH)[0]?.body))).toEqual({ firstName: 'Adaline', isVerified: true });
    expect(onClose).toHaveBeenCalled();
  });

  it('when a name is blank, then "<field> is required" under it and nothing is sent; an e-mail the server refuses is shown under the e-mail, what was typed kept', async () => {
    const { user, fetchMock, onClose } = renderDialog(() => jsonResponse({ message: 'This email is already registered', code: 'REQUEST.VALIDATION', field: 'email' }, 409));
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Last name is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, PATCH)).toHaveLength(0);

    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'grace@example.test');
    await user.click(screen.getByRole('button', { name: /Save$/ }));
    expect(await screen.findByText('This email is already registered')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, PATCH)).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, PATCH)[0]?.body))).toEqual({ lastName: 'Lovelace', email: 'grace@example.test' });
    expect(screen.getByLabelText('Email')).toHaveValue('grace@example.test');
    expect(onClose).not.toHaveBeenCalled();
  });
});
