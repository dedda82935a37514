import type { TStatementPage } from '@platform/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAdminUser } from '../../../test/adminData';
import { callsTo, clickRowAction, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../test/test-utils';
import { UsersSection } from './index';

const KNOWN = makeAdminUser({ balance: '1234.50', heldBalance: '60.00' });
const UNKNOWN = makeAdminUser({ id: '66666666-6666-4666-8666-666666666666', email: 'bob@example.test', firstName: 'Bob', lastName: 'Unknown', balance: null, heldBalance: null });

function renderUsers(handlers: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi(handlers);
  const utils = renderWithProviders(<UsersSection />, { route: '/admin/users-list', preloadedState: signedInState(makeUser({ role: 'admin' })) });
  return { ...utils, fetchMock };
}

describe('All Users (spec 03)', () => {
  it('when users are in each verification state, then the column says which, the filter asks the server for one state, and the details show it (issue 28 item 7)', async () => {
    const PENDING = makeAdminUser({ id: '99999999-9999-4999-8999-999999999999', email: 'pending@example.test', firstName: 'Pen', lastName: 'Ding', verificationStatus: 'pending' });
    const APPROVED = makeAdminUser({ id: 'aaaaaaaa-9999-4999-8999-999999999999', email: 'ok@example.test', firstName: 'Okay', lastName: 'Fine', isVerified: true, verificationStatus: 'approved' });
    const REJECTED = makeAdminUser({ id: 'bbbbbbbb-9999-4999-8999-999999999999', email: 'no@example.test', firstName: 'Nope', lastName: 'Again', verificationStatus: 'rejected' });
    const { fetchMock, user } = renderUsers({
      'GET /api/admin/users': () => jsonResponse({ items: [KNOWN, PENDING, APPROVED, REJECTED], nextCursor: null, total: 4, totalExact: true }),
      'GET /api/admin/users?verification=pending': () => jsonResponse({ items: [PENDING], nextCursor: null, total: 1, totalExact: true }),
      'GET /api/admin/users/stats': () => jsonResponse({ total: 4, verified: 1, active: 4, totalBalance: '0.00' }),
      [`GET /api/admin/users/${PENDING.id}`]: () => jsonResponse(PENDING),
      [`GET /api/admin/users/${PENDING.id}/ledger`]: () =>
        jsonResponse({ userId: PENDING.id, from: null, to: null, opening: { available: '0.00', held: '0.00' }, closing: { available: '20.00', held: '0.00' }, items: [], nextCursor: null, total: 0, totalExact: true }),
      [`GET /api/admin/users/${PENDING.id}/ledger/verify`]: () => jsonResponse({ valid: true, entries: 0 }),
    });
    const rowOf = (email: string) => screen.getByText(email).closest('tr') as HTMLElement;
    await screen.findByText('pending@example.test');
    expect(within(rowOf('ada@example.test')).getByTestId('verification-status-none')).toHaveTextContent('Not verified');
    expect(within(rowOf('pending@example.test')).getByTestId('verification-status-pending')).toHaveTextContent('Pending');
    expect(within(rowOf('ok@example.test')).getByTestId('verification-status-approved')).toHaveTextContent('Verified');
    expect(within(rowOf('no@example.test')).getByTestId('verification-status-rejected')).toHaveTextContent('Rejected');

    await user.click(screen.getByRole('combobox', { name: 'Verification status' }));
    await user.click(await screen.findByTitle('Pending'));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/admin/users?verification=pending')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('ok@example.test')).toBeNull());
    expect(screen.getByText('pending@example.test')).toBeInTheDocument();

    await user.click(within(rowOf('pending@example.test')).getByRole('button', { name: 'View' }));
    const fields = await within(await screen.findByRole('dialog')).findByTestId('user-fields');
    expect(within(fields).getByTestId('verification-status-pending')).toHaveTextContent('Pending');
  });

  it('when payouts did not answer for a user, then both balances and Total Balance show "—", never $0.00', async () => {
    renderUsers({
      'GET /api/admin/users': () => jsonResponse({ items: [KNOWN, UNKNOWN], nextCursor: null, total: 2, totalExact: true }),
      'GET /api/admin/users/stats': () => jsonResponse({ total: 2, verified: 0, active: 2, totalBalance: null }),
    });
    const bobRow = (await screen.findByText('bob@example.test')).closest('tr');
    expect(bobRow).not.toBeNull();
    expect(within(bobRow as HTMLElement).getAllByTestId('balance-unknown')).toHaveLength(2);
    expect(within(bobRow as HTMLElement).queryByText('$0.00')).toBeNull();
    const adaRow = screen.getByText('ada@example.test').closest('tr') as HTMLElement;
    expect(within(adaRow).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(adaRow).getByText('$60.00')).toBeInTheDocument();
    expect(screen.getByTestId('stat-totalBalance')).toHaveTextContent('Total Balance—');
    expect(screen.getByTestId('stat-total')).toHaveTextContent('Total2');
    // Every user can be viewed, edited and credited from the row; Ban and Delete are under More, for workers only
    // (an admin row is in the next test).
    expect(within(adaRow).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(adaRow).getByRole('button', { name: 'Adjust balance' })).toBeInTheDocument();
    expect(within(adaRow).queryByRole('button', { name: 'Ban' })).toBeNull();
    await userEvent.click(within(adaRow).getByRole('button', { name: /More/ }));
    expect(await screen.findByRole('menuitem', { name: 'Ban' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
  });

  it('when a user is an admin, then Ban/Unban and Delete are not offered; a banned worker shows Unban', async () => {
    const ADMIN = makeAdminUser({ id: '77777777-7777-4777-8777-777777777777', email: 'root@example.test', firstName: 'Root', lastName: 'Admin', role: 'admin' });
    const BANNED = makeAdminUser({ id: '88888888-8888-4888-8888-888888888888', email: 'gone@example.test', firstName: 'Gone', lastName: 'Away', isActive: false });
    renderUsers({
      'GET /api/admin/users': () => jsonResponse({ items: [ADMIN, BANNED], nextCursor: null, total: 2, totalExact: true }),
      'GET /api/admin/users/stats': () => jsonResponse({ total: 2, verified: 0, active: 1, totalBalance: null }),
    });
    const adminRow = (await screen.findByText('root@example.test')).closest('tr') as HTMLElement;
    expect(within(adminRow).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(adminRow).queryByRole('button', { name: /Ban|Unban|Delete|More/ })).toBeNull();
    const bannedRow = screen.getByText('gone@example.test').closest('tr') as HTMLElement;
    await userEvent.click(within(bannedRow).getByRole('button', { name: /More/ }));
    expect(await screen.findByRole('menuitem', { name: 'Unban' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
  });

  it('when the admin confirms a ban, then the toggle is called and "User status updated successfully" is shown', async () => {
    const { user, fetchMock } = renderUsers({
      'GET /api/admin/users': () => jsonResponse({ items: [KNOWN], nextCursor: null, total: 1, totalExact: true }),
      'GET /api/admin/users/stats': () => jsonResponse({ total: 1, verified: 0, active: 1, totalBalance: null }),
      [`PATCH /api/admin/users/${KNOWN.id}/toggle`]: () => jsonResponse({ ...KNOWN, isActive: false }),
    });
    const row = (await screen.findByText('ada@example.test')).closest('tr') as HTMLElement;
    await clickRowAction(user, row, 'Ban');
    const dialog = await screen.findByTestId('toggle-user-dialog');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/toggle'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(await screen.findByText('User status updated successfully')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith(`/api/admin/users/${KNOWN.id}/toggle`) && (init as RequestInit).method === 'PATCH')).toBe(true);
  });

  it('when the balance is changed in Edit without a reason, then "Reason is required for a balance change" and nothing is sent', async () => {
    const { user, fetchMock } = renderUsers({
      'GET /api/admin/users': () => jsonResponse({ items: [KNOWN], nextCursor: null, total: 1, totalExact: true }),
      'GET /api/admin/users/stats': () => jsonResponse({ total: 1, verified: 0, active: 1, totalBalance: null }),
    });
    const row = (await screen.findByText('ada@example.test')).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByTestId('edit-user-dialog');
    const balance = within(dialog).getByLabelText('Balance (USD)');
    await user.clear(balance);
    await user.type(balance, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Reason is required for a balance change')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH')).toBe(false);
  });

  it('when the admin types a search, then the server is asked with ?search= (it matches e-mail or full name)', async () => {
    const { user, fetchMock } = renderUsers({
      'GET /api/admin/users': () => jsonResponse({ items: [KNOWN, UNKNOWN], nextCursor: null, total: 2, totalExact: true }),
      'GET /api/admin/users/stats': () => jsonResponse({ total: 2, verified: 0, active: 2, totalBalance: null }),
      'GET /api/admin/users?search=Bob+Unk': () => jsonResponse({ items: [UNKNOWN], nextCursor: null, total: 1, totalExact: true }),
    });
    await screen.findByText('ada@example.test');
    await user.type(screen.getByLabelText('Search by e-mail or full name'), ' Bob Unk ');
    await waitFor(() => expect(screen.queryByText('ada@example.test')).toBeNull());
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/admin/users?search=Bob+Unk');
    // The stat cards are over all users: a search does not change them, nor ask for them again.
    expect(screen.getByTestId('stat-total')).toHaveTextContent('Total2');
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/admin/users/stats')).toHaveLength(1);
  });

  it('when View is opened, then the user fields, the ledger statement a page at a time with its total, reasons and the chain check are shown', async () => {
    const entry = (seq: number, kind: 'task_reward' | 'admin_adjustment', reason: string | null) => ({
      id: `e${seq}`, seq, kind, amount: '1.00', availableAfter: '1234.50', heldAfter: '0.00', referenceType: null, referenceId: null, reason,
      createdBy: null, createdAt: `2025-01-${String(seq).padStart(2, '0')}T00:00:00.000Z`, prevHash: String(seq - 1), hash: String(seq), description: null,
    });
    const page = (items: ReturnType<typeof entry>[], nextCursor: string | null): TStatementPage => ({
      userId: KNOWN.id, from: null, to: null, opening: { available: '0.00', held: '0.00' }, closing: { available: '1234.50', held: '60.00' },
      items, nextCursor, total: 22, totalExact: true,
    });
    // Newest first, 20 a page: seq 22..3, then 2..1 after the cursor.
    const first = page([entry(22, 'admin_adjustment', 'Duplicate reward'), ...Array.from({ length: 19 }, (_, i) => entry(21 - i, 'task_reward', null))], 'c2');
    const second = page([entry(2, 'admin_adjustment', 'Second page'), entry(1, 'task_reward', null)], null);
    const { user } = renderUsers({
      'GET /api/admin/users': () => jsonResponse({ items: [KNOWN], nextCursor: null, total: 1, totalExact: true }),
      'GET /api/admin/users/stats': () => jsonResponse({ total: 1, verified: 0, active: 1, totalBalance: '1234.50' }),
      [`GET /api/admin/users/${KNOWN.id}`]: () => jsonResponse(KNOWN),
      [`GET /api/admin/users/${KNOWN.id}/ledger`]: () => jsonResponse(first),
      [`GET /api/admin/users/${KNOWN.id}/ledger?cursor=c2`]: () => jsonResponse(second),
      [`GET /api/admin/users/${KNOWN.id}/ledger/verify`]: () => jsonResponse({ valid: true, entries: 22 }),
    });
    await user.click(await screen.findByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('All 22 entries verified')).toBeInTheDocument();
    expect(within(dialog).getByText('Reason: Duplicate reward')).toBeInTheDocument();
    expect(within(dialog).getAllByTestId('statement-entry')).toHaveLength(20);
    expect(within(dialog).getByTestId('admin-statement-total')).toHaveTextContent('Entries: 22');
    expect(within(dialog).getByText(KNOWN.id)).toBeInTheDocument();
    // The next page comes from the server by the page's cursor; Previous goes back to the first.
    await user.click(within(dialog).getByRole('button', { name: /Next page/ }));
    expect(await within(dialog).findByText('Reason: Second page')).toBeInTheDocument();
    expect(within(dialog).getAllByTestId('statement-entry').map((el) => el.getAttribute('data-kind'))).toEqual(['admin_adjustment', 'task_reward']);
    await user.click(within(dialog).getByRole('button', { name: /Previous page/ }));
    expect(await within(dialog).findByText('Reason: Duplicate reward')).toBeInTheDocument();
  });
});
