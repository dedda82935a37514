import { describe, expect, it } from 'vitest';
import { canHandBack, canResubmit, canSubmit, canTake, displayStatusOf, isInTab, tasksInTab } from './taskStatus';
import { makeWorkerTask } from './testTasks';

const available = makeWorkerTask({ id: 'available' });
const assigned = makeWorkerTask({ id: 'assigned', status: 'assigned', userStatus: 'assigned' });
const inProgress = makeWorkerTask({ id: 'in-progress', status: 'assigned', userStatus: 'in_progress' });
const submitted = makeWorkerTask({ id: 'submitted', status: 'submitted', userStatus: 'submitted' });
const rejected = makeWorkerTask({ id: 'rejected', status: 'assigned', userStatus: 'rejected', rejectionReason: 'Blurry screenshot' });
const completed = makeWorkerTask({ id: 'completed', status: 'completed', userStatus: 'completed' });
const pending = makeWorkerTask({ id: 'pending', status: 'pending', userStatus: 'pending' });
const cancelledRetakable = makeWorkerTask({ id: 'cancelled-open', status: 'available', userStatus: 'cancelled' });
const cancelledTakenByOther = makeWorkerTask({ id: 'cancelled-gone', status: 'assigned', userStatus: 'cancelled' });
const ALL = [available, assigned, inProgress, submitted, rejected, completed, pending, cancelledRetakable, cancelledTakenByOther];

const ids = (tab: Parameters<typeof tasksInTab>[1]) => tasksInTab(ALL, tab).map((task) => task.id);

describe('worker task tabs (spec 02 s.2)', () => {
  it('when tasks are in every state, then Available holds only what can be taken', () => {
    expect(ids('available')).toEqual(['available', 'cancelled-open']);
  });

  it('when tasks are in every state, then My Tasks holds assigned, in progress, submitted, rejected, a pending request and a cancellation that cannot be retaken', () => {
    expect(ids('mine')).toEqual(['assigned', 'in-progress', 'submitted', 'rejected', 'pending', 'cancelled-gone']);
  });

  it('when tasks are in every state, then Revision holds only rejected and Done only completed', () => {
    expect(ids('revision')).toEqual(['rejected']);
    expect(ids('done')).toEqual(['completed']);
  });

  it('when several tasks are completed, then Done shows the latest completion first', () => {
    const first = makeWorkerTask({ id: 'first', status: 'completed', userStatus: 'completed', completedAt: '2026-11-20T10:00:00.000Z' });
    const latest = makeWorkerTask({ id: 'latest', status: 'completed', userStatus: 'completed', completedAt: '2026-11-23T09:00:00.000Z' });
    const middle = makeWorkerTask({ id: 'middle', status: 'completed', userStatus: 'completed', completedAt: '2026-11-21T08:00:00.000Z' });
    expect(tasksInTab([first, available, latest, middle], 'done').map((task) => task.id)).toEqual(['latest', 'middle', 'first']);
  });

  it('when a task is completed, then it is in no tab but Done', () => {
    expect(isInTab(completed, 'available')).toBe(false);
    expect(isInTab(completed, 'mine')).toBe(false);
    expect(isInTab(completed, 'revision')).toBe(false);
  });
});

describe('worker task actions (spec 02 s.4)', () => {
  it('when the task is available and the worker has no record, then only Take is offered', () => {
    expect([canTake(available), canSubmit(available), canResubmit(available)]).toEqual([true, false, false]);
  });

  it('when the worker already holds the task, then Take is not offered', () => {
    for (const task of [assigned, inProgress, submitted, rejected, completed, pending]) expect(canTake(task)).toBe(false);
  });

  it('when the task reads available but the worker has a live record on it, then Take is still not offered (spec: no userStatus)', () => {
    for (const userStatus of ['assigned', 'in_progress', 'submitted', 'rejected', 'completed', 'pending'] as const) {
      expect(canTake(makeWorkerTask({ status: 'available', userStatus }))).toBe(false);
    }
  });

  it('when the assignment is assigned or in progress, then Submit is offered; when rejected, Resubmit', () => {
    expect([canSubmit(assigned), canSubmit(inProgress), canSubmit(submitted), canSubmit(rejected)]).toEqual([true, true, false, false]);
    expect([canResubmit(rejected), canResubmit(assigned), canResubmit(completed)]).toEqual([true, false, false]);
  });

  it('when the last assignment was cancelled and the task is available again, then it can be taken again', () => {
    expect(canTake(cancelledRetakable)).toBe(true);
    expect(canTake(cancelledTakenByOther)).toBe(false);
  });

  it('shows the worker their own state first: a rejected assignment reads rejected though the task is assigned', () => {
    expect(displayStatusOf(rejected)).toBe('rejected');
    expect(displayStatusOf(pending)).toBe('pending');
    expect(displayStatusOf(available)).toBe('available');
  });
});

describe('handing a task back (issue 29)', () => {
  const returned = makeWorkerTask({ id: 'returned', status: 'available', userStatus: 'returned' });
  it('when the worker holds the task or it needs revision, then Hand back is offered; never once submitted, decided, or before taking', () => {
    expect([assigned, inProgress, rejected].map(canHandBack)).toEqual([true, true, true]);
    expect([available, submitted, completed, pending, cancelledRetakable, returned].map(canHandBack)).toEqual([false, false, false, false, false, false]);
  });

  it('when the worker handed the task back and it is still open, then it reads Available, can be taken again, and is in Available only', () => {
    expect(displayStatusOf(returned)).toBe('available');
    expect(canTake(returned)).toBe(true);
    expect(tasksInTab([returned], 'available').map((task) => task.id)).toEqual(['returned']);
    expect(tasksInTab([returned], 'mine')).toEqual([]);
  });
});
