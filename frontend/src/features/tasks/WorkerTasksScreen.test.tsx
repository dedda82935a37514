import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, mockApi, renderWithProviders, signedInState } from '../../test/test-utils';
import { makeAssignment, makeWorkerTask } from './testTasks';
import WorkerTasksScreen from './WorkerTasksScreen';

const TASKS = [
  makeWorkerTask({ id: 'a1', title: 'Open task one' }),
  makeWorkerTask({ id: 'a2', title: 'Open task two' }),
  makeWorkerTask({ id: 'm1', title: 'Held task', status: 'assigned', userStatus: 'assigned', userAssignment: makeAssignment({ id: 'as-m1', taskId: 'm1' }) }),
  makeWorkerTask({ id: 'r1', title: 'Returned task', status: 'assigned', userStatus: 'rejected', rejectionReason: 'Wrong page' }),
  makeWorkerTask({ id: 'd1', title: 'Finished task', status: 'completed', userStatus: 'completed' }),
];

function renderScreen(tasks = TASKS, extra: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({ 'GET /api/tasks': () => jsonResponse(tasks), ...extra });
  return { ...renderWithProviders(<WorkerTasksScreen />, { route: '/tasks', preloadedState: signedInState() }), fetchMock };
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });
const titlesIn = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('worker Tasks screen', () => {
  it('when tasks load, then the counters count Available, My Tasks and Completed', async () => {
    renderScreen();
    await screen.findByText('Open task one');
    expect(screen.getByTestId('counter-available')).toHaveTextContent('2Available');
    expect(screen.getByTestId('counter-mine')).toHaveTextContent('2My Tasks');
    expect(screen.getByTestId('counter-completed')).toHaveTextContent('1Completed');
  });

  it('when the worker completed more tasks than the list holds, then Completed and Done count them all and Done says where the rest are', async () => {
    const fetchMock = mockApi({ 'GET /api/tasks': () => jsonResponse(TASKS, 200, { 'X-Completed-Total': '73' }) });
    const { user } = renderWithProviders(<WorkerTasksScreen />, { route: '/tasks', preloadedState: signedInState() });
    await screen.findByText('Open task one');
    expect(callsTo(fetchMock, 'GET /api/tasks')).toHaveLength(1);
    expect(screen.getByTestId('counter-completed')).toHaveTextContent('73Completed');
    expect(tab(/Done/)).toHaveTextContent('Done 73');
    await user.click(tab(/Done/));
    expect(screen.getByTestId('done-shown-note')).toHaveTextContent('Your latest 1 of 73 completed tasks. Every reward is in your statement: Withdrawals, Statement');
    expect(within(screen.getByTestId('done-shown-note')).getByRole('link')).toHaveAttribute('href', '/withdrawals');
  });

  it('when the worker completed more tasks than the list holds, then "Load more" pages the older ones from the server, newest first, each once', async () => {
    const finished = makeWorkerTask({ id: 'd1', title: 'Finished task', status: 'completed', userStatus: 'completed', userAssignment: makeAssignment({ id: 'as-d1', taskId: 'd1', status: 'completed' }) });
    const completed = (id: string, title: string, completedAt: string) => ({ id, taskId: `t-${id}`, title, reward: '2.00', submittedAt: completedAt, completedAt, autoApproved: false });
    const fetchMock = mockApi({
      'GET /api/tasks': () => jsonResponse([...TASKS.slice(0, 4), finished], 200, { 'X-Completed-Total': '3' }),
      // The first request reaches past the one card shown (1 + 20); the card's own row is not listed twice.
      'GET /api/tasks/completed?pageSize=21': () =>
        jsonResponse({ items: [completed('as-d1', 'Finished task', '2026-11-20T10:00:00.000Z'), completed('as-o1', 'Older task', '2026-11-19T10:00:00.000Z')], nextCursor: 'c2', total: 3, totalExact: true }),
      'GET /api/tasks/completed?pageSize=20&cursor=c2': () => jsonResponse({ items: [completed('as-o2', 'Oldest task', '2026-11-18T10:00:00.000Z')], nextCursor: null, total: 3, totalExact: true }),
    });
    const { user } = renderWithProviders(<WorkerTasksScreen />, { route: '/tasks', preloadedState: signedInState() });
    await screen.findByText('Open task one');
    await user.click(tab(/Done/));
    expect(callsTo(fetchMock, 'GET /api/tasks/completed?pageSize=21')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const older = screen.getByTestId('older-completed');
    await within(older).findByRole('article', { name: 'Older task' });
    expect(within(older).queryByRole('article', { name: 'Finished task' })).toBeNull();
    await user.click(within(older).getByRole('button', { name: /Load more/ }));
    await within(older).findByRole('article', { name: 'Oldest task' });
    expect(titlesIn('older-completed')).toEqual(['Older task', 'Oldest task']);
    expect(titlesIn('tab-done')).toEqual(['Finished task', 'Older task', 'Oldest task']);
    // The last page was read: no more to load.
    expect(within(older).queryByRole('button', { name: /Load more/ })).toBeNull();
  });

  it('when every completed task is in the list, then Done has no note', async () => {
    const { user } = renderScreen(TASKS, { 'GET /api/tasks': () => jsonResponse(TASKS, 200, { 'X-Completed-Total': '1' }) });
    await screen.findByText('Open task one');
    await user.click(tab(/Done/));
    expect(titlesIn('tab-done')).toEqual(['Finished task']);
    expect(screen.queryByTestId('done-shown-note')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('when the worker sorts by pay per hour, then the server is asked for that order and the list shows it as it answers', async () => {
    const cheap = makeWorkerTask({ id: 'c1', title: 'Cheap task', pay: { basis: 'estimate', minutes: 30, hourlyRate: '8.00', workers: 0 } });
    const rich = makeWorkerTask({ id: 'c2', title: 'Rich task', pay: { basis: 'median', minutes: 12, hourlyRate: '30.00', workers: 10 } });
    const { user, fetchMock } = renderScreen([cheap, rich], {
      'GET /api/tasks?sort=hourlyRate.desc': () => jsonResponse([rich, cheap]),
      'GET /api/tasks?sort=hourlyRate.asc': () => jsonResponse([cheap, rich]),
    });
    await screen.findByText('Cheap task');
    expect(titlesIn('tab-available')).toEqual(['Cheap task', 'Rich task']);
    await user.click(screen.getByRole('combobox', { name: 'Order of the tasks' }));
    await user.click(await screen.findByText('Pay per hour: highest first'));
    await waitFor(() => expect(titlesIn('tab-available')).toEqual(['Rich task', 'Cheap task']));
    expect(callsTo(fetchMock, 'GET /api/tasks?sort=hourlyRate.desc')).toHaveLength(1);
    expect(within(screen.getByTestId('task-card-c2')).getByTestId('task-pay-rate')).toHaveTextContent('about 12 min, $30.00/h (from 10 workers)');
  });

  it('when each tab is opened, then it shows only its own tasks', async () => {
    const { user } = renderScreen();
    await screen.findByText('Open task one');
    expect(titlesIn('tab-available')).toEqual(['Open task one', 'Open task two']);
    await user.click(tab(/My Tasks/));
    expect(titlesIn('tab-mine')).toEqual(['Held task', 'Returned task']);
    await user.click(tab(/Revision/));
    expect(titlesIn('tab-revision')).toEqual(['Returned task']);
    expect(within(screen.getByTestId('tab-revision')).getByTestId('rejection-reason')).toHaveTextContent('Wrong page');
    await user.click(tab(/Done/));
    expect(titlesIn('tab-done')).toEqual(['Finished task']);
  });

  it('in Russian, each tab is a short one-line label beside its count (they wrapped onto two lines at 390 px)', async () => {
    mockApi({ 'GET /api/tasks': () => jsonResponse(TASKS) });
    renderWithProviders(<WorkerTasksScreen />, { route: '/tasks', preloadedState: signedInState(), language: 'ru' });
    await screen.findByText('Open task one');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Доступно 2', 'Мои 2', 'Правки 1', 'Готово 1']);
    for (const t of tabs) {
      const label = t.querySelector('.tab-label')!;
      // A quarter of 390 px holds about 9 Cyrillic letters at 14 px beside the count; the label never wraps (tasks.css).
      expect(label.textContent!.length).toBeLessThanOrEqual(9);
      expect(label.parentElement).toHaveClass('tab-label-row');
      expect(t.querySelector('.tab-label-row > .tab-count')).not.toBeNull();
    }
  });

  it('when a tab has no tasks, then it shows its own empty message', async () => {
    const { user } = renderScreen([]);
    expect(await screen.findByText('No tasks available right now')).toBeInTheDocument();
    await user.click(tab(/My Tasks/));
    expect(screen.getByText('You have no tasks in progress')).toBeInTheDocument();
    await user.click(tab(/Revision/));
    expect(screen.getByText('Nothing needs revision')).toBeInTheDocument();
    await user.click(tab(/Done/));
    expect(screen.getByText('No completed tasks yet')).toBeInTheDocument();
  });

  it('when Take Task succeeds, then "Task taken successfully!" is shown and the list is read again', async () => {
    const { user, fetchMock } = renderScreen(TASKS, {
      'POST /api/tasks/a1/take': () => jsonResponse({ message: 'Task taken successfully!', status: 'assigned', assignment: makeAssignment({ taskId: 'a1' }), request: null }, 201),
    });
    const card = await screen.findByTestId('task-card-a1');
    await user.click(within(card).getByRole('button', { name: 'Take Task' }));
    expect(await screen.findByText('Task taken successfully!')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/tasks')).toHaveLength(2));
  });

  it('when Take Task fails, then "Failed to take task" shows the server message', async () => {
    const { user } = renderScreen(TASKS, { 'POST /api/tasks/a2/take': () => jsonResponse({ message: 'This task has already been taken', code: 'WORK.TAKEN' }, 409) });
    const card = await screen.findByTestId('task-card-a2');
    await user.click(within(card).getByRole('button', { name: 'Take Task' }));
    expect(await screen.findByText('Failed to take task')).toBeInTheDocument();
    expect(screen.getByText('This task has already been taken')).toBeInTheDocument();
  });

  it('when View Details is pressed on a held task, then the dialog shows the instructions and offers Submit', async () => {
    const { user } = renderScreen();
    await screen.findByText('Open task one');
    await user.click(tab(/My Tasks/));
    await user.click(within(await screen.findByTestId('task-card-m1')).getByRole('button', { name: 'View Details' }));
    const details = await screen.findByTestId('task-details');
    expect(within(details).getByText('Attach a screenshot of the welcome screen.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveTextContent('$12.50');
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  });

  it('when the worker hands a held task back with a reason, then the server is asked once with the reason, a toast says it is back on the board, and the list is read again', async () => {
    const after = TASKS.map((task) =>
      task.id === 'm1' ? makeWorkerTask({ id: 'm1', title: 'Held task', status: 'available', userStatus: 'returned', userAssignment: makeAssignment({ id: 'as-m1', taskId: 'm1', status: 'returned' }) }) : task,
    );
    let reads = 0;
    const { fetchMock, user } = renderScreen(TASKS, {
      'GET /api/tasks': () => jsonResponse(reads++ === 0 ? TASKS : after),
      'POST /api/tasks/m1/return': () => jsonResponse({ message: 'Task handed back. It is available to others again.', assignment: makeAssignment({ id: 'as-m1', taskId: 'm1', status: 'returned' }) }),
    });
    await screen.findByText('Open task one');
    await user.click(tab(/My Tasks/));
    const card = screen.getByTestId('task-card-m1');
    await user.click(within(card).getByRole('button', { name: 'Hand back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand this task back?' });
    expect(dialog).toHaveTextContent('Nothing counts against you');
    await user.type(within(dialog).getByLabelText('What made you hand it back? (optional)'), '  Unclear which page  ');
    await user.click(within(dialog).getByRole('button', { name: 'Hand back' }));
    expect(await screen.findByText('Task handed back')).toBeInTheDocument();
    const calls = callsTo(fetchMock, 'POST /api/tasks/m1/return');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ reason: 'Unclear which page' });
    // Read again: the task is on the Available tab, takeable, with a note; no longer in My Tasks.
    await waitFor(() => expect(screen.getByTestId('counter-mine')).toHaveTextContent('1My Tasks'));
    await user.click(tab(/Available/));
    const back = screen.getByTestId('task-card-m1');
    expect(within(back).getByTestId('returned-hint')).toHaveTextContent('You handed this task back.');
    expect(within(back).getByRole('button', { name: 'Take Task' })).toBeInTheDocument();
  });

  it('when the task is submitted, then no Hand back is offered; when it needs revision, it is', async () => {
    const submitted = makeWorkerTask({ id: 's1', title: 'Waiting task', status: 'submitted', userStatus: 'submitted' });
    const { user } = renderScreen([...TASKS, submitted]);
    await screen.findByText('Open task one');
    await user.click(tab(/My Tasks/));
    expect(within(screen.getByTestId('task-card-s1')).queryByRole('button', { name: 'Hand back' })).toBeNull();
    expect(within(screen.getByTestId('task-card-r1')).getByRole('button', { name: 'Hand back' })).toBeInTheDocument();
  });
});
