import type { TAdminWithdrawal } from '@platform/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../../test/test-utils';
import { DecisionDialog } from './DecisionDialog';

const WITHDRAWAL: TAdminWithdrawal = {
  id: '11111111-1111-4111-8111-111111111111',
  amount: '60.00',
  currency: 'ETH',
  networkFee: '0.005',
  walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
  status: 'pending',
  createdAt: '2025-03-01T10:00:00.000Z',
  adminComment: null,
  reviewedAt: null,
  txReference: null,
  decideBy: '2025-03-03T10:00:00.000Z',
  overdue: false,
  userId: '22222222-2222-4222-8222-222222222222',
  reviewedBy: null,
  closing: false,
  user: { firstName: 'Ada', lastName: 'Worker', email: 'ada@example.test' },
};
const PATCH = `PATCH /api/admin/withdrawals/${WITHDRAWAL.id}`;

function renderDialog(answer: () => Response, withdrawal: TAdminWithdrawal = WITHDRAWAL) {
  const fetchMock = mockApi({ [PATCH]: answer });
  const onClose = vi.fn();
  const utils = renderWithProviders(<DecisionDialog withdrawal={withdrawal} onClose={onClose} />, {
    route: '/admin/withdrawals',
    preloadedState: signedInState(makeUser({ role: 'admin' })),
  });
  return { ...utils, fetchMock, onClose };
}

/** The confirmation dialog, found by what it says (under jsdom every antd dialog is labelled by the same test id). */
async function findConfirmation(): Promise<HTMLElement> {
  const lead = await screen.findByText('Pay $60.00 to Ada Worker');
  return lead.closest('[role="dialog"]') as HTMLElement;
}

/** Paying out is confirmed in a second dialog; nothing is sent before. */
async function confirmPayout(user: ReturnType<typeof renderDialog>['user']) {
  const confirm = await findConfirmation();
  expect(within(confirm).getByText('Mark this withdrawal as paid?')).toBeInTheDocument();
  await user.click(within(confirm).getByRole('button', { name: 'Confirm payout of $60.00' }));
}

describe('admin withdrawal decision dialog (spec 03 s.5)', () => {
  it('when the withdrawal closes an account, then the reviewer is told why it may be under the minimum; an ordinary one says nothing of it', async () => {
    renderDialog(() => jsonResponse({}), { ...WITHDRAWAL, amount: '7.50', closing: true });
    expect(await screen.findByTestId('closing-withdrawal')).toHaveTextContent('The worker is closing the account: this withdrawal is their whole available balance');
  });

  it('when the withdrawal is an ordinary one, then no closing note', async () => {
    renderDialog(() => jsonResponse({}));
    expect((await screen.findAllByText('$60.00')).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('closing-withdrawal')).not.toBeInTheDocument();
  });

  it('when Approve is pressed, then a second dialog says who is paid what, and only its confirmation sends the decision', async () => {
    const { user, fetchMock } = renderDialog(() => jsonResponse({ ...WITHDRAWAL, status: 'approved', txReference: '0xfeedbeef' }));
    await user.type(screen.getByLabelText('Transaction reference'), '0xfeedbeef');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const confirm = await findConfirmation();
    expect(within(confirm).getByText('Mark this withdrawal as paid?')).toBeInTheDocument();
    expect(within(confirm).getByText(/0\.005 ETH network fee, to the ETH wallet 0x52908400…E4169EE7, with the transaction reference 0xfeedbeef/)).toBeInTheDocument();
    expect(callsTo(fetchMock, PATCH)).toHaveLength(0);
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    // (Escape and the focus going back are proven in the browser journey: jsdom runs no closing animation.)
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, PATCH)).toHaveLength(0);
    // Still in the review dialog, as typed.
    expect(screen.getByLabelText('Transaction reference')).toHaveValue('0xfeedbeef');
  });

  it('when the server refuses the reference, then its message is under the reference field and no toast shows', async () => {
    const { user } = renderDialog(() => jsonResponse({ message: 'Transaction reference is too long', code: 'REQUEST.VALIDATION', field: 'txReference' }, 400));
    await user.type(screen.getByLabelText('Transaction reference'), '0xfeed');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await confirmPayout(user);
    const message = await screen.findByText('Transaction reference is too long');
    expect(message.closest('.field-error')).not.toBeNull();
    expect(screen.getByLabelText('Transaction reference')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Transaction reference')).toHaveAttribute('aria-describedby', message.id);
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Transaction reference'), 'a');
    expect(screen.queryByText('Transaction reference is too long')).not.toBeInTheDocument();
  });

  it('when approving without a transaction reference, then Approve stays disabled; with one it sends it', async () => {
    const { user, fetchMock, onClose } = renderDialog(() => jsonResponse({ ...WITHDRAWAL, status: 'approved', txReference: '0xfeed' }));
    const approve = screen.getByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    expect(screen.getByText('Transaction reference is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Transaction reference'), '0xfeed');
    expect(approve).toBeEnabled();
    await user.click(approve);
    await confirmPayout(user);
    expect(await screen.findByText('Request processed')).toBeInTheDocument();
    expect(JSON.parse(String(callsTo(fetchMock, PATCH)[0]?.body))).toEqual({ status: 'approved', txReference: '0xfeed' });
    expect(onClose).toHaveBeenCalled();
  });

  it('when rejecting without a comment, then Reject stays disabled; with one it sends the comment', async () => {
    const { user, fetchMock } = renderDialog(() => jsonResponse({ ...WITHDRAWAL, status: 'rejected' }));
    // antd draws the radio over its input: the label is what a person clicks.
    const rejectRadio = screen.getByRole('radio', { name: 'Reject' });
    await user.click(rejectRadio.closest('label') ?? rejectRadio);
    expect(rejectRadio).toBeChecked();
    const reject = screen.getByRole('button', { name: 'Reject' });
    expect(reject).toBeDisabled();
    expect(screen.getByText('Comment is required to reject')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Comment'), '   ');
    expect(reject).toBeDisabled();
    await user.type(screen.getByLabelText('Comment'), 'Address belongs to an exchange that refuses deposits');
    await user.click(reject);
    await waitFor(() => expect(callsTo(fetchMock, PATCH)).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, PATCH)[0]?.body))).toEqual({ status: 'rejected', adminComment: 'Address belongs to an exchange that refuses deposits' });
  });

  it('when another admin already decided it, then "Error" with the server message', async () => {
    const { user, onClose } = renderDialog(() => jsonResponse({ message: 'This withdrawal has already been processed', code: 'PAYOUTS.ALREADY_PROCESSED' }, 409));
    await user.type(screen.getByLabelText('Transaction reference'), '0xfeed');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await confirmPayout(user);
    expect(await screen.findByText('This withdrawal has already been processed')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('when the request fails without a message, then "Failed to process request"', async () => {
    const { user } = renderDialog(() => new Response('', { status: 500 }));
    await user.type(screen.getByLabelText('Transaction reference'), '0xfeed');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await confirmPayout(user);
    expect(await screen.findByText('Failed to process request')).toBeInTheDocument();
  });
});
