import type { TAssignment, TWorkerTask } from '@platform/contracts';

/** Test data: a worker task with the worker's own fields (services/work README shapes). */
export function makeWorkerTask(overrides: Partial<TWorkerTask> = {}): TWorkerTask {
  return {
    id: 'task-1',
    title: 'Test the sign-up flow',
    description: 'Register with a fresh e-mail and report anything odd.',
    submissionInstructions: 'Attach a screenshot of the welcome screen.',
    reward: '12.5',
    status: 'available',
    sortOrder: 0,
    dueDate: '2031-05-04',
    timeLimitMinutes: null,
    requiresApproval: false,
    estimatedMinutes: 30,
    slots: 1,
    pay: { basis: 'estimate', minutes: 30, hourlyRate: '25.00', workers: 0 },
    acceptanceCriteria: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    userStatus: null,
    userSubmission: null,
    submission: null,
    submittedAt: null,
    rejectionReason: null,
    rejectedAt: null,
    completedAt: null,
    assignedAt: null,
    userAssignment: null,
    userRequest: null,
    autoApproveAt: null,
    rejectedCriteria: [],
    appealableUntil: null,
    appeal: null,
    ...overrides,
  };
}

export function makeAssignment(overrides: Partial<TAssignment> = {}): TAssignment {
  return {
    id: 'assignment-1',
    taskId: 'task-1',
    userId: '0b7e6f5c-1111-4c2a-9d1e-000000000001',
    status: 'assigned',
    submission: null,
    assignedAt: '2025-01-02T00:00:00.000Z',
    expiresAt: null,
    submittedAt: null,
    rejectionReason: null,
    rejectedAt: null,
    completedAt: null,
    autoApproved: false,
    cancellationReason: null,
    cancelledAt: null,
    returnedAt: null,
    returnReason: null,
    underAppeal: false,
    files: [],
    ...overrides,
  };
}
