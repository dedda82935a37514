import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../test/test-utils';
import { AUTH_USER_KEY } from '../session/session.storage';
import { RequiredDocumentsModal } from './RequiredDocumentsModal';

const LONG = `<p>${'Terms of work. '.repeat(30)}</p>`;
const DOCS = [
  { id: 'doc-1', title: 'Terms of Service', version: '1.0', content: LONG, updatedAt: '2025-01-01T00:00:00Z', accepted: false },
  { id: 'doc-2', title: 'Privacy Policy', version: '2.1', content: '<p>Short policy.</p>', updatedAt: '2025-01-01T00:00:00Z', accepted: false },
];

function renderModal(handlers: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi({ 'GET /api/documents/required': () => jsonResponse(DOCS), ...handlers });
  const onDone = vi.fn();
  const utils = renderWithProviders(<RequiredDocumentsModal open onDone={onDone} />, { preloadedState: signedInState(makeUser({ documentsAccepted: false })) });
  return { ...utils, fetchMock, onDone };
}

const finishButton = () => screen.getByRole('button', { name: 'Accept and continue' });

describe('required-documents modal (spec 01 s.4)', () => {
  it('when not every document is ticked, then the finish button stays disabled', async () => {
    const { user } = renderModal({ 'POST /api/documents/doc-1/accept': () => jsonResponse({ id: 'a1' }), 'POST /api/documents/doc-2/accept': () => jsonResponse({ id: 'a2' }) });
    const first = await screen.findByTestId('required-doc-doc-1');
    expect(finishButton()).toBeDisabled();
    await user.click(within(first).getByRole('checkbox'));
    await waitFor(() => expect(within(first).getByRole('checkbox')).toBeChecked());
    expect(finishButton()).toBeDisabled();
    await user.click(within(screen.getByTestId('required-doc-doc-2')).getByRole('checkbox'));
    await waitFor(() => expect(finishButton()).toBeEnabled());
    // Unticking is local: no call, and finishing is blocked again.
    await user.click(within(first).getByRole('checkbox'));
    expect(finishButton()).toBeDisabled();
  });

  it('when an acceptance fails, then "Failed to accept document. Please try again" is shown and the box stays unticked', async () => {
    const { user } = renderModal({ 'POST /api/documents/doc-1/accept': () => jsonResponse({ message: 'nope' }, 500) });
    const first = await screen.findByTestId('required-doc-doc-1');
    await user.click(within(first).getByRole('checkbox'));
    expect(await screen.findByText('Failed to accept document. Please try again')).toBeInTheDocument();
    expect(within(first).getByRole('checkbox')).not.toBeChecked();
  });

  it('when every document is accepted and finish is pressed, then the user is updated from the response', async () => {
    const updated = makeUser({ documentsAccepted: true, documentsAcceptedAt: '2025-02-02T00:00:00Z' });
    const { user, fetchMock, onDone, store } = renderModal({
      'POST /api/documents/doc-1/accept': () => jsonResponse({ id: 'a1' }),
      'POST /api/documents/doc-2/accept': () => jsonResponse({ id: 'a2' }),
      'POST /api/user/documents-completed': () => jsonResponse(updated),
    });
    await user.click(within(await screen.findByTestId('required-doc-doc-1')).getByRole('checkbox'));
    await user.click(within(screen.getByTestId('required-doc-doc-2')).getByRole('checkbox'));
    await waitFor(() => expect(finishButton()).toBeEnabled());
    await user.click(finishButton());
    expect(await screen.findByText('Documents Accepted')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(store.getState().session.user?.documentsAccepted).toBe(true);
    expect(JSON.parse(localStorage.getItem(AUTH_USER_KEY) ?? '{}')).toMatchObject({ documentsAccepted: true });
    const accept = callsTo(fetchMock, 'POST /api/documents/doc-1/accept')[0];
    expect(JSON.parse(String(accept?.body))).toEqual({ userAgent: navigator.userAgent });
  });

  it('when a document is longer than 200 characters, then the preview ends with an ellipsis and links to the full text', async () => {
    renderModal({});
    const first = await screen.findByTestId('required-doc-doc-1');
    const preview = first.querySelector('.required-doc-preview')?.textContent ?? '';
    expect(preview.endsWith('…')).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(201);
    expect(within(first).getByRole('link', { name: 'Read the full document' })).toHaveAttribute('href', '/documents/doc-1/view');
    expect(within(first).getByRole('link', { name: 'Read the full document' })).toHaveAttribute('target', '_blank');
    const second = screen.getByTestId('required-doc-doc-2');
    expect(within(second).getByText('Short policy.')).toBeInTheDocument();
    expect(within(second).queryByRole('link')).toBeNull();
  });

  it('when the document has headings and paragraphs, then each is its own line of the preview, and a first heading repeating the title is left out', async () => {
    mockApi({
      'GET /api/documents/required': () =>
        jsonResponse([{ ...DOCS[1], content: '<h1>Privacy Policy</h1><h2>Safety</h2><p>Version   two<br>of the\n rules</p><ul><li>One</li><li>Two</li></ul>' }]),
    });
    renderWithProviders(<RequiredDocumentsModal open onDone={vi.fn()} />, { preloadedState: signedInState(makeUser({ documentsAccepted: false })) });
    const doc = await screen.findByTestId('required-doc-doc-2');
    const preview = doc.querySelector('.required-doc-preview')!;
    expect(preview.textContent).toBe('Safety\nVersion two\nof the rules\nOne\nTwo');
    // The lines are shown as lines (styles.css: white-space: pre-line on .required-doc-preview).
    expect(preview).toHaveClass('required-doc-preview');
  });

  it('when there are no required documents, then it says so and Continue to Dashboard closes it', async () => {
    mockApi({ 'GET /api/documents/required': () => jsonResponse([]), 'POST /api/user/documents-completed': () => jsonResponse(makeUser()) });
    const onDone = vi.fn();
    const { user } = renderWithProviders(<RequiredDocumentsModal open onDone={onDone} />, { preloadedState: signedInState() });
    expect(await screen.findByText('There are no documents to accept right now.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to Dashboard' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  });
});
