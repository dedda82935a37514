import type { TWorkerTask } from '@platform/contracts';
import { formatCount, formatDecimal } from '../../app/format';

/**
 * What the worker sees on a card: the server's true state of their own record on the task, else the task's.
 * 'pending' is a task request awaiting an admin; 'rejected' is Needs Revision; 'cancelled' carries its reason.
 */
export type TWorkerDisplayStatus = 'available' | 'pending' | 'assigned' | 'in_progress' | 'submitted' | 'completed' | 'rejected' | 'cancelled' | 'returned';

export type TWorkerTab = 'available' | 'mine' | 'revision' | 'done';
export const WORKER_TABS: readonly TWorkerTab[] = ['available', 'mine', 'revision', 'done'];

const MY_TASK_STATUSES: ReadonlySet<string> = new Set(['pending', 'assigned', 'in_progress', 'submitted', 'rejected']);

/**
 * Spec 02 s.4: Take is offered when the task is available and the worker has no record on it. The server also lets
 * a worker take a task again after their assignment was cancelled or released, or after they handed it back, so
 * those count as "no record".
 */
export function canTake(task: Pick<TWorkerTask, 'status' | 'userStatus'>): boolean {
  return task.status === 'available' && (task.userStatus === null || task.userStatus === 'cancelled' || task.userStatus === 'returned');
}

/** Issue 29: a task not yet handed in (taken, in progress, or sent back for revision) may be handed back. */
export function canHandBack(task: Pick<TWorkerTask, 'userStatus'> & { appeal?: TWorkerTask['appeal'] }): boolean {
  if (isUnderAppeal(task)) return false;
  return task.userStatus === 'assigned' || task.userStatus === 'in_progress' || task.userStatus === 'rejected';
}

/** Issue 29: while the worker's appeal waits for a second admin, the rejected work is neither resubmitted nor handed back. */
export function isUnderAppeal(task: { appeal?: TWorkerTask['appeal'] }): boolean {
  return task.appeal?.status === 'pending';
}

/** Spec 02 s.4: Submit for assigned and in_progress; rejected offers Resubmit (Revise & Resubmit). */
export function canSubmit(task: Pick<TWorkerTask, 'userStatus'>): boolean {
  return task.userStatus === 'assigned' || task.userStatus === 'in_progress';
}

export function canResubmit(task: Pick<TWorkerTask, 'userStatus'> & { appeal?: TWorkerTask['appeal'] }): boolean {
  return task.userStatus === 'rejected' && !isUnderAppeal(task);
}

export function displayStatusOf(task: Pick<TWorkerTask, 'status' | 'userStatus'>): TWorkerDisplayStatus {
  // A task the worker handed back is, for them, what it is for everyone: available again (or taken by now).
  if (task.userStatus === 'returned') return task.status === 'available' ? 'available' : 'returned';
  if (task.userStatus !== null) return task.userStatus;
  return task.status === 'available' ? 'available' : task.status;
}

/**
 * Which tab a task belongs to. My Tasks holds assigned, in_progress, submitted and rejected (spec 02 s.2), plus a
 * pending request and a cancelled assignment that cannot be taken again, so nothing the worker did disappears.
 * A task can be in two tabs: a rejected one is in My Tasks and in Revision.
 */
export function isInTab(task: Pick<TWorkerTask, 'status' | 'userStatus'>, tab: TWorkerTab): boolean {
  switch (tab) {
    case 'available':
      return canTake(task);
    case 'mine':
      return (task.userStatus !== null && MY_TASK_STATUSES.has(task.userStatus)) || (task.userStatus === 'cancelled' && !canTake(task));
    case 'revision':
      return task.userStatus === 'rejected';
    case 'done':
      return task.userStatus === 'completed';
  }
}

/**
 * The tasks of a tab in the server's order (sort order, then creation), but Done with the latest completion first:
 * it holds the worker's latest completed tasks, and the newest is the one they look for.
 */
export function tasksInTab<T extends Pick<TWorkerTask, 'status' | 'userStatus' | 'completedAt'>>(tasks: readonly T[], tab: TWorkerTab): T[] {
  const inTab = tasks.filter((task) => isInTab(task, tab));
  return tab === 'done' ? inTab.sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? '')) : inTab;
}

/** A file size as a number in the reader's locale ("1.5" / "1,5") and a unit key of the catalogue (work.files.units). */
export function fileSizeParts(bytes: number, language: string): { value: string; unit: 'b' | 'kb' | 'mb' } {
  if (bytes < 1024) return { value: formatCount(bytes, language), unit: 'b' };
  if (bytes < 1024 * 1024) return { value: formatDecimal(bytes / 1024, language), unit: 'kb' };
  return { value: formatDecimal(bytes / (1024 * 1024), language), unit: 'mb' };
}
