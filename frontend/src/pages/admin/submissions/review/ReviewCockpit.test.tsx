import type { TAdminSubmission, TReviewTemplate } from '@platform/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../../test/test-utils';
import { SubmissionsSection } from '../index';

/** Issue 30 item 1: the review cockpit's keys, its pickers and its paging through the server's list. */

function submission(n: number, overrides: Partial<TAdminSubmission> = {}): TAdminSubmission {
  return {
    id: `as-${n}`,
    taskId: `task-${n}`,
    taskTitle: `Shop sign ${n}`,
    taskDescription: `Photograph shop sign number ${n}.`,
    taskReward: '4.00',
    userId: `u-${n}`,
    userFirstName: 'Ada',
    userLastName: `Worker${n}`,
    userEmail: `ada${n}@example.test`,
    status: 'submitted',
    submission: `Answer ${n}`,
    submittedAt: '2025-03-01T10:00:00.000Z',
    rejectionReason: null,
    rejectedAt: null,
    completedAt: null,
    autoApproved: false,
    files: [],
    taskSubmissionInstructions: 'One photo of the whole sign',
    taskAcceptanceCriteria: ['The whole sign is in the photo', 'The sign is readable'],
    rejectedCriteria: [],
    claim: null,
    controlCheck: null,
    ...overrides,
  };
}

const TEMPLATES: TReviewTemplate[] = [
  { id: '11111111-1111-4111-8111-111111111111', title: 'Cropped', body: 'Hi {{firstName}}, the sign is cut off.', criterion: 1, sortOrder: 0, uses: 3, createdBy: null, updatedBy: null, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' },
  { id: '22222222-2222-4222-8222-222222222222', title: 'Blurred', body: 'Hi {{firstName}}: "{{criterion}}" is not met in {{taskTitle}}.', criterion: 2, sortOrder: 1, uses: 0, createdBy: null, updatedBy: null, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' },
  { id: '33333333-3333-4333-8333-333333333333', title: 'Third criterion', body: '{{criterion}}', criterion: 3, sortOrder: 2, uses: 0, createdBy: null, updatedBy: null, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' },
];

const QUALITY = { approved: 7, rejected: 1, underAppeal: 0, returned: 2, appealsWon: 0, approvalRate: 0.875, reasons: [], control: { checked: 0, matched: 0, accuracy: null } };
const page = (items: TAdminSubmission[], nextCursor: string | null, total = 3) => jsonResponse({ items, nextCursor, total, totalExact: true });
const ok = (s: TAdminSubmission) => () => jsonResponse({ message: 'ok', submission: s });

function renderCockpit(handlers: Parameters<typeof mockApi>[0], route = '/admin/submissions/review') {
  const fetchMock = mockApi({
    'GET /api/admin/review-templates': () => jsonResponse({ items: TEMPLATES, max: 50 }),
    'GET /api/admin/workers/u-1/quality': () => jsonResponse(QUALITY),
    'GET /api/admin/workers/u-2/quality': () => jsonResponse(QUALITY),
    'GET /api/admin/workers/u-3/quality': () => jsonResponse(QUALITY),
    // Who is reviewing what: nobody else (the item on screen is claimed as it is shown).
    'GET /api/admin/submissions/claims': () => jsonResponse({ items: [] }),
    ...handlers,
  });
  return { ...renderWithProviders(<SubmissionsSection />, { route, preloadedState: signedInState(makeUser({ role: 'admin' })) }), fetchMock };
}

const currentId = () => screen.getByTestId('cockpit-item').getAttribute('data-submission-id');
const press = (key: string, target: Element = document.body, init: KeyboardEventInit = {}) => fireEvent.keyDown(target, { key, ...init });

beforeEach(() => {
  Object.defineProperty(window, 'open', { configurable: true, value: () => null });
});

describe('the review cockpit', () => {
  it('when it opens, then the first submission is shown with the task instructions, numbered criteria, the worker record and the key legend', async () => {
    renderCockpit({ 'GET /api/admin/submissions': () => page([submission(1), submission(2)], null, 2) });
    await waitFor(() => expect(currentId()).toBe('as-1'));
    expect(screen.getByTestId('cockpit-text')).toHaveTextContent('Answer 1');
    expect(screen.getByText('One photo of the whole sign')).toBeInTheDocument();
    expect(within(screen.getByTestId('cockpit-criteria')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['The whole sign is in the photo', 'The sign is readable']);
    await waitFor(() => expect(within(screen.getByTestId('cockpit-quality')).getByText('87.5%')).toBeInTheDocument());
    const legend = screen.getByTestId('cockpit-keys');
    for (const key of ['A', 'R', 'J', 'K', 'N', 'Z', 'O']) expect(within(legend).getByText(key)).toBeInTheDocument();
    expect(screen.getByTestId('cockpit-position')).toHaveTextContent('1 of 2 waiting');
  });

  it('when the submission answers a control task, then its check is under the worker\'s text (expected answer, not matched) and the worker record has their control accuracy', async () => {
    const control = submission(1, { submission: 'The red door', controlCheck: { matched: false, match: 'normalised', expectedAnswer: 'The blue door', checkedAt: '2025-03-01T10:00:00.000Z', counted: true } });
    renderCockpit({
      'GET /api/admin/submissions': () => page([control, submission(2)], null, 2),
      'GET /api/admin/workers/u-1/quality': () => jsonResponse({ ...QUALITY, control: { checked: 3, matched: 2, accuracy: 2 / 3 } }),
    });
    await waitFor(() => expect(currentId()).toBe('as-1'));
    const check = screen.getByTestId('control-check');
    expect(check).toHaveTextContent('Control task: the answer does not match the expected answer');
    expect(within(check).getByTestId('control-check-expected')).toHaveTextContent('Expected answer (normalised match): “The blue door”');
    // The expected answer comes after the worker's own, in the same section.
    expect(screen.getByTestId('cockpit-text').compareDocumentPosition(check) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('cockpit-control-accuracy')).toHaveTextContent('2 of 3 matched (66.7%)'));
    // An ordinary task shows no check; the worker with none answered reads so.
    press('j');
    await waitFor(() => expect(currentId()).toBe('as-2'));
    expect(screen.queryByTestId('control-check')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('cockpit-control-accuracy')).toHaveTextContent('No control tasks answered yet'));
  });

  it('when A is pressed, then the submission is approved through the same call as the list, once (a held key does not repeat), and the next one is shown', async () => {
    const { fetchMock } = renderCockpit({
      'GET /api/admin/submissions': () => page([submission(1), submission(2)], null, 2),
      'POST /api/admin/submissions/as-1/approve': ok(submission(1, { status: 'completed' })),
    });
    await waitFor(() => expect(currentId()).toBe('as-1'));
    press('a');
    press('a', document.body, { repeat: true });
    await waitFor(() => expect(currentId()).toBe('as-2'));
    expect(callsTo(fetchMock, 'POST /api/admin/submissions/as-1/approve')).toHaveLength(1);
    expect(await screen.findByText('Approved: $4.00 credited to Ada Worker1')).toBeInTheDocument();
    // Back with K: shown as approved, and A does nothing more.
    press('k');
    await waitFor(() => expect(currentId()).toBe('as-1'));
    expect(screen.getByTestId('cockpit-decided')).toHaveTextContent('Approved');
    press('a');
    expect(callsTo(fetchMock, 'POST /api/admin/submissions/as-1/approve')).toHaveLength(1);
    // The focus is on the cockpit, never lost.
    expect(screen.getByTestId('review-cockpit')).toHaveFocus();
  });

  it('when another admin is reviewing the submission, then the cockpit names them above the work and A and R do nothing', async () => {
    const bob = { adminId: '0b7e6f5c-2222-4c2a-9d1e-000000000002', adminName: 'Bob Checker', expiresAt: new Date(Date.now() + 240_000).toISOString() };
    const { fetchMock } = renderCockpit({
      'GET /api/admin/submissions': () => page([submission(1), submission(2)], null, 2),
      'GET /api/admin/submissions/claims': () => jsonResponse({ items: [{ submissionId: 'as-1', ...bob }] }),
      'POST /api/admin/submissions/as-1/claim': () =>
        jsonResponse({ message: 'This submission is being reviewed by Bob Checker', code: 'WORK.CLAIMED_BY_OTHER', params: { name: 'Bob Checker' } }, 409),
    });
    await waitFor(() => expect(currentId()).toBe('as-1'));
    const notice = await screen.findByTestId('claim-notice');
    expect(notice).toHaveTextContent('Bob Checker');
    press('a');
    press('r');
    expect(callsTo(fetchMock, 'POST /api/admin/submissions/as-1/approve')).toHaveLength(0);
    expect(screen.queryByRole('dialog', { name: 'Reject submission' })).not.toBeInTheDocument();
    // J moves on to one nobody holds.
    press('j');
    await waitFor(() => expect(currentId()).toBe('as-2'));
  });

  it('when R then 2 then Enter are pressed, then template 2 is rendered for this submission, its criterion ticked, and the rejection names the template', async () => {
    const { fetchMock } = renderCockpit({
      'GET /api/admin/submissions': () => page([submission(1), submission(2)], null, 2),
      'POST /api/admin/submissions/as-1/reject': ok(submission(1, { status: 'rejected' })),
    });
    await waitFor(() => expect(currentId()).toBe('as-1'));
    press('r');
    const dialog = await screen.findByRole('dialog', { name: 'Reject submission' });
    const picker = within(dialog).getByTestId('template-picker');
    await waitFor(() => expect(picker).toHaveFocus());
    // Template 3 names a criterion this task lacks: offered but not usable.
    expect(within(dialog).getByTestId('template-option-3')).toBeDisabled();
    press('3', picker);
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('');
    press('2', picker);
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Hi Ada: "The sign is readable" is not met in Shop sign 1.');
    expect(within(within(dialog).getByTestId('reject-criterion-2')).getByRole('checkbox')).toBeChecked();
    press('Enter', picker);
    await waitFor(() => expect(currentId()).toBe('as-2'));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/admin/submissions/as-1/reject')[0]?.body))).toEqual({
      reason: 'Hi Ada: "The sign is readable" is not met in Shop sign 1.',
      criteria: [2],
      templateId: TEMPLATES[1]!.id,
    });
  });

  it('when the template text is edited (E, then typing), then the keys type into the text instead of acting, and the edited text is sent', async () => {
    const { user, fetchMock } = renderCockpit({
      'GET /api/admin/submissions': () => page([submission(1), submission(2)], null, 2),
      'POST /api/admin/submissions/as-1/reject': ok(submission(1, { status: 'rejected' })),
    });
    await waitFor(() => expect(currentId()).toBe('as-1'));
    press('r');
    const dialog = await screen.findByRole('dialog', { name: 'Reject submission' });
    const picker = within(dialog).getByTestId('template-picker');
    await waitFor(() => expect(picker).toHaveFocus());
    press('1', picker);
    press('e', picker);
    const text = within(dialog).getByLabelText('Reason');
    expect(text).toHaveFocus();
    // a, j, k, r and digits typed in the text are text: nothing approved, moved or picked.
    await user.type(text, ' Also: ajkr 2');
    expect(text).toHaveValue('Hi Ada, the sign is cut off. Also: ajkr 2');
    expect(currentId()).toBe('as-1');
    expect(fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && !String(url).endsWith('/claim'))).toHaveLength(0);
    press('Enter', text, { ctrlKey: true });
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/admin/submissions/as-1/reject')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/admin/submissions/as-1/reject')[0]?.body))).toMatchObject({ reason: 'Hi Ada, the sign is cut off. Also: ajkr 2', criteria: [1] });
  });

  it('when a first name is markup with a variable in it, then the picked template shows it as text and never expands it', async () => {
    renderCockpit({ 'GET /api/admin/submissions': () => page([submission(1, { userFirstName: '<img src=x onerror=alert(1)>{{criterion}}' })], null, 1) });
    await waitFor(() => expect(currentId()).toBe('as-1'));
    press('r');
    const dialog = await screen.findByRole('dialog', { name: 'Reject submission' });
    const picker = within(dialog).getByTestId('template-picker');
    await waitFor(() => expect(picker).toHaveFocus());
    press('1', picker);
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Hi <img src=x onerror=alert(1)>{{criterion}}, the sign is cut off.');
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('when the task has criteria and none is ticked, then Reject stays disabled and nothing is sent', async () => {
    const { user, fetchMock } = renderCockpit({ 'GET /api/admin/submissions': () => page([submission(1)], null, 1) });
    await waitFor(() => expect(currentId()).toBe('as-1'));
    press('r');
    const dialog = await screen.findByRole('dialog', { name: 'Reject submission' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Typed by hand');
    expect(within(dialog).getByTestId('reject-confirm')).toBeDisabled();
    press('Enter', within(dialog).getByTestId('template-picker'));
    expect(await within(dialog).findByText('Name the acceptance criteria that were not met')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/admin/submissions/as-1/reject')).toHaveLength(0);
    await user.click(within(within(dialog).getByTestId('reject-criterion-1')).getByRole('checkbox'));
    expect(within(dialog).getByTestId('reject-confirm')).toBeEnabled();
  });

  it('when J passes the loaded page, then the next page is read with the cursor (the list filter kept) and J/K walk through both', async () => {
    const first = [submission(1), submission(2)];
    const { fetchMock } = renderCockpit(
      {
        'GET /api/admin/submissions?user=ada&sort=submittedAt.desc': () => page(first, 'c2', 3),
        'GET /api/admin/submissions?user=ada&sort=submittedAt.desc&cursor=c2': () => page([submission(3)], null, 3),
      },
      '/admin/submissions/review?user=ada&sort=submittedAt.desc',
    );
    await waitFor(() => expect(currentId()).toBe('as-1'));
    // Within three of the end: the next page is already asked for.
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/admin/submissions?user=ada&sort=submittedAt.desc&cursor=c2')).toHaveLength(1));
    press('j');
    press('j');
    await waitFor(() => expect(currentId()).toBe('as-3'));
    expect(screen.getByTestId('cockpit-position')).toHaveTextContent('3 of 3 waiting');
    press('j');
    expect(await screen.findByTestId('cockpit-end')).toBeInTheDocument();
    press('k');
    await waitFor(() => expect(currentId()).toBe('as-3'));
    expect(callsTo(fetchMock, 'GET /api/admin/submissions?user=ada&sort=submittedAt.desc&cursor=c2')).toHaveLength(1);
  });

  it('when a key is pressed with Ctrl or Meta, or in the list\'s search field, then the cockpit does nothing', async () => {
    const { fetchMock } = renderCockpit({ 'GET /api/admin/submissions': () => page([submission(1), submission(2)], null, 2) });
    await waitFor(() => expect(currentId()).toBe('as-1'));
    press('a', document.body, { ctrlKey: true });
    press('j', document.body, { metaKey: true });
    const input = document.createElement('input');
    document.body.appendChild(input);
    press('a', input);
    press('j', input);
    expect(currentId()).toBe('as-1');
    expect(fetchMock.mock.calls.filter(([url, init]) => init?.method === 'POST' && !String(url).endsWith('/claim'))).toHaveLength(0);
    input.remove();
  });

  it('when the approval is refused (decided by another admin), then the message is shown and the cockpit stays on it', async () => {
    renderCockpit({
      'GET /api/admin/submissions': () => page([submission(1), submission(2)], null, 2),
      'POST /api/admin/submissions/as-1/approve': () => jsonResponse({ code: 'WORK.ALREADY_REVIEWED', message: 'This submission has already been reviewed' }, 409),
    });
    await waitFor(() => expect(currentId()).toBe('as-1'));
    press('a');
    expect(await screen.findByText('Failed to approve submission')).toBeInTheDocument();
    expect(screen.getByText('This submission has already been reviewed')).toBeInTheDocument();
    expect(currentId()).toBe('as-1');
  });

  it('when the list\'s "Review one by one" is pressed, then the cockpit opens with the list\'s filter in its address', async () => {
    const { user } = renderCockpit({ 'GET /api/admin/submissions': () => page([submission(1)], null, 1) }, '/admin/submissions');
    await screen.findByText('Shop sign 1');
    await user.click(screen.getByTestId('open-cockpit'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/submissions/review'));
    await waitFor(() => expect(currentId()).toBe('as-1'));
  });
});
