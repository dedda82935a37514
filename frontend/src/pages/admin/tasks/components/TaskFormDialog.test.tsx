import type { TAdminTask } from '@platform/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../../test/test-utils';
import { liveHourlyRate, liveTotalReward, missingRequired, TaskFormDialog } from './TaskFormDialog';

const admin = signedInState(makeUser({ role: 'admin' }), 'admin-token');

/** A task as the admin list gives it, to edit. */
const EDITED_TASK: TAdminTask = {
  id: 't-1',
  title: 'Shop sign',
  description: 'Photograph it',
  submissionInstructions: 'One photo',
  reward: '5.00',
  status: 'available',
  sortOrder: 0,
  dueDate: null,
  timeLimitMinutes: null,
  requiresApproval: false,
  estimatedMinutes: 15,
  slots: 1,
  filledSlots: 0,
  assignments: [],
  pay: { basis: 'estimate', minutes: 15, hourlyRate: '20.00', workers: 0 },
  acceptanceCriteria: [],
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
  createdBy: null,
  assignedUser: null,
  assignment: null,
  returns: 0,
  estimateMissing: false,
  underpaid: false,
  control: null,
};

function renderForm() {
  const fetchMock = mockApi({
    'POST /api/admin/tasks': (init) => jsonResponse({ id: 't1', ...JSON.parse(String(init?.body)) }, 201),
    'GET /api/admin/tasks': () => jsonResponse({ items: [], nextCursor: null, total: 0, totalExact: true }),
  });
  const onClose = vi.fn();
  const utils = renderWithProviders(<TaskFormDialog open task={null} onClose={onClose} />, { route: '/admin/tasks', preloadedState: admin });
  return { ...utils, fetchMock, onClose };
}

const createButton = () => screen.getByTestId('task-form-save');

/** Pastes a value into a labelled field (faster than typing it key by key). */
async function fill(user: ReturnType<typeof renderForm>['user'], dialog: HTMLElement, label: string, value: string) {
  await user.click(within(dialog).getByLabelText(label));
  await user.paste(value);
}

describe('task form (spec 03 s.5)', () => {
  it('when any of title, description, reward, submission instructions and the estimated time is empty, then Create stays disabled', async () => {
    const { user } = renderForm();
    const dialog = screen.getByRole('dialog');
    expect(createButton()).toBeDisabled();
    await fill(user, dialog, 'Title', 'Check the landing page');
    await fill(user, dialog, 'Description', 'Open it on a phone');
    await fill(user, dialog, 'Submission instructions', 'A screenshot');
    expect(createButton()).toBeDisabled();
    await fill(user, dialog, 'Reward (USD)', '7.5');
    await waitFor(() => expect(within(dialog).getByTestId('task-form-missing')).toHaveTextContent('To create the task, fill in: Estimated time in minutes'));
    expect(createButton()).toBeDisabled();
    await fill(user, dialog, 'Estimated time in minutes', '30');
    await waitFor(() => expect(createButton()).toBeEnabled());
    await user.clear(within(dialog).getByLabelText('Title'));
    await fill(user, dialog, 'Title', '   ');
    await waitFor(() => expect(createButton()).toBeDisabled());
  });

  it('when Create is disabled, then the dialog names the fields still missing, and the note goes once they are filled', async () => {
    const { user } = renderForm();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('task-form-missing')).toHaveTextContent('To create the task, fill in: Title, Description, Reward (USD), Submission instructions, Estimated time in minutes');
    await fill(user, dialog, 'Title', 'Check the landing page');
    await fill(user, dialog, 'Description', 'Open it on a phone');
    await waitFor(() => expect(within(dialog).getByTestId('task-form-missing')).toHaveTextContent('To create the task, fill in: Reward (USD), Submission instructions, Estimated time in minutes'));
    await fill(user, dialog, 'Submission instructions', 'A screenshot');
    await fill(user, dialog, 'Reward (USD)', '7.5');
    await fill(user, dialog, 'Estimated time in minutes', '30');
    await waitFor(() => expect(within(dialog).queryByTestId('task-form-missing')).not.toBeInTheDocument());
    expect(createButton()).toBeEnabled();
  });

  it('when every required field is filled, then the task is sent with the reward as text and "Task created successfully" is shown', async () => {
    const { user, fetchMock, onClose } = renderForm();
    const dialog = screen.getByRole('dialog');
    await fill(user, dialog, 'Title', '  Check the landing page ');
    await fill(user, dialog, 'Description', 'Open it on a phone');
    await fill(user, dialog, 'Submission instructions', 'A screenshot');
    await fill(user, dialog, 'Reward (USD)', '7.5');
    await fill(user, dialog, 'Estimated time in minutes', '30');
    await waitFor(() => expect(createButton()).toBeEnabled());
    await user.click(createButton());
    expect(await screen.findByText('Task created successfully')).toBeInTheDocument();
    const body = JSON.parse(String(callsTo(fetchMock, 'POST /api/admin/tasks')[0]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ title: 'Check the landing page', description: 'Open it on a phone', submissionInstructions: 'A screenshot', dueDate: null, sortOrder: 0, requiresApproval: false, estimatedMinutes: 30 });
    expect(typeof body.reward).toBe('string');
    expect(Number(body.reward)).toBe(7.5);
    expect(onClose).toHaveBeenCalled();
  });

  it('when the admin types the reward and the estimated time, then the pay per hour they come to is shown as they type', async () => {
    const { user } = renderForm();
    const dialog = screen.getByRole('dialog');
    const rate = within(dialog).getByTestId('task-form-rate');
    expect(rate).toHaveTextContent('Enter the reward and the estimated time to see the pay per hour');
    await fill(user, dialog, 'Reward (USD)', '2.5');
    expect(rate).toHaveTextContent('Enter the reward and the estimated time to see the pay per hour');
    await fill(user, dialog, 'Estimated time in minutes', '20');
    await waitFor(() => expect(rate).toHaveTextContent('Pays $7.50 per hour at this estimate'));
    await user.type(within(dialog).getByLabelText('Estimated time in minutes'), '0');
    await waitFor(() => expect(rate).toHaveTextContent('Pays $0.75 per hour at this estimate'));
  });

  it('when the admin sets how many workers the task takes, then it is sent as slots (1 when untouched) and the rewards it comes to are shown beside the rate', async () => {
    const { user, fetchMock } = renderForm();
    const dialog = screen.getByRole('dialog');
    await fill(user, dialog, 'Title', 'Survey of shops');
    await fill(user, dialog, 'Description', 'Answer 10 questions');
    await fill(user, dialog, 'Submission instructions', 'The completion code');
    await fill(user, dialog, 'Reward (USD)', '2.5');
    await fill(user, dialog, 'Estimated time in minutes', '15');
    expect(within(dialog).queryByTestId('task-form-total')).toBeNull();
    const slots = within(dialog).getByLabelText('Workers (slots)');
    await user.clear(slots);
    await user.type(slots, '25');
    await waitFor(() => expect(within(dialog).getByTestId('task-form-total')).toHaveTextContent('Up to 25 workers, each once: $62.50 in rewards'));
    await user.click(createButton());
    expect(await screen.findByText('Task created successfully')).toBeInTheDocument();
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/admin/tasks')[0]?.body))).toMatchObject({ slots: 25, estimatedMinutes: 15 });
  });

  it('when the server refuses the task under the hourly floor, then its message is shown in the admin\'s language and the dialog stays open', async () => {
    const fetchMock = mockApi({
      'POST /api/admin/tasks': () =>
        jsonResponse(
          {
            code: 'WORK.BELOW_HOURLY_FLOOR',
            field: 'reward',
            message: 'This task would pay $4.00 per hour ($1.00 for 15 min), below the platform\'s minimum of $8.00 per hour. Raise the reward or correct the estimated time.',
            params: { hourlyRate: '4.00', minimumHourlyRate: '8.00', reward: '1.00', estimatedMinutes: 15 },
          },
          400,
        ),
      'GET /api/admin/tasks': () => jsonResponse({ items: [], nextCursor: null, total: 0, totalExact: true }),
    });
    const onClose = vi.fn();
    const { user } = renderWithProviders(<TaskFormDialog open task={null} onClose={onClose} />, { route: '/admin/tasks', preloadedState: admin });
    const dialog = screen.getByRole('dialog');
    await fill(user, dialog, 'Title', 'Underpaid');
    await fill(user, dialog, 'Description', 'Open it');
    await fill(user, dialog, 'Submission instructions', 'A screenshot');
    await fill(user, dialog, 'Reward (USD)', '1');
    await fill(user, dialog, 'Estimated time in minutes', '15');
    await waitFor(() => expect(within(dialog).getByTestId('task-form-rate')).toHaveTextContent('Pays $4.00 per hour at this estimate'));
    await user.click(createButton());
    expect(await screen.findByText(/This task would pay \$4\.00 per hour \(\$1\.00 for 15 min\), below the platform's minimum of \$8\.00 per hour/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/admin/tasks')).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('when the admin adds, edits, reorders and removes acceptance criteria, then they are sent numbered in that order; a blank one is refused before sending', async () => {
    const { user, fetchMock } = renderForm();
    const dialog = screen.getByRole('dialog');
    await fill(user, dialog, 'Title', 'Shop sign');
    await fill(user, dialog, 'Description', 'Photograph it');
    await fill(user, dialog, 'Submission instructions', 'One photo');
    await fill(user, dialog, 'Reward (USD)', '5');
    await fill(user, dialog, 'Estimated time in minutes', '15');
    const editor = within(dialog).getByTestId('criteria-editor');
    expect(editor).toHaveTextContent('No acceptance criteria');
    const add = within(editor).getByRole('button', { name: /Add a criterion/ });
    await user.click(add);
    await user.click(add);
    await user.click(add);
    await fill(user, dialog, 'Criterion 1', 'Daylight');
    await fill(user, dialog, 'Criterion 2', 'The whole sign');
    // Criterion 3 left blank: refused by the form, nothing sent.
    await user.click(createButton());
    expect(await within(dialog).findByText('An acceptance criterion cannot be blank')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/admin/tasks')).toHaveLength(0);
    await fill(user, dialog, 'Criterion 3', '  Readable  ');
    // Criterion 3 goes up to 2, then criterion 1 is removed.
    await user.click(within(editor).getByRole('button', { name: 'Move criterion 3 up' }));
    await user.click(within(editor).getByRole('button', { name: 'Remove criterion 1' }));
    expect(within(editor).getByLabelText('Criterion 1')).toHaveValue('  Readable  ');
    expect(within(editor).getByLabelText('Criterion 2')).toHaveValue('The whole sign');
    await user.click(createButton());
    expect(await screen.findByText('Task created successfully')).toBeInTheDocument();
    const body = JSON.parse(String(callsTo(fetchMock, 'POST /api/admin/tasks')[0]?.body)) as Record<string, unknown>;
    expect(body.acceptanceCriteria).toEqual(['Readable', 'The whole sign']);
  });

  it('when ten criteria are there, then no eleventh can be added', async () => {
    renderWithProviders(
      <TaskFormDialog
        open
        task={{ ...EDITED_TASK, acceptanceCriteria: Array.from({ length: 10 }, (_, i) => `Rule ${i + 1}`) }}
        onClose={vi.fn()}
      />,
      { route: '/admin/tasks', preloadedState: admin },
    );
    const editor = await screen.findByTestId('criteria-editor');
    await waitFor(() => expect(within(editor).getByLabelText('Criterion 10')).toHaveValue('Rule 10'));
    expect(within(editor).getByRole('button', { name: /At most 10 criteria/ })).toBeDisabled();
  });

  it('computes the live rate as the server does (cents, rounded down) and none for what is not a reward or a whole number of minutes', () => {
    expect(liveHourlyRate({ reward: '2.00', estimatedMinutes: 15 })).toBe('8.00');
    expect(liveHourlyRate({ reward: '1.99', estimatedMinutes: 15 })).toBe('7.96');
    expect(liveHourlyRate({ reward: '12.50', estimatedMinutes: 55 })).toBe('13.63');
    expect(liveHourlyRate({ reward: '1', estimatedMinutes: null })).toBeNull();
    expect(liveHourlyRate({ reward: null, estimatedMinutes: 10 })).toBeNull();
    expect(liveHourlyRate({ reward: 'abc', estimatedMinutes: 10 })).toBeNull();
    expect(liveHourlyRate({ reward: '1', estimatedMinutes: 1.5 })).toBeNull();
    expect(liveHourlyRate({ reward: '1', estimatedMinutes: 0 })).toBeNull();
  });

  it('computes the rewards of every slot in whole cents, and none for what is not a reward or a whole number of slots', () => {
    expect(liveTotalReward({ reward: '2.50', slots: 25 })).toBe('62.50');
    expect(liveTotalReward({ reward: '0.10', slots: 3 })).toBe('0.30');
    expect(liveTotalReward({ reward: '1.99' })).toBe('1.99');
    expect(liveTotalReward({ reward: 'abc', slots: 2 })).toBeNull();
    expect(liveTotalReward({ reward: '1', slots: 2.5 })).toBeNull();
    expect(liveTotalReward({ reward: null, slots: 2 })).toBeNull();
  });

  it('treats blank and missing values as missing', () => {
    expect(missingRequired({ title: 'a', description: 'b', reward: '0', submissionInstructions: 'c', estimatedMinutes: 5 })).toBe(false);
    expect(missingRequired({ title: 'a', description: 'b', reward: '0', submissionInstructions: 'c' })).toBe(true);
    expect(missingRequired({ title: 'a', description: 'b', reward: null, submissionInstructions: 'c' })).toBe(true);
    expect(missingRequired({ title: 'a', description: ' ', reward: '1', submissionInstructions: 'c' })).toBe(true);
    expect(missingRequired({ title: 'a', description: 'b', reward: '1' })).toBe(true);
  });
});
