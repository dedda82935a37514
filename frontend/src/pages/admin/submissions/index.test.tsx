import type { TAdminSubmission } from '@platform/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../test/test-utils';
import { SubmissionsSection } from './index';

const SUBMISSION: TAdminSubmission = {
  id: 'as-1',
  taskId: 'task-1',
  taskTitle: 'Review the app',
  taskDescription: 'Install it and write three sentences.',
  taskReward: '4.00',
  userId: 'u-1',
  userFirstName: 'Ada',
  userLastName: 'Worker',
  userEmail: 'ada@example.test',
  status: 'submitted',
  submission: 'It works well on Android.',
  submittedAt: '2025-03-01T10:00:00.000Z',
  rejectionReason: null,
  rejectedAt: null,
  completedAt: null,
  autoApproved: false,
  taskSubmissionInstructions: 'Three sentences',
  taskAcceptanceCriteria: [],
  rejectedCriteria: [],
  files: [{ id: 'f-1', fileName: 'abc.png', originalName: 'screen.png', fileType: 'image/png', fileSize: 2048, url: '/api/files/abc.png', createdAt: '2025-03-01T10:00:00.000Z' }],
};

function renderSection(extra: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({ 'GET /api/admin/submissions': () => jsonResponse({ items: [SUBMISSION], nextCursor: null, total: 1, totalExact: true }), 'GET /api/admin/submissions/as-1': () => jsonResponse(SUBMISSION), ...extra });
  return { ...renderWithProviders(<SubmissionsSection />, { route: '/admin/submissions', preloadedState: signedInState(makeUser({ role: 'admin' })) }), fetchMock };
}

/** The confirmation, found by what it says (under jsdom every antd dialog is labelled by the same test id). */
async function findConfirmation(): Promise<HTMLElement> {
  const lead = await screen.findByText('Credit $4.00 to Ada Worker');
  return lead.closest('[role="dialog"]') as HTMLElement;
}

describe('admin Task Submissions', () => {
  it('when Approve is pressed, then nothing is sent until the dialog saying "Credit $4.00 to Ada Worker" is confirmed', async () => {
    const { user, fetchMock } = renderSection({ 'POST /api/admin/submissions/as-1/approve': () => jsonResponse({ message: 'ok' }) });
    await screen.findByText('Review the app');
    const approve = screen.getByRole('button', { name: /Approve/ });
    await user.click(approve);
    const confirm = await findConfirmation();
    expect(within(confirm).getByText('Approve this submission?')).toBeInTheDocument();
    expect(within(confirm).getByText(/for “Review the app”/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/admin/submissions/as-1/approve')).toHaveLength(0);
    // The focus starts on Cancel: a second Enter does not confirm.
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'POST /api/admin/submissions/as-1/approve')).toHaveLength(0);

    await user.click(approve);
    const again = await findConfirmation();
    await user.click(within(again).getByRole('button', { name: 'Approve and credit $4.00' }));
    expect(await screen.findByText('Submission approved successfully!')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/admin/submissions/as-1/approve')).toHaveLength(1);
  });

  it('when Approve is pressed in the detail dialog, then the same confirmation comes first', async () => {
    const { user, fetchMock } = renderSection({ 'POST /api/admin/submissions/as-1/approve': () => jsonResponse({ message: 'ok' }) });
    await screen.findByText('Review the app');
    await user.click(screen.getByRole('button', { name: /View/ }));
    const detail = (await screen.findByTestId('submission-detail')).closest('[role="dialog"]') as HTMLElement;
    await user.click(within(detail).getByRole('button', { name: 'Approve' }));
    const confirm = await findConfirmation();
    expect(callsTo(fetchMock, 'POST /api/admin/submissions/as-1/approve')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Approve and credit $4.00' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/admin/submissions/as-1/approve')).toHaveLength(1));
  });

  it('when Reject is pressed, then the reason is required: blank keeps the button disabled and nothing is sent', async () => {
    const { user, fetchMock } = renderSection({ 'POST /api/admin/submissions/as-1/reject': () => jsonResponse({ message: 'ok', submission: { ...SUBMISSION, status: 'rejected' } }) });
    await screen.findByText('Review the app');
    await user.click(screen.getByRole('button', { name: /Reject/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject submission' });
    const confirm = within(dialog).getByRole('button', { name: 'Reject' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Reason'), '    ');
    expect(confirm).toBeDisabled();
    await user.tab();
    expect(within(dialog).getByText('Rejection reason is required')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/admin/submissions/as-1/reject')).toHaveLength(0);
  });

  it('when a reason is given, then it is sent trimmed and "Submission rejected successfully!" is shown', async () => {
    const { user, fetchMock } = renderSection({ 'POST /api/admin/submissions/as-1/reject': () => jsonResponse({ message: 'ok', submission: { ...SUBMISSION, status: 'rejected' } }) });
    await screen.findByText('Review the app');
    await user.click(screen.getByRole('button', { name: /Reject/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject submission' });
    await user.type(within(dialog).getByLabelText('Reason'), '  Screenshot is cropped  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Submission rejected successfully!')).toBeInTheDocument();
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/admin/submissions/as-1/reject')[0]?.body))).toEqual({ reason: 'Screenshot is cropped' });
  });

  it('when approval fails, then "Failed to approve submission" shows the server message', async () => {
    const { user } = renderSection({ 'POST /api/admin/submissions/as-1/approve': () => jsonResponse({ message: 'This submission has already been reviewed' }, 409) });
    await screen.findByText('Review the app');
    await user.click(screen.getByRole('button', { name: /Approve/ }));
    const confirm = await findConfirmation();
    await user.click(within(confirm).getByRole('button', { name: 'Approve and credit $4.00' }));
    expect(await screen.findByText('Failed to approve submission')).toBeInTheDocument();
    expect(screen.getByText('This submission has already been reviewed')).toBeInTheDocument();
  });

  it('when the detail cannot be loaded, then "Failed to load submission details" is shown', async () => {
    const { user } = renderSection({ 'GET /api/admin/submissions/as-1': () => jsonResponse({ message: 'boom' }, 500) });
    await screen.findByText('Review the app');
    await user.click(screen.getByRole('button', { name: /View/ }));
    expect(await screen.findByText('Failed to load submission details')).toBeInTheDocument();
  });

  it('when the detail opens, then it shows the task, the user, the text, and the submitted image inline without an Open', async () => {
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:inline-1' });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    const { user, fetchMock } = renderSection({
      // jsdom's Blob is not the one fetch's Response reads: the answer is given as the file call's reader sees it.
      'GET /api/files/abc.png': () => ({ ok: true, status: 200, headers: new Headers({ 'Content-Type': 'image/png' }), blob: async () => new Blob(['png'], { type: 'image/png' }) }) as unknown as Response,
    });
    await screen.findByText('Review the app');
    await user.click(screen.getByRole('button', { name: /View/ }));
    const detail = await screen.findByTestId('submission-detail');
    expect(within(detail).getByText('Install it and write three sentences.')).toBeInTheDocument();
    expect(within(detail).getByTestId('submission-text')).toHaveTextContent('It works well on Android.');
    const inline = await within(detail).findByTestId('inline-media');
    expect(within(inline).getByRole('img', { name: 'screen.png' })).toHaveAttribute('src', 'blob:inline-1');
    expect(callsTo(fetchMock, 'GET /api/files/abc.png')).toHaveLength(1);
    // The list of files stays under it, for the download and the original.
    expect(within(within(detail).getByTestId('attachment-list')).getByText('screen.png')).toBeInTheDocument();
    await waitFor(() => expect(within(detail).getByText(/ada@example.test/)).toBeInTheDocument());
  });

  it('when the task has acceptance criteria, then the reject dialog asks which were not met and sends their numbers with a template picked by a click', async () => {
    const withCriteria = { ...SUBMISSION, taskAcceptanceCriteria: ['Three sentences', 'Written in English'] };
    const template = { id: '44444444-4444-4444-8444-444444444444', title: 'Not English', body: 'Dear {{firstName}}, please check: {{criterion}}', criterion: 2, sortOrder: 0, uses: 1, createdBy: null, updatedBy: null, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' };
    const { user, fetchMock } = renderSection({
      'GET /api/admin/submissions': () => jsonResponse({ items: [withCriteria], nextCursor: null, total: 1, totalExact: true }),
      'GET /api/admin/review-templates': () => jsonResponse({ items: [template], max: 50 }),
      'POST /api/admin/submissions/as-1/reject': () => jsonResponse({ message: 'ok', submission: { ...withCriteria, status: 'rejected' } }),
    });
    await screen.findByText('Review the app');
    await user.click(screen.getByRole('button', { name: /Reject/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject submission' });
    expect(within(dialog).getByText('Acceptance criteria not met')).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: /Not English/ }));
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Dear Ada, please check: Written in English');
    await user.click(within(within(dialog).getByTestId('reject-criterion-1')).getByRole('checkbox'));
    await user.click(within(dialog).getByTestId('reject-confirm'));
    expect(await screen.findByText('Submission rejected successfully!')).toBeInTheDocument();
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/admin/submissions/as-1/reject')[0]?.body))).toEqual({
      reason: 'Dear Ada, please check: Written in English',
      criteria: [1, 2],
      templateId: template.id,
    });
  });
});
