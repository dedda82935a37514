import type { TAdminVerification } from '@platform/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../test/test-utils';
import { VerificationsSection } from './index';

function application(id: string, fullName: string, status: TAdminVerification['status'] = 'pending'): TAdminVerification {
  return {
    id,
    userId: '99999999-9999-4999-8999-999999999999',
    userEmail: 'ada@example.com',
    userName: 'Ada Lovelace',
    fullName,
    dateOfBirth: '1990-01-01',
    address: '1 Main St',
    city: 'London',
    country: 'GB',
    postalCode: 'N1',
    documentType: 'passport',
    documentNumber: '••••••6789',
    status,
    rejectionReason: null,
    reviewedBy: null,
    reviewedAt: status === 'pending' ? null : '2026-11-03T10:00:00.000Z',
    submittedAt: '2026-11-01T10:00:00.000Z',
    hasImages: true,
    imagesDeletedAt: null,
  };
}

const page = (items: TAdminVerification[], nextCursor: string | null = null, total = items.length, totalExact = true) => jsonResponse({ items, nextCursor, total, totalExact });
const FIRST = application('11111111-1111-4111-8111-111111111111', 'First Applicant');
const SECOND = application('22222222-2222-4222-8222-222222222222', 'Second Applicant');

describe('Admin > Verifications (paged on the server)', () => {
  it('when the queue is long, then the total says "10,000+", Next follows the cursor and Previous comes back', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/verifications?status=pending': () => page([FIRST], 'c1', 10_000, false),
      'GET /api/admin/verifications?status=pending&cursor=c1': () => page([SECOND], null, 10_000, false),
    });
    const { user } = renderWithProviders(<VerificationsSection />, { route: '/admin/verifications', preloadedState: signedInState(makeUser({ role: 'admin' })) });
    expect(await screen.findByText('First Applicant')).toBeInTheDocument();
    expect(screen.getByTestId('verifications-total')).toHaveTextContent('10,000+ in all');
    const pager = screen.getByTestId('verifications-pager');
    await user.click(within(pager).getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Second Applicant')).toBeInTheDocument();
    await user.click(within(pager).getByRole('button', { name: /Previous/ }));
    expect(await screen.findByText('First Applicant')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /api/admin/verifications?status=pending&cursor=c1')).toHaveLength(1);
  });

  it('when the admin searches and picks a status, then the server is asked with them from the first page; a short search is not sent', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/verifications?status=pending': () => page([FIRST], 'c1', 2),
      'GET /api/admin/verifications?status=pending&search=ada%40example': () => page([FIRST]),
      'GET /api/admin/verifications?status=rejected&search=ada%40example': () => page([{ ...SECOND, status: 'rejected', rejectionReason: 'Blurred' }]),
    });
    const { user } = renderWithProviders(<VerificationsSection />, { route: '/admin/verifications', preloadedState: signedInState(makeUser({ role: 'admin' })) });
    await screen.findByText('First Applicant');
    const search = screen.getByRole('textbox', { name: "Search by the user's e-mail or name" });
    await user.type(search, 'ad{Enter}');
    await user.clear(search);
    await user.type(search, 'ada@example{Enter}');
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/admin/verifications?status=pending&search=ada%40example')).toHaveLength(1));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('search=ad&') || String(url).endsWith('search=ad'))).toBe(false);
    await user.click(screen.getByText('Rejected'));
    expect(await screen.findByText('Blurred')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Decided' })).toBeInTheDocument();
  });

  it('when the admin approves an application, then the queue is read again by the decision\'s tag; closing a dialog without a decision reads nothing', async () => {
    let decided = false;
    const fetchMock = mockApi({
      'GET /api/admin/verifications?status=pending': () => page(decided ? [SECOND] : [FIRST, SECOND]),
      [`GET /api/admin/verifications/${FIRST.id}`]: () => jsonResponse({ ...FIRST, hasImages: false }),
      [`GET /api/admin/verifications/${SECOND.id}`]: () => jsonResponse({ ...SECOND, hasImages: false }),
      [`PATCH /api/admin/verifications/${FIRST.id}`]: () => {
        decided = true;
        return jsonResponse({ ...FIRST, status: 'approved', reviewedAt: new Date().toISOString(), hasImages: false });
      },
    });
    const { user } = renderWithProviders(<VerificationsSection />, { route: '/admin/verifications', preloadedState: signedInState(makeUser({ role: 'admin' })) });
    await screen.findByText('First Applicant');
    const listReads = () => callsTo(fetchMock, 'GET /api/admin/verifications?status=pending').length;
    expect(listReads()).toBe(1);

    await user.click(screen.getByTestId(`verification-review-${SECOND.id}`));
    await screen.findByTestId('verification-review');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('verification-review')).not.toBeInTheDocument());
    expect(listReads()).toBe(1);

    await user.click(screen.getByTestId(`verification-review-${FIRST.id}`));
    await screen.findByTestId('verification-review');
    await user.click(screen.getByTestId('verification-approve'));
    await waitFor(() => expect(screen.queryByText('First Applicant')).not.toBeInTheDocument());
    expect(listReads()).toBe(2);
    expect(screen.getByText('Second Applicant')).toBeInTheDocument();
  });
});
