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
  controlCheck: null,
  claim: null,
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
    const approve = screen.getByRole('button', { name: 'Approve' });
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
    await user.click(screen.getByRole('button', { name: 'Approve' }));
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

  describe('who is reviewing what (issue 30)', () => {
    const ME = makeUser({ role: 'admin' });
    const BOB = { adminId: '0b7e6f5c-2222-4c2a-9d1e-000000000002', adminName: 'Bob Checker', expiresAt: new Date(Date.now() + 240_000).toISOString() };

    it('when another admin holds a claim, then the row says "Being reviewed by Bob Checker" and the detail names them with Approve and Reject disabled', async () => {
      const { user, fetchMock } = renderSection({
        'GET /api/admin/submissions/claims': () => jsonResponse({ items: [{ submissionId: 'as-1', ...BOB }] }),
        'POST /api/admin/submissions/as-1/claim': () => jsonResponse({ message: 'This submission is being reviewed by Bob Checker', code: 'WORK.CLAIMED_BY_OTHER', params: { name: 'Bob Checker' } }, 409),
      });
      const row = (await screen.findByText('Review the app')).closest('tr') as HTMLElement;
      expect(await within(row).findByText('Being reviewed by Bob Checker')).toBeInTheDocument();
      await user.click(within(row).getByRole('button', { name: /View/ }));
      const detail = (await screen.findByTestId('submission-detail')).closest('[role="dialog"]') as HTMLElement;
      expect(await within(detail).findByText('Being reviewed by Bob Checker')).toBeInTheDocument();
      expect(within(detail).getByRole('button', { name: 'Approve' })).toBeDisabled();
      expect(within(detail).getByRole('button', { name: 'Reject' })).toBeDisabled();
      expect(callsTo(fetchMock, 'POST /api/admin/submissions/as-1/claim').length).toBeGreaterThan(0);
    });

    it('when the detail opens, then it claims the submission ("You are reviewing"), and closing it releases the claim', async () => {
      const mine = { adminId: ME.id, adminName: 'Ada Worker', expiresAt: new Date(Date.now() + 300_000).toISOString() };
      const { user, fetchMock } = renderSection({
        'GET /api/admin/submissions/claims': () => jsonResponse({ items: [] }),
        'POST /api/admin/submissions/as-1/claim': () => jsonResponse({ submissionId: 'as-1', claim: mine }),
        'DELETE /api/admin/submissions/as-1/claim': () => jsonResponse({ submissionId: 'as-1', claim: null }),
      });
      await screen.findByText('Review the app');
      await user.click(screen.getByRole('button', { name: /View/ }));
      const detail = (await screen.findByTestId('submission-detail')).closest('[role="dialog"]') as HTMLElement;
      expect(await within(detail).findByText('You are reviewing this submission')).toBeInTheDocument();
      expect(within(detail).getByRole('button', { name: 'Approve' })).toBeEnabled();
      await user.click(within(detail).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
      await waitFor(() => expect(callsTo(fetchMock, 'DELETE /api/admin/submissions/as-1/claim')).toHaveLength(1));
    });
  });

  describe('back from the cockpit (issue 30)', () => {
    const SECOND: TAdminSubmission = { ...SUBMISSION, id: 'as-2', taskTitle: 'Photograph the shop' };
    const pageOf = (items: TAdminSubmission[], nextCursor: string | null) => () => jsonResponse({ items, nextCursor, total: 21, totalExact: true });

    it('when the admin filters, sorts and pages the list, opens the cockpit and comes back, then the list has the same filter, sort and page', async () => {
      const { user, fetchMock } = renderSection({
        'GET /api/admin/submissions?user=ada': pageOf([SUBMISSION], 'c2'),
        'GET /api/admin/submissions?user=ada&sort=submittedAt.desc': pageOf([SUBMISSION], 'c2'),
        'GET /api/admin/submissions?user=ada&sort=submittedAt.desc&cursor=c2': pageOf([SECOND], null),
        'GET /api/admin/submissions/claims': () => jsonResponse({ items: [] }),
        'POST /api/admin/submissions/as-1/claim': () => jsonResponse({ submissionId: 'as-1', claim: null }),
        'DELETE /api/admin/submissions/as-1/claim': () => jsonResponse({ submissionId: 'as-1', claim: null }),
        'GET /api/admin/workers/u-1/quality': () => jsonResponse({ approved: 0, rejected: 0, underAppeal: 0, returned: 0, appealsWon: 0, approvalRate: null, reasons: [], control: { checked: 0, matched: 0, accuracy: null } }),
      });
      await screen.findByText('Review the app');
      await user.type(screen.getByLabelText('Worker: e-mail or name'), 'ada');
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/submissions\?user=ada$/));
      await user.click(screen.getByRole('columnheader', { name: /Submitted/ }));
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/submissions\?user=ada&sort=submittedAt\.desc$/));
      await waitFor(() => expect(screen.getByRole('button', { name: /Next page/ })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: /Next page/ }));
      await screen.findByText('Photograph the shop');
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/submissions?user=ada&sort=submittedAt.desc&cursor=c2');

      // Into the cockpit: its address carries the list's; it reviews the filtered queue in the list's order.
      const filteredCalls = () => callsTo(fetchMock, 'GET /api/admin/submissions?user=ada&sort=submittedAt.desc').length;
      const before = filteredCalls();
      await user.click(screen.getByTestId('open-cockpit'));
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/submissions/review?user=ada&sort=submittedAt.desc&cursor=c2');
      await screen.findByTestId('cockpit-item');
      expect(filteredCalls()).toBeGreaterThan(before);

      // Back: the same filter (in the search box too), the same sort, the same page.
      await user.click(screen.getAllByRole('button', { name: /Back to the list/ })[0] as HTMLElement);
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/submissions?user=ada&sort=submittedAt.desc&cursor=c2');
      expect(await screen.findByText('Photograph the shop')).toBeInTheDocument();
      expect(screen.queryByText('Review the app')).not.toBeInTheDocument();
      expect(screen.getByLabelText('Worker: e-mail or name')).toHaveValue('ada');
      expect(screen.getByRole('columnheader', { name: /Submitted/ })).toHaveAttribute('aria-sort', 'descending');
      expect(screen.getByRole('button', { name: /Previous page/ })).toBeEnabled();
      // Previous goes back to the first page of the same filter and sort.
      await user.click(screen.getByRole('button', { name: /Previous page/ }));
      expect(await screen.findByText('Review the app')).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/submissions\?user=ada&sort=submittedAt\.desc$/);
    });

    it('when the list opens with a filter and a date range in its address, then they are applied and shown, and a new search starts from page 1', async () => {
      mockApi({
        'GET /api/admin/submissions?user=ada&from=2025-03-01&to=2025-03-31&cursor=c2': pageOf([SECOND], null),
        'GET /api/admin/submissions?user=grace&from=2025-03-01&to=2025-03-31': pageOf([SUBMISSION], null),
        'GET /api/admin/submissions/claims': () => jsonResponse({ items: [] }),
      });
      const { user } = renderWithProviders(<SubmissionsSection />, {
        route: '/admin/submissions?user=ada&from=2025-03-01&to=2025-03-31&cursor=c2',
        preloadedState: signedInState(makeUser({ role: 'admin' })),
      });
      expect(await screen.findByText('Photograph the shop')).toBeInTheDocument();
      expect(screen.getByLabelText('Worker: e-mail or name')).toHaveValue('ada');
      expect(screen.getByDisplayValue('2025-03-01')).toBeInTheDocument();
      expect(screen.getByDisplayValue('2025-03-31')).toBeInTheDocument();
      const search = screen.getByLabelText('Worker: e-mail or name');
      await user.clear(search);
      await user.type(search, 'grace');
      expect(await screen.findByText('Review the app')).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/submissions\?user=grace&from=2025-03-01&to=2025-03-31$/);
    });
  });

  describe('bulk approval (issue 30)', () => {
    const JOB = { id: 'job-1', status: 'running', createdBy: 'a-1', createdAt: '2025-03-01T10:00:00.000Z', finishedAt: null, spotCheckEvery: 2, total: 2 };
    const SECOND: TAdminSubmission = { ...SUBMISSION, id: 'as-2', taskTitle: 'Photograph the shop' };

    it('when rows are selected and Approve selected is confirmed, then one job is sent with their ids and its progress is shown until done, with the spot check to open', async () => {
      let polls = 0;
      const { user, fetchMock } = renderSection({
        'GET /api/admin/submissions': () => jsonResponse({ items: [SUBMISSION, SECOND], nextCursor: null, total: 2, totalExact: true }),
        'GET /api/admin/submissions/claims': () => jsonResponse({ items: [] }),
        'POST /api/admin/review-jobs': () => jsonResponse({ ...JOB, counts: { approved: 0, alreadyDecided: 0, spotCheck: 1, claimed: 0, failed: 0, remaining: 1 } }, 202),
        'GET /api/admin/review-jobs/job-1': () => {
          polls += 1;
          return polls < 2
            ? jsonResponse({ ...JOB, counts: { approved: 0, alreadyDecided: 0, spotCheck: 1, claimed: 0, failed: 0, remaining: 1 } })
            : jsonResponse({ ...JOB, status: 'done', finishedAt: '2025-03-01T10:00:02.000Z', counts: { approved: 1, alreadyDecided: 0, spotCheck: 1, claimed: 0, failed: 0, remaining: 0 } });
        },
        'GET /api/admin/review-jobs/job-1/items?outcome=spot_check&pageSize=100': () =>
          jsonResponse({ items: [{ seq: 2, submissionId: 'as-2', outcome: 'spot_check', code: null, claimedBy: null, decidedAt: null, taskTitle: 'Photograph the shop', userName: 'Ada Worker' }], nextCursor: null, total: 1, totalExact: true }),
      });
      await screen.findByText('Photograph the shop');
      const bar = screen.getByTestId('bulk-approve-bar');
      expect(within(bar).getByRole('button', { name: 'Approve selected' })).toBeDisabled();
      const rows = screen.getAllByRole('row').filter((row) => within(row).queryByRole('checkbox') && within(row).queryByText(/Review the app|Photograph the shop/));
      for (const row of rows) await user.click(within(row).getByRole('checkbox'));
      expect(within(bar).getByText('Selected: 2')).toBeInTheDocument();
      await user.click(within(bar).getByRole('button', { name: 'Approve selected' }));
      const confirm = (await screen.findByText(/Selected submissions: 2\./)).closest('[role="dialog"]') as HTMLElement;
      expect(callsTo(fetchMock, 'POST /api/admin/review-jobs')).toHaveLength(0);
      await user.click(within(confirm).getByRole('button', { name: 'Start bulk approval' }));
      await waitFor(() => expect(callsTo(fetchMock, 'POST /api/admin/review-jobs')).toHaveLength(1));
      expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/admin/review-jobs')[0]?.body))).toEqual({ ids: ['as-1', 'as-2'] });
      const progress = await screen.findByTestId('review-job-progress');
      expect(await within(progress).findByText('In progress: 1 of 2')).toBeInTheDocument();
      expect(await within(progress).findByText('Finished: 2 processed', undefined, { timeout: 4_000 })).toBeInTheDocument();
      expect(within(within(progress).getByTestId('review-job-approved')).getByText('1')).toBeInTheDocument();
      expect(within(within(progress).getByTestId('review-job-spotCheck')).getByText('1')).toBeInTheDocument();
      const items = await within(progress).findByTestId('review-job-items');
      expect(within(items).getByText('Photograph the shop')).toBeInTheDocument();
      expect(within(bar).getByText('Selected: 0')).toBeInTheDocument();
    });

    it('when Approve all matching is confirmed, then the job is sent with the current filters, not ids', async () => {
      const { user, fetchMock } = renderSection({
        'GET /api/admin/submissions/claims': () => jsonResponse({ items: [] }),
        'POST /api/admin/review-jobs': () => jsonResponse({ ...JOB, total: 1, counts: { approved: 0, alreadyDecided: 0, spotCheck: 0, claimed: 0, failed: 0, remaining: 1 } }, 202),
        'GET /api/admin/review-jobs/job-1': () => jsonResponse({ ...JOB, total: 1, counts: { approved: 0, alreadyDecided: 0, spotCheck: 0, claimed: 0, failed: 0, remaining: 1 } }),
      });
      await screen.findByText('Review the app');
      await user.click(screen.getByRole('button', { name: 'Approve all matching' }));
      const confirm = (await screen.findByText(/Every submission awaiting review that matches the current filters \(1,/)).closest('[role="dialog"]') as HTMLElement;
      await user.click(within(confirm).getByRole('button', { name: 'Start bulk approval' }));
      await waitFor(() => expect(callsTo(fetchMock, 'POST /api/admin/review-jobs')).toHaveLength(1));
      expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/admin/review-jobs')[0]?.body))).toEqual({ filter: {} });
      expect(await screen.findByText('Bulk approval started')).toBeInTheDocument();
    });
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
