import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VerificationCard } from '../../features/verification/VerificationCard';
import { VerificationStatusPill } from '../../features/verification/VerificationStatusPill';
import { jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../test/test-utils';
import { HomePage } from './HomePage';
import { ProfilePage } from './ProfilePage';

const MY_VERIFICATION = { status: 'none', isVerified: false, id: null, reason: null, submittedAt: null, reviewedAt: null };
const LONG_EMAIL = 'a.very.long.address.for.a.worker.on.a.phone@subdomain.example-company.test';

describe('the verification status every screen tells (User.verificationStatus, issue 28)', () => {
  it('when an application is pending, then the profile says "Verification pending", never "Not verified", and the long e-mail wraps inside the card', async () => {
    mockApi({ 'GET /api/user/verification': () => jsonResponse({ ...MY_VERIFICATION, status: 'pending', id: '11111111-1111-4111-8111-111111111111', submittedAt: new Date().toISOString() }) });
    renderWithProviders(<ProfilePage />, { route: '/profile', preloadedState: signedInState(makeUser({ email: LONG_EMAIL, verificationStatus: 'pending' })) });
    const pill = screen.getAllByTestId('verification-pill')[0]!;
    expect(pill).toHaveTextContent('Verification pending');
    expect(pill).toHaveAttribute('data-status', 'pending');
    expect(screen.queryByText(/Not verified/)).toBeNull();
    expect(await screen.findByText('Verification pending review')).toBeInTheDocument();
    // The head's text column may shrink below its content (min-width: 0), and the address breaks anywhere.
    const email = screen.getByTestId('profile-email');
    expect(email).toHaveClass('profile-email');
    expect(email.parentElement).toHaveClass('profile-head-text');
  });

  it.each([
    ['none', 'Not verified'],
    ['rejected', 'Verification rejected'],
    ['approved', 'Verified'],
  ] as const)('when the status is %s, then home says "%s" beside the greeting', (status, text) => {
    mockApi({});
    renderWithProviders(<HomePage />, { preloadedState: signedInState(makeUser({ verificationStatus: status, isVerified: status === 'approved' })) });
    expect(screen.getByTestId('verification-pill')).toHaveTextContent(text);
  });

  it('when Russian is the language, then the pending status is in Russian', () => {
    mockApi({});
    renderWithProviders(<VerificationStatusPill />, { language: 'ru', preloadedState: signedInState(makeUser({ verificationStatus: 'pending' })) });
    expect(screen.getByTestId('verification-pill')).toHaveTextContent('Проверка документов');
  });

  it('when the verification screen reads a newer status than the signed-in user holds, then the user is read again and the pill follows', async () => {
    const fetchMock = mockApi({
      'GET /api/user/verification': () => jsonResponse({ ...MY_VERIFICATION, status: 'pending', id: '11111111-1111-4111-8111-111111111111', submittedAt: new Date().toISOString() }),
      'GET /api/auth/me': () => jsonResponse(makeUser({ verificationStatus: 'pending' })),
    });
    renderWithProviders(
      <>
        <VerificationStatusPill />
        <VerificationCard />
      </>,
      { route: '/profile', preloadedState: signedInState(makeUser({ verificationStatus: 'none' })) },
    );
    expect(screen.getByTestId('verification-pill')).toHaveTextContent('Not verified');
    await waitFor(() => expect(screen.getByTestId('verification-pill')).toHaveTextContent('Verification pending'));
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/auth/me')).toBe(true);
    expect(within(screen.getByTestId('verification-card')).getByText('Verification pending review')).toBeInTheDocument();
  });
});
