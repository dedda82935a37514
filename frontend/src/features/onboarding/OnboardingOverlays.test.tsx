import { act, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../test/test-utils';
import { useToast } from '../../components/toast';
import { OnboardingOverlays } from './OnboardingOverlays';

/** The registration screen's toast, raised as the app goes to home after signing up. */
function RegisteredToast() {
  const toast = useToast();
  useEffect(() => toast({ title: 'Welcome to Task Portal!', description: 'Your account has been created successfully.', action: 'auth.register' }), [toast]);
  return null;
}

describe('onboarding overlays (issue 10)', () => {
  it('when an admin is signed in, then no welcome video or documents modal, and not even the status call', async () => {
    const fetchMock = mockApi({
      'GET /api/user/welcome-status': () => jsonResponse({ shouldShowWelcome: true }),
      'GET /api/documents/required': () => jsonResponse([]),
    });
    renderWithProviders(<OnboardingOverlays />, { route: '/admin', preloadedState: signedInState(makeUser({ role: 'admin', welcomeVideoShown: false, documentsAccepted: false })) });
    expect(screen.getByTestId('onboarding-settled')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 600));
    expect(callsTo(fetchMock, 'GET /api/user/welcome-status')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when a worker who has not seen the video leaves the page within 2 s, then mark-shown is sent at once, with keepalive', async () => {
    const fetchMock = mockApi({
      'GET /api/user/welcome-status': () => jsonResponse({ shouldShowWelcome: true }),
      'POST /api/user/mark-welcome-shown': () => jsonResponse({}),
    });
    renderWithProviders(<OnboardingOverlays />, { preloadedState: signedInState(makeUser({ welcomeVideoShown: false })) });
    await screen.findByRole('button', { name: 'Skip' });
    expect(callsTo(fetchMock, 'POST /api/user/mark-welcome-shown')).toHaveLength(0);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/user/mark-welcome-shown')).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST /api/user/mark-welcome-shown')[0]?.keepalive).toBe(true);
  });

  it('when the Welcome modal opens right after registration, then the "Welcome" toast goes, so the two never stack', async () => {
    mockApi({ 'GET /api/user/welcome-status': () => jsonResponse({ shouldShowWelcome: true }), 'POST /api/user/mark-welcome-shown': () => jsonResponse({}) });
    renderWithProviders(
      <>
        <RegisteredToast />
        <OnboardingOverlays />
      </>,
      { preloadedState: signedInState(makeUser({ welcomeVideoShown: false })) },
    );
    const toast = (await screen.findByText('Welcome to Task Portal!')).closest('.ant-notification-notice');
    expect(toast).not.toHaveClass('ant-notification-fade-leave');
    await screen.findByRole('button', { name: 'Skip' });
    // Leaving (jsdom runs no CSS animation, so the element stays in its leave state).
    await waitFor(() => expect(toast).toHaveClass('ant-notification-fade-leave'));
  });

  it('when no Welcome modal is due, then the sign-in toast stays its 4 s', async () => {
    mockApi({ 'GET /api/user/welcome-status': () => jsonResponse({ shouldShowWelcome: false }), 'GET /api/documents/required': () => jsonResponse([]) });
    renderWithProviders(
      <>
        <RegisteredToast />
        <OnboardingOverlays />
      </>,
      { preloadedState: signedInState(makeUser()) },
    );
    const toast = (await screen.findByText('Welcome to Task Portal!')).closest('.ant-notification-notice');
    await screen.findByTestId('onboarding-settled');
    expect(toast).not.toHaveClass('ant-notification-fade-leave');
  });
});
