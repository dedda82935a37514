import type { TAdminTask } from '@platform/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../../test/test-utils';
import { controlInitialValues, controlMissing, toControlInput } from './ControlTaskField';
import { TaskFormDialog } from './TaskFormDialog';

/** Issue 30 item 5: the task form's control part. */
const admin = signedInState(makeUser({ role: 'admin' }), 'admin-token');

const TASK: TAdminTask = {
  id: 't1',
  title: 'Read the sign',
  description: 'Type what the sign says',
  submissionInstructions: 'The text only',
  reward: '3.00',
  status: 'available',
  sortOrder: 0,
  dueDate: null,
  timeLimitMinutes: null,
  requiresApproval: false,
  acceptanceCriteria: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  createdBy: null,
  assignedUser: null,
  assignment: null,
  returns: 0,
  estimatedMinutes: 10,
  slots: 1,
  filledSlots: 0,
  assignments: [],
  estimateMissing: false,
  underpaid: false,
  control: { expectedAnswer: 'The blue door', match: 'exact', setAt: '2026-11-01T10:00:00.000Z', setBy: 'a1' },
  pay: { basis: 'estimate', minutes: 10, hourlyRate: '18.00', workers: 0 },
};

function renderForm(task: TAdminTask | null = null, handlers: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({
    'POST /api/admin/tasks': (init) => jsonResponse({ ...TASK, ...JSON.parse(String(init?.body)) }, 201),
    'PATCH /api/admin/tasks/t1': (init) => jsonResponse({ ...TASK, ...JSON.parse(String(init?.body)) }),
    'GET /api/admin/tasks': () => jsonResponse({ items: [], nextCursor: null, total: 0, totalExact: true }),
    ...handlers,
  });
  const onClose = vi.fn();
  const utils = renderWithProviders(<TaskFormDialog open task={task} onClose={onClose} />, { route: '/admin/tasks', preloadedState: admin });
  return { ...utils, fetchMock, onClose, dialog: screen.getByRole('dialog') };
}

async function fill(user: ReturnType<typeof renderForm>['user'], dialog: HTMLElement, label: string, value: string) {
  await user.click(within(dialog).getByLabelText(label));
  await user.paste(value);
}

async function fillRequired(user: ReturnType<typeof renderForm>['user'], dialog: HTMLElement) {
  await fill(user, dialog, 'Title', 'Read the sign');
  await fill(user, dialog, 'Description', 'Type what the sign says');
  await fill(user, dialog, 'Submission instructions', 'The text only');
  await fill(user, dialog, 'Reward (USD)', '3');
  await fill(user, dialog, 'Estimated time in minutes', '10');
}

const flag = (dialog: HTMLElement) => within(dialog).getByRole('checkbox', { name: /Control task/ });
const save = () => screen.getByTestId('task-form-save');
const bodyOf = (fetchMock: ReturnType<typeof mockApi>, key: string) => JSON.parse(String(callsTo(fetchMock, key)[0]?.body)) as Record<string, unknown>;

describe('ControlTaskField in the task form', () => {
  it('when the flag is off, then no answer is asked and the new task is sent without a control part', async () => {
    const { user, dialog, fetchMock } = renderForm();
    expect(flag(dialog)).not.toBeChecked();
    expect(within(dialog).queryByLabelText('Expected answer')).not.toBeInTheDocument();
    await fillRequired(user, dialog);
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    expect(await screen.findByText('Task created successfully')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST /api/admin/tasks')).not.toHaveProperty('control');
  });

  it('when the flag is ticked, then Create waits for the expected answer, names it as missing, and sends it trimmed with the normalised match', async () => {
    const { user, dialog, fetchMock } = renderForm();
    await fillRequired(user, dialog);
    await user.click(flag(dialog));
    expect(await within(dialog).findByLabelText('Expected answer')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /Normalised/ })).toBeChecked();
    await waitFor(() => expect(save()).toBeDisabled());
    expect(within(dialog).getByTestId('task-form-missing')).toHaveTextContent('To create the task, fill in: Expected answer');
    await fill(user, dialog, 'Expected answer', '   ');
    expect(save()).toBeDisabled();
    await fill(user, dialog, 'Expected answer', ' The  BLUE door ');
    await waitFor(() => expect(save()).toBeEnabled());
    // What a normalised answer is compared as, so the admin sees that case and spacing do not matter.
    expect(within(dialog).getByTestId('control-compared-as')).toHaveTextContent('Compared as: “the blue door”');
    await user.click(save());
    expect(await screen.findByText('Task created successfully')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'POST /api/admin/tasks').control).toEqual({ expectedAnswer: 'The  BLUE door', match: 'normalised' });
  });

  it('when the admin chooses the exact match, then it is sent, and the compared-as hint goes (the answer is compared as typed)', async () => {
    const { user, dialog, fetchMock } = renderForm();
    await fillRequired(user, dialog);
    await user.click(flag(dialog));
    await fill(user, dialog, 'Expected answer', 'Ｂｌｕｅ');
    expect(await within(dialog).findByTestId('control-compared-as')).toHaveTextContent('Compared as: “blue”');
    await user.click(within(dialog).getByRole('radio', { name: /Exact/ }));
    await waitFor(() => expect(within(dialog).queryByTestId('control-compared-as')).not.toBeInTheDocument());
    await user.click(save());
    await screen.findByText('Task created successfully');
    expect(bodyOf(fetchMock, 'POST /api/admin/tasks').control).toEqual({ expectedAnswer: 'Ｂｌｕｅ', match: 'exact' });
  });

  it('when a control task is edited, then its answer and match are shown; an unrelated edit leaves them out of the call, and unticking sends control null', async () => {
    const first = renderForm(TASK);
    expect(flag(first.dialog)).toBeChecked();
    expect(within(first.dialog).getByLabelText('Expected answer')).toHaveValue('The blue door');
    expect(within(first.dialog).getByRole('radio', { name: /Exact/ })).toBeChecked();
    await first.user.clear(within(first.dialog).getByLabelText('Title'));
    await fill(first.user, first.dialog, 'Title', 'Read the old sign');
    await first.user.click(save());
    await screen.findByText('Task updated successfully');
    const unrelated = bodyOf(first.fetchMock, 'PATCH /api/admin/tasks/t1');
    expect(unrelated.title).toBe('Read the old sign');
    expect(unrelated).not.toHaveProperty('control');
    first.unmount();

    const second = renderForm(TASK);
    await second.user.click(flag(second.dialog));
    await waitFor(() => expect(within(second.dialog).queryByLabelText('Expected answer')).not.toBeInTheDocument());
    await second.user.click(save());
    await screen.findByText('Task updated successfully');
    expect(bodyOf(second.fetchMock, 'PATCH /api/admin/tasks/t1').control).toBeNull();
  });

  it('when the server refuses the expected answer, then its message is shown under the field and the dialog stays open', async () => {
    const { user, dialog, onClose } = renderForm(null, {
      'POST /api/admin/tasks': () =>
        jsonResponse({ message: 'The expected answer must contain visible characters', code: 'FIELD.INVALID', params: { field: 'control.expectedAnswer' }, field: 'control.expectedAnswer' }, 400),
    });
    await fillRequired(user, dialog);
    await user.click(flag(dialog));
    await fill(user, dialog, 'Expected answer', '\u200b x');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    const item = within(dialog).getByLabelText('Expected answer').closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(item.querySelector('.ant-form-item-explain-error')).not.toBeNull());
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('the control part of the call', () => {
  it('is left out when off on a new or ordinary task, null when a control task is turned ordinary, and sent only when set or changed', () => {
    expect(toControlInput({ controlEnabled: false, controlExpectedAnswer: 'x' }, null)).toEqual({});
    expect(toControlInput({ controlEnabled: false }, { ...TASK, control: null })).toEqual({});
    expect(toControlInput({ controlEnabled: false }, TASK)).toEqual({ control: null });
    expect(toControlInput({ controlEnabled: true, controlExpectedAnswer: ' The blue door ', controlMatch: 'exact' }, TASK)).toEqual({});
    expect(toControlInput({ controlEnabled: true, controlExpectedAnswer: 'The blue door', controlMatch: 'normalised' }, TASK)).toEqual({
      control: { expectedAnswer: 'The blue door', match: 'normalised' },
    });
    expect(toControlInput({ controlEnabled: true, controlExpectedAnswer: 'Red' }, null)).toEqual({ control: { expectedAnswer: 'Red', match: 'normalised' } });
  });

  it('starts from the task and says when the answer is missing', () => {
    expect(controlInitialValues(null)).toEqual({ controlEnabled: false, controlExpectedAnswer: '', controlMatch: 'normalised' });
    expect(controlInitialValues(TASK)).toEqual({ controlEnabled: true, controlExpectedAnswer: 'The blue door', controlMatch: 'exact' });
    expect(controlMissing({ controlEnabled: true, controlExpectedAnswer: ' ' })).toBe(true);
    expect(controlMissing({ controlEnabled: false })).toBe(false);
    expect(controlMissing({ controlEnabled: true, controlExpectedAnswer: 'a' })).toBe(false);
  });
});
