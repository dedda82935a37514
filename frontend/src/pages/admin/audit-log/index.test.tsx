import type { TAuditLogEntry } from '@platform/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_ID, makeAdminUser } from '../../../test/adminData';
import { jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../test/test-utils';
import { AuditLogSection } from './index';

const ENTRY: TAuditLogEntry = {
  id: '77777777-7777-4777-8777-777777777777',
  actorId: ADMIN_ID,
  actor: { firstName: 'Root', lastName: 'Admin', email: 'admin@platform.local' },
  action: 'balance.adjusted',
  targetType: 'user',
  targetId: '33333333-3333-4333-8333-333333333333',
  before: { balance: '20.00' },
  after: { balance: '100.00', amount: '80.00', reason: 'Bonus for March' },
  createdAt: '2025-03-02T10:00:00.000Z',
};

function auditCalls(fetchMock: ReturnType<typeof mockApi>): URLSearchParams[] {
  return fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/admin/audit-log')).map((url) => new URL(url, 'http://x').searchParams);
}

describe('Audit Log (spec 03, AMENDED)', () => {
  it('when filters are chosen, then the list is asked again with exactly those filters, from page 1', async () => {
    const page = () => jsonResponse({ items: [ENTRY], page: 1, pageSize: 20, total: 1 });
    const fetchMock = mockApi({
      'GET /api/admin/users?role=admin&pageSize=100': () =>
        jsonResponse({ items: [makeAdminUser({ id: ADMIN_ID, role: 'admin', firstName: 'Root', lastName: 'Admin', email: 'admin@platform.local' }), makeAdminUser()], nextCursor: null, total: 2, totalExact: true }),
      'GET /api/admin/audit-log?page=1&pageSize=20': page,
    });
    // Every other audit-log URL answers the same page too (the test reads which URLs were asked).
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => (String(input).startsWith('/api/admin/audit-log') ? page() : (original as NonNullable<typeof original>)(input, init)));

    const { user } = renderWithProviders(<AuditLogSection />, { route: '/admin/audit-log', preloadedState: signedInState(makeUser({ role: 'admin' })) });
    expect(await screen.findByText('Balance adjusted', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText('balance: 20.00')).toBeInTheDocument();
    expect(screen.getByText('balance: 100.00 · amount: 80.00 · reason: Bonus for March')).toBeInTheDocument();

    // The actor is chosen by name; its id is sent.
    await screen.findByRole('option', { name: 'Root Admin (admin@platform.local)' });
    await user.selectOptions(screen.getByLabelText('Actor'), ADMIN_ID);
    await user.selectOptions(screen.getByLabelText('Action'), 'balance.adjusted');
    await user.selectOptions(screen.getByLabelText('Target type'), 'user');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-31' } });
    await user.type(screen.getByLabelText('Target id'), ' 33333333-3333-4333-8333-333333333333 {Enter}');

    await waitFor(() => {
      const last = auditCalls(fetchMock).at(-1);
      expect(last && Object.fromEntries(last)).toEqual({
        actor: ADMIN_ID,
        targetType: 'user',
        targetId: '33333333-3333-4333-8333-333333333333',
        action: 'balance.adjusted',
        from: '2025-03-01',
        to: '2025-03-31',
        page: '1',
        pageSize: '20',
      });
    });

    // Clear filters empties every field (the plain first page is already in the cache).
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    for (const label of ['Actor', 'Action', 'Target type', 'Target id', 'From', 'To']) expect(screen.getByLabelText(label)).toHaveValue('');
  });

  it('when the When column is sorted, then the log is asked oldest first from page 1, and is newest first again on the next click', async () => {
    const page = () => jsonResponse({ items: [ENTRY], page: 1, pageSize: 20, total: 1, nextCursor: null, totalExact: true });
    const fetchMock = mockApi({
      'GET /api/admin/users?role=admin&pageSize=100': () => jsonResponse({ items: [], nextCursor: null, total: 0, totalExact: true }),
      'GET /api/admin/audit-log?page=1&pageSize=20': page,
    });
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => (String(input).startsWith('/api/admin/audit-log') ? page() : (original as NonNullable<typeof original>)(input, init)));
    const { user } = renderWithProviders(<AuditLogSection />, { route: '/admin/audit-log', preloadedState: signedInState(makeUser({ role: 'admin' })) });
    expect(await screen.findByText('Balance adjusted', { selector: 'span' })).toBeInTheDocument();
    const when = screen.getByRole('columnheader', { name: /When/ });
    expect(when).toHaveAttribute('aria-sort', 'descending');

    await user.click(when);
    await waitFor(() => expect(auditCalls(fetchMock).some((call) => call.get('sort') === 'createdAt.asc' && call.get('page') === '1')).toBe(true));
    expect(screen.getByRole('columnheader', { name: /When/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('columnheader', { name: /When/ }));
    // Newest first again (its page is in the cache already).
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /When/ })).toHaveAttribute('aria-sort', 'descending'));
  });

  it('when a row is expanded, then before and after are shown in full', async () => {
    mockApi({
      'GET /api/admin/users?role=admin&pageSize=100': () => jsonResponse({ items: [], nextCursor: null, total: 0, totalExact: true }),
      'GET /api/admin/audit-log?page=1&pageSize=20': () => jsonResponse({ items: [{ ...ENTRY, actor: null }], page: 1, pageSize: 20, total: 1 }),
    });
    const { user } = renderWithProviders(<AuditLogSection />, { route: '/admin/audit-log', preloadedState: signedInState(makeUser({ role: 'admin' })) });
    // An actor the admin service has not heard of is shown by id.
    expect(await screen.findByText(ADMIN_ID)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /expand row/i }));
    const expanded = await screen.findByTestId('audit-expanded');
    expect(expanded).toHaveTextContent('"reason": "Bonus for March"');
    expect(expanded).toHaveTextContent('"balance": "20.00"');
  });
});
