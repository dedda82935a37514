import type { TAdminAppeal } from '@platform/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../test/test-utils';
import { AppealsSection } from './index';

const APPEAL: TAdminAppeal = {
  id: 'ap-1',
  assignmentId: 'as-1',
  taskId: 'task-1',
  taskTitle: 'Photograph the storefront',
  taskReward: '4.00',
  taskAcceptanceCriteria: ['The whole storefront is in the photo', 'The sign is readable'],
  userId: 'u-1',
  userFirstName: 'Ada',
  userLastName: 'Worker',
  userEmail: 'ada@example.test',
  submission: 'Here it is',
  rejectionReason: 'The sign is cut off',
  rejectedCriteria: [2],
  rejectedBy: 'admin-1',
  rejectedAt: '2026-11-20T10:00:00.000Z',
  statement: 'The sign is readable in the second photo',
  status: 'pending',
  appealedAt: '2026-11-21T10:00:00.000Z',
  decideBy: '2026-11-24T10:00:00.000Z',
  overdue: true,
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
};

function renderSection(extra: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({
    'GET /api/admin/appeals?status=pending': () => jsonResponse({ items: [APPEAL], nextCursor: 'next-1', total: 21, totalExact: true }),
    'GET /api/admin/appeals?status=pending&cursor=next-1': () => jsonResponse({ items: [{ ...APPEAL, id: 'ap-2', taskTitle: 'Second page task', overdue: false }], nextCursor: null, total: 21, totalExact: true }),
    'GET /api/admin/appeals?status=upheld': () => jsonResponse({ items: [], nextCursor: null, total: 0, totalExact: true }),
    ...extra,
  });
  return { ...renderWithProviders(<AppealsSection />, { route: '/admin/appeals', preloadedState: signedInState(makeUser({ role: 'admin' })) }), fetchMock };
}

describe('admin Appeals (issue 29), at 1440 px', () => {
  it('when appeals wait, then each shows the rejection with its criteria, the statement, the deadline and Overdue; pages come from the server', async () => {
    const { user, fetchMock } = renderSection();
    const table = await screen.findByTestId('admin-appeals');
    expect(await within(table).findByText('Photograph the storefront')).toBeInTheDocument();
    expect(within(table).getByText('2. The sign is readable')).toBeInTheDocument();
    expect(within(table).getByText('The sign is readable in the second photo')).toBeInTheDocument();
    expect(within(screen.getByTestId('decide-by-ap-1')).getByText('Overdue')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Second page task')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/admin/appeals?status=pending&cursor=next-1')).toHaveLength(1);
  });

  it('when Overturn is confirmed and the server refuses the rejecting admin, then its message is shown', async () => {
    const { user, fetchMock } = renderSection({ 'POST /api/admin/appeals/ap-1/decide': () => jsonResponse({ message: 'x', code: 'WORK.APPEAL_SAME_REVIEWER' }, 403) });
    await screen.findByText('Photograph the storefront');
    await user.click(screen.getByRole('button', { name: 'Overturn' }));
    const dialog = (await screen.findByText('The submission is approved and its reward credited to the worker, once.')).closest('[role="dialog"]') as HTMLElement;
    expect(callsTo(fetchMock, 'POST /api/admin/appeals/ap-1/decide')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Overturn and pay $4.00' }));
    expect(await screen.findByText('You rejected this submission: another admin must decide the appeal')).toBeInTheDocument();
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/admin/appeals/ap-1/decide')[0]?.body))).toEqual({ decision: 'overturned' });
  });

  it('when Overturn is confirmed by another admin, then the decision is sent once and the toast says the submission is approved', async () => {
    const { user, fetchMock } = renderSection({ 'POST /api/admin/appeals/ap-1/decide': () => jsonResponse({ message: 'ok', appeal: { ...APPEAL, status: 'overturned' } }) });
    await screen.findByText('Photograph the storefront');
    await user.click(screen.getByRole('button', { name: 'Overturn' }));
    const dialog = (await screen.findByText('The submission is approved and its reward credited to the worker, once.')).closest('[role="dialog"]') as HTMLElement;
    await user.click(within(dialog).getByRole('button', { name: 'Overturn and pay $4.00' }));
    expect(await screen.findByText('Appeal overturned: the submission is approved')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/admin/appeals/ap-1/decide')).toHaveLength(1);
  });

  it('when Uphold is chosen, then a reason is required and sent with the decision', async () => {
    const { user, fetchMock } = renderSection({ 'POST /api/admin/appeals/ap-1/decide': () => jsonResponse({ message: 'ok', appeal: { ...APPEAL, status: 'upheld' } }) });
    await screen.findByText('Photograph the storefront');
    await user.click(screen.getByRole('button', { name: 'Uphold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uphold the rejection' });
    const confirm = within(dialog).getByRole('button', { name: 'Uphold' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Your reason'), 'Still cut off');
    await user.click(confirm);
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/admin/appeals/ap-1/decide')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/admin/appeals/ap-1/decide')[0]?.body))).toEqual({ decision: 'upheld', reason: 'Still cut off' });
    expect(await screen.findByText('Appeal upheld')).toBeInTheDocument();
  });
});
