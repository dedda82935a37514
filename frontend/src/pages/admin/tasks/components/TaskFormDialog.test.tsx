import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../../test/test-utils';
import { missingRequired, TaskFormDialog } from './TaskFormDialog';

const admin = signedInState(makeUser({ role: 'admin' }), 'admin-token');

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
  it('when any of title, description, reward and submission instructions is empty, then Create stays disabled', async () => {
    const { user } = renderForm();
    const dialog = screen.getByRole('dialog');
    expect(createButton()).toBeDisabled();
    await fill(user, dialog, 'Title', 'Check the landing page');
    await fill(user, dialog, 'Description', 'Open it on a phone');
    await fill(user, dialog, 'Submission instructions', 'A screenshot');
    expect(createButton()).toBeDisabled();
    await fill(user, dialog, 'Reward (USD)', '7.5');
    await waitFor(() => expect(createButton()).toBeEnabled());
    await user.clear(within(dialog).getByLabelText('Title'));
    await fill(user, dialog, 'Title', '   ');
    await waitFor(() => expect(createButton()).toBeDisabled());
  });

  it('when Create is disabled, then the dialog names the fields still missing, and the note goes once they are filled', async () => {
    const { user } = renderForm();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('task-form-missing')).toHaveTextContent('To create the task, fill in: Title, Description, Reward (USD), Submission instructions');
    await fill(user, dialog, 'Title', 'Check the landing page');
    await fill(user, dialog, 'Description', 'Open it on a phone');
    await waitFor(() => expect(within(dialog).getByTestId('task-form-missing')).toHaveTextContent('To create the task, fill in: Reward (USD), Submission instructions'));
    await fill(user, dialog, 'Submission instructions', 'A screenshot');
    await fill(user, dialog, 'Reward (USD)', '7.5');
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
    await waitFor(() => expect(createButton()).toBeEnabled());
    await user.click(createButton());
    expect(await screen.findByText('Task created successfully')).toBeInTheDocument();
    const body = JSON.parse(String(callsTo(fetchMock, 'POST /api/admin/tasks')[0]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ title: 'Check the landing page', description: 'Open it on a phone', submissionInstructions: 'A screenshot', dueDate: null, sortOrder: 0, requiresApproval: false });
    expect(typeof body.reward).toBe('string');
    expect(Number(body.reward)).toBe(7.5);
    expect(onClose).toHaveBeenCalled();
  });

  it('treats blank and missing values as missing', () => {
    expect(missingRequired({ title: 'a', description: 'b', reward: '0', submissionInstructions: 'c' })).toBe(false);
    expect(missingRequired({ title: 'a', description: 'b', reward: null, submissionInstructions: 'c' })).toBe(true);
    expect(missingRequired({ title: 'a', description: ' ', reward: '1', submissionInstructions: 'c' })).toBe(true);
    expect(missingRequired({ title: 'a', description: 'b', reward: '1' })).toBe(true);
  });
});
