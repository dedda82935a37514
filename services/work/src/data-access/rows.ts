import { MEDIAN_APPROVALS_NEEDED, type TAssignment, type TAssignmentStatus, type TTaskPay, type TTaskStatus } from '@platform/contracts';

/**
 * Rows as PostgreSQL returns them (snake_case) and their mapping to the camelCase records the repositories return;
 * nothing outside data-access/ reads a row. Timestamps arrive as Date (plain columns) or as text (inside
 * row_to_json); records carry ISO strings, as the API does.
 */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null | undefined): string | null;
export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** Columns of a task, with the amount and the date as text (never a float, never a local-midnight Date). */
export const TASK_COLUMNS = `t.id, t.title, t.description, t.submission_instructions, t.reward::text AS reward, t.status, t.sort_order,
  t.created_by, t.due_date::text AS due_date, t.time_limit_minutes, t.requires_approval, t.acceptance_criteria, t.created_at, t.updated_at,
  t.estimated_minutes, t.estimate_missing, t.median_seconds, t.median_workers, t.hourly_rate::text AS hourly_rate, t.slots`;

export interface TTaskRow {
  id: string;
  title: string;
  description: string;
  submission_instructions: string | null;
  reward: string;
  status: TTaskStatus;
  sort_order: number;
  created_by: string | null;
  due_date: string | null;
  time_limit_minutes: number | null;
  requires_approval: boolean;
  acceptance_criteria: string[];
  created_at: Date;
  updated_at: Date;
  estimated_minutes: number;
  estimate_missing: boolean;
  median_seconds: number | null;
  median_workers: number;
  /** Computed by the database (migration 0009): the reward per hour at the median time, else at the estimate. */
  hourly_rate: string;
  /** How many workers the task takes (migration 0014). */
  slots: number;
}

export interface TTaskCore {
  id: string;
  title: string;
  description: string;
  submissionInstructions: string | null;
  reward: string;
  status: TTaskStatus;
  sortOrder: number;
  dueDate: string | null;
  timeLimitMinutes: number | null;
  requiresApproval: boolean;
  estimatedMinutes: number;
  /** A task written without a real estimate (before estimates existed): its estimatedMinutes is the migration's default. */
  estimateMissing: boolean;
  slots: number;
  pay: TTaskPay;
  acceptanceCriteria: string[];
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The platform's figure of what a task pays per hour: the median real time once enough submissions are approved, else the estimate. */
export function payOf(row: Pick<TTaskRow, 'estimated_minutes' | 'median_seconds' | 'median_workers' | 'hourly_rate'>): TTaskPay {
  if (row.median_seconds !== null && row.median_workers >= MEDIAN_APPROVALS_NEEDED) {
    return { basis: 'median', minutes: Math.max(1, Math.round(row.median_seconds / 60)), hourlyRate: row.hourly_rate, workers: row.median_workers };
  }
  return { basis: 'estimate', minutes: row.estimated_minutes, hourlyRate: row.hourly_rate, workers: 0 };
}

export function mapTask(row: TTaskRow): TTaskCore {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    submissionInstructions: row.submission_instructions,
    reward: row.reward,
    status: row.status,
    sortOrder: row.sort_order,
    dueDate: row.due_date,
    timeLimitMinutes: row.time_limit_minutes,
    requiresApproval: row.requires_approval,
    estimatedMinutes: row.estimated_minutes,
    estimateMissing: row.estimate_missing,
    slots: row.slots,
    pay: payOf(row),
    acceptanceCriteria: row.acceptance_criteria ?? [],
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export const ASSIGNMENT_COLUMNS = `a.id, a.task_id, a.user_id, a.status, a.submission, a.assigned_at, a.expires_at, a.submitted_at,
  a.rejection_reason, a.rejected_at, a.completed_at, a.auto_approved, a.cancellation_reason, a.cancelled_at, a.returned_at, a.return_reason, a.under_appeal`;

export interface TAssignmentRow {
  id: string;
  task_id: string;
  user_id: string;
  status: TAssignmentStatus;
  submission: string | null;
  assigned_at: Date | string;
  expires_at: Date | string | null;
  submitted_at: Date | string | null;
  rejection_reason: string | null;
  rejected_at: Date | string | null;
  completed_at: Date | string | null;
  auto_approved: boolean;
  cancellation_reason: string | null;
  cancelled_at: Date | string | null;
  returned_at: Date | string | null;
  return_reason: string | null;
  under_appeal: boolean;
}

/** An assignment as the repositories return it; the domain adds its files (TAssignment). */
export type TAssignmentRecord = Omit<TAssignment, 'files'>;

export function mapAssignment(row: TAssignmentRow): TAssignmentRecord {
  return {
    id: row.id,
    taskId: row.task_id,
    userId: row.user_id,
    status: row.status,
    submission: row.submission,
    assignedAt: iso(row.assigned_at),
    expiresAt: iso(row.expires_at),
    submittedAt: iso(row.submitted_at),
    rejectionReason: row.rejection_reason,
    rejectedAt: iso(row.rejected_at),
    completedAt: iso(row.completed_at),
    autoApproved: row.auto_approved,
    cancellationReason: row.cancellation_reason,
    cancelledAt: iso(row.cancelled_at),
    returnedAt: iso(row.returned_at),
    returnReason: row.return_reason,
    underAppeal: row.under_appeal ?? false,
  };
}

/** Statuses in which an assignment holds one of its task's slots (a completed one has used its slot for good). */
export const LIVE_ASSIGNMENT_STATUSES = ['assigned', 'in_progress', 'submitted', 'rejected'] as const;
