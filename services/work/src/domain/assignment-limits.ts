import type { Queryable } from '@platform/service-kit';
import { ASSIGNMENT_TIME_LIMIT_HOURS_KEY, MAX_LIVE_ASSIGNMENTS_KEY, SETTINGS_COPY } from '../data-access/settings.repository.js';
import type { TWorkDeps } from './deps.js';
import { parseWholeSetting } from './task-rules.js';

/**
 * No task hoarding (issue 26): a worker holds at most `max_live_assignments` tasks at once (default 3), and an
 * assignment of a task without a time limit of its own gets `assignment_time_limit_hours` (default 24), so work
 * left untouched returns to the board through the release job. Both are admin system settings, learnt from
 * settings.changed; the configured defaults apply until then.
 */
export type TAssignmentLimitDeps = Pick<TWorkDeps, 'maxLiveAssignmentsDefault' | 'assignmentTimeLimitHoursDefault'>;

export async function currentMaxLiveAssignments(db: Queryable, deps: TAssignmentLimitDeps): Promise<number> {
  return parseWholeSetting((await SETTINGS_COPY.find(db, MAX_LIVE_ASSIGNMENTS_KEY))?.value, deps.maxLiveAssignmentsDefault, 1, 100);
}

/** The time limit (minutes) an assignment of this task gets: the task's own, else the setting's. */
export async function timeLimitMinutesFor(db: Queryable, deps: TAssignmentLimitDeps, taskTimeLimitMinutes: number | null): Promise<number> {
  if (taskTimeLimitMinutes !== null) return taskTimeLimitMinutes;
  const hours = parseWholeSetting((await SETTINGS_COPY.find(db, ASSIGNMENT_TIME_LIMIT_HOURS_KEY))?.value, deps.assignmentTimeLimitHoursDefault, 1, 8760);
  return hours * 60;
}
