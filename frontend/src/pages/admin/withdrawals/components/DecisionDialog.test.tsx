import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TAdminWithdrawal } from '../../../../features/payouts/payouts.types';
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
  userId: '22222222-2222-4222-8222-222222222222',
  reviewedBy: null,
  user: { firstName: 'Ada', lastName: 'Worker', email: 'ada@example.test' },
};
const PATCH = `PATCH /api/admin/withdrawals/${WITHDRAWAL.id}`;

function renderDialog(answer: () => Response) {
  const fetchMock = mockApi({ [PATCH]: answer });
  const onClose = vi.fn();
  const utils = renderWithProviders(<DecisionDialog withdrawal={WITHDRAWAL} onClose={onClose} />, {
    route: '/admin/withdrawals',
    preloadedState: signedInState(makeUser({ role: 'admin' })),
  });
  return { ...utils, fetchMock, onClose };
}

describe('admin withdrawal decision dialog (spec 03 s.5)', () => {
  it('when approving without a transaction reference, then Approve stays disabled; with one it sends it', async () => {
    const { user, fetchMock, onClose } = renderDialog(() => jsonResponse({ ...WITHDRAWAL, status: 'approved', txReference: '0xfeed' }));
    const approve = screen.getByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    expect(screen.getByText('Transaction reference is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Transaction reference'), '0xfeed');
    expect(approve).toBeEnabled();
    await user.click(approve);
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
    expect(await screen.findByText('This withdrawal has already been processed')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('when the request fails without a message, then "Failed to process request"', async () => {
    const { user } = renderDialog(() => new Response('', { status: 500 }));
    await user.type(screen.getByLabelText('Transaction reference'), '0xfeed');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Failed to process request')).toBeInTheDocument();
  });
});
