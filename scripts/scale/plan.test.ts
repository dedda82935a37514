import { MEDIAN_APPROVALS_NEEDED } from '@platform/contracts';
import { describe, expect, it } from 'vitest';
import { ASSIGNMENT, buildPlan, MULTI_SLOT_MAX, MULTI_SLOT_MIN, TASK_STATUS } from './plan.js';

describe('the scale seed plan: tasks with several slots', () => {
  const plan = buildPlan(0.01);
  const { tasks, assignments: asg } = plan;

  it('when planned, then some older tasks took several workers, each done by as many distinct workers as it has slots', () => {
    const multi = tasks.ids.flatMap((_, t) => (tasks.slots[t]! > 1 ? [t] : []));
    expect(multi.length).toBeGreaterThan(0);
    for (const t of multi) {
      expect(tasks.slots[t]).toBeGreaterThanOrEqual(MULTI_SLOT_MIN);
      expect(tasks.slots[t]).toBeLessThanOrEqual(MULTI_SLOT_MAX);
      expect(tasks.status[t]).toBe(TASK_STATUS.indexOf('completed'));
      const done = Array.from(asg.task.keys()).filter((i) => i < asg.ids.length && asg.task[i] === t && asg.status[i] === ASSIGNMENT.completed);
      expect(done).toHaveLength(tasks.slots[t]!);
      expect(new Set(done.map((i) => asg.user[i])).size).toBe(done.length);
      // Enough approvals for the median real time, each at most the estimate (the median never pays under the catalogue's rate).
      expect(done.length).toBeGreaterThanOrEqual(MEDIAN_APPROVALS_NEEDED);
      for (const i of done) expect(asg.submittedAt[i]! - asg.assignedAt[i]!).toBeGreaterThan(0);
    }
  });

  it('when planned, then no worker holds or did one task twice, and no task has more live or completed assignments than slots', () => {
    const held = new Map<number, Set<number>>();
    for (let i = 0; i < asg.ids.length; i++) {
      const s = asg.status[i]!;
      if (s === ASSIGNMENT.expired || s === ASSIGNMENT.cancelled) continue;
      const workers = held.get(asg.task[i]!) ?? new Set<number>();
      expect(workers.has(asg.user[i]!)).toBe(false);
      workers.add(asg.user[i]!);
      held.set(asg.task[i]!, workers);
    }
    for (const [t, workers] of held) expect(workers.size).toBeLessThanOrEqual(tasks.slots[t]!);
  });
});
