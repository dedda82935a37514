import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../test/test-utils';
import { VerificationCard } from './VerificationCard';

const NONE = { status: 'none', isVerified: false, id: null, reason: null, submittedAt: null, reviewedAt: null };

function renderWith(status: Record<string, unknown>, user = makeUser()) {
  const fetchMock = mockApi({ 'GET /api/user/verification': () => jsonResponse(status) });
  renderWithProviders(<VerificationCard />, { route: '/profile', preloadedState: signedInState(user) });
  return fetchMock;
}

describe('Profile > identity verification (spec 02)', () => {
  it('when nothing is filled in, then Submit shows each required message of spec 02 s.5 and nothing is sent', async () => {
    // No name on the profile, so none is filled in for the worker.
    const fetchMock = renderWith(NONE, makeUser({ firstName: '', lastName: '' }));
    fireEvent.click(await screen.findByRole('button', { name: /Apply for Verification/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('verification-submit'));
    for (const message of [
      'Full name is required',
      'Date of birth is required',
      'Address is required',
      'City is required',
      'Country is required',
      'Postal code is required',
      'Document type is required',
      'Document number is required',
      'Selfie photo is required',
      'Document photo is required',
    ]) {
      // Said once any photo being checked has been (none here): a moment after the click.
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
    // The photo pickers are our own buttons in the interface's language, not the browser's "Choose File".
    expect(within(dialog).getByRole('button', { name: 'Selfie photo: Choose file' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Document photo: Choose file' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Selfie photo')).toHaveAttribute('type', 'file');
  });

  it('when the application is pending, then "Verification pending review" and no Apply', async () => {
    renderWith({ ...NONE, status: 'pending', id: '11111111-1111-4111-8111-111111111111', submittedAt: new Date().toISOString() });
    await screen.findByText('Verification pending review');
    expect(screen.queryByTestId('verification-apply')).toBeNull();
  });

  it('when rejected, then the reason and "Apply again"', async () => {
    renderWith({ ...NONE, status: 'rejected', id: '11111111-1111-4111-8111-111111111111', reason: 'The photo is blurred', submittedAt: new Date().toISOString(), reviewedAt: new Date().toISOString() });
    await screen.findByText('Reason: The photo is blurred');
    expect(screen.getByRole('button', { name: /Apply again/ })).toBeInTheDocument();
  });
});
