/**
 * The work service's answers as the screens read them (services/work/README.md; packages/contracts/src/work.ts).
 * Amounts are decimal strings ("12.50"), dates ISO strings, a due date `YYYY-MM-DD` (UTC).
 */

export type TTaskStatus = 'available' | 'pending' | 'assigned' | 'in_progress' | 'submitted' | 'completed' | 'cancelled';
export type TAssignmentStatus = 'assigned' | 'in_progress' | 'submitted' | 'completed' | 'rejected' | 'cancelled';
export type TTaskRequestStatus = 'pending' | 'approved' | 'rejected';
/** What a worker's own record on a task says: an assignment status, or 'pending' while their request waits. */
export type TUserStatus = TAssignmentStatus | 'pending';

export interface TSubmissionFile {
  id: string;
  /** The server-made stored name; opened with GET /api/files/{fileName}. */
  fileName: string;
  /** The name on the worker's device (display only). */
  originalName: string;
  fileType: string;
  fileSize: number;
  url: string;
  createdAt: string;
}

export interface TAssignment {
  id: string;
  taskId: string;
  userId: string;
  status: TAssignmentStatus;
  submission: string | null;
  assignedAt: string;
  expiresAt: string | null;
  submittedAt: string | null;
  rejectionReason: string | null;
  rejectedAt: string | null;
  completedAt: string | null;
  autoApproved: boolean;
  cancellationReason: string | null;
  cancelledAt: string | null;
  files: TSubmissionFile[];
}

export interface TUserTaskRequest {
  id: string;
  status: TTaskRequestStatus;
  requestedAt: string;
  reason: string | null;
  decidedAt: string | null;
}

interface TTaskCore {
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
  createdAt: string;
  updatedAt: string;
}

/** GET /api/tasks: a task with the calling worker's own fields. */
export interface TWorkerTask extends TTaskCore {
  userStatus: TUserStatus | null;
  userSubmission: string | null;
  submission: string | null;
  submittedAt: string | null;
  rejectionReason: string | null;
  rejectedAt: string | null;
  completedAt: string | null;
  assignedAt: string | null;
  userAssignment: TAssignment | null;
  userRequest: TUserTaskRequest | null;
}

export interface TWorkUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** GET /api/admin/tasks. */
export interface TAdminTask extends TTaskCore {
  createdBy: string | null;
  assignedUser: TWorkUser | null;
  assignment: { id: string; status: TAssignmentStatus; assignedAt: string; submittedAt: string | null } | null;
}

/** POST /api/admin/tasks and PATCH /api/admin/tasks/{id}. */
export interface TTaskInput {
  title: string;
  description: string;
  reward: string;
  submissionInstructions: string;
  dueDate?: string | null;
  sortOrder?: number;
  timeLimitMinutes?: number | null;
  requiresApproval?: boolean;
}

/** GET /api/admin/submissions (id is the assignment id). */
export interface TAdminSubmission {
  id: string;
  taskId: string;
  taskTitle: string;
  taskDescription: string;
  taskReward: string;
  userId: string;
  userFirstName: string;
  userLastName: string;
  userEmail: string;
  status: TAssignmentStatus;
  submission: string | null;
  submittedAt: string | null;
  rejectionReason: string | null;
  rejectedAt: string | null;
  completedAt: string | null;
  autoApproved: boolean;
  files: TSubmissionFile[];
}

/** GET /api/admin/task-requests. */
export interface TTaskRequest {
  id: string;
  taskId: string;
  userId: string;
  status: TTaskRequestStatus;
  requestedAt: string;
  submission: string | null;
  reason: string | null;
  decidedAt: string | null;
  user: { firstName: string; lastName: string; email: string; balance: string | null };
  task: { title: string; reward: string; description: string; dueDate: string | null };
}

export interface TTaskPackage {
  id: string;
  name: string;
  description: string | null;
  isActive: boolean;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  taskCount: number;
}

export interface TPackageTask {
  id: string;
  title: string;
  reward: string;
  dueDate: string | null;
  status: TTaskStatus;
  sortOrder: number;
}

export interface TTaskPackageDetail extends TTaskPackage {
  tasks: TPackageTask[];
}

export interface TTaskPackageInput {
  name: string;
  description?: string | null;
  isActive?: boolean;
}

export interface TMessageResponse {
  message: string;
}

/** Spec 02 s.5 and s.9: at most 10 files of 50 MB each, images and videos only. */
export const MAX_SUBMISSION_FILES = 10;
export const MAX_SUBMISSION_FILE_BYTES = 50 * 1024 * 1024;
export const SUBMISSION_ACCEPT = 'image/*,video/*';
