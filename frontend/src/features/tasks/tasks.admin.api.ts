import type { TAdminSubmission, TAdminSubmissionPage, TAdminTask, TAssignment, TCreateTaskRequest, TMessageResponse, TPackageTask, TTaskPackage, TTaskPackageDetail, TTaskPackageRequest, TTaskRequest, TTaskRequestStatus } from '@platform/contracts';
import { workApi } from './tasks.api';

/** The admin calls of the work service (spec 03 s.7); loaded only with the admin console. */
export const tasksAdminApi = workApi.injectEndpoints({
  endpoints: (build) => ({
    adminTasks: build.query<TAdminTask[], void>({
      query: () => '/admin/tasks',
      providesTags: ['AdminTask'],
    }),
    createTask: build.mutation<TAdminTask, TCreateTaskRequest>({
      query: (body) => ({ url: '/admin/tasks', method: 'POST', body }),
      invalidatesTags: ['AdminTask', 'WorkerTask', 'PackageAvailableTasks'],
    }),
    updateTask: build.mutation<TAdminTask, { id: string; changes: Partial<TCreateTaskRequest> }>({
      query: ({ id, changes }) => ({ url: `/admin/tasks/${encodeURIComponent(id)}`, method: 'PATCH', body: changes }),
      invalidatesTags: ['AdminTask', 'WorkerTask', 'TaskPackage', 'PackageAvailableTasks'],
    }),
    deleteTask: build.mutation<TMessageResponse, string>({
      query: (id) => ({ url: `/admin/tasks/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['AdminTask', 'WorkerTask', 'Submission', 'TaskRequest', 'TaskPackage', 'PackageAvailableTasks'],
    }),
    cancelAssignment: build.mutation<{ message: string; assignment: TAssignment }, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/assignments/${encodeURIComponent(id)}/cancel`, method: 'POST', body: { reason } }),
      invalidatesTags: ['AdminTask', 'WorkerTask', 'Submission'],
    }),

    /** One page (20) of the submissions awaiting review, oldest first; cursor: the previous page's nextCursor. */
    submissions: build.query<TAdminSubmissionPage, string | undefined>({
      query: (cursor) => (cursor ? `/admin/submissions?${new URLSearchParams({ cursor }).toString()}` : '/admin/submissions'),
      providesTags: ['Submission'],
    }),
    submission: build.query<TAdminSubmission, string>({
      query: (id) => `/admin/submissions/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Submission', id }],
    }),
    approveSubmission: build.mutation<{ message: string; submission: TAdminSubmission }, string>({
      query: (id) => ({ url: `/admin/submissions/${encodeURIComponent(id)}/approve`, method: 'POST' }),
      invalidatesTags: ['Submission', 'AdminTask', 'WorkerTask'],
    }),
    rejectSubmission: build.mutation<{ message: string; submission: TAdminSubmission }, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/submissions/${encodeURIComponent(id)}/reject`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Submission', 'AdminTask', 'WorkerTask'],
    }),

    taskRequests: build.query<TTaskRequest[], void>({
      query: () => '/admin/task-requests',
      providesTags: ['TaskRequest'],
    }),
    decideTaskRequest: build.mutation<{ message: string; request: TTaskRequest }, { taskId: string; status: Exclude<TTaskRequestStatus, 'pending'>; reason?: string | null }>({
      query: ({ taskId, status, reason }) => ({
        url: `/admin/task-requests/${encodeURIComponent(taskId)}`,
        method: 'PATCH',
        body: reason ? { status, reason } : { status },
      }),
      invalidatesTags: ['TaskRequest', 'AdminTask', 'WorkerTask'],
    }),

    taskPackages: build.query<TTaskPackage[], void>({
      query: () => '/admin/task-packages',
      providesTags: ['TaskPackage'],
    }),
    taskPackage: build.query<TTaskPackageDetail, string>({
      query: (id) => `/admin/task-packages/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'TaskPackage', id }],
    }),
    packageAvailableTasks: build.query<TPackageTask[], string>({
      query: (id) => `/admin/task-packages/${encodeURIComponent(id)}/available-tasks`,
      providesTags: (_r, _e, id) => [{ type: 'PackageAvailableTasks', id }],
    }),
    createTaskPackage: build.mutation<TTaskPackageDetail, TTaskPackageRequest>({
      query: (body) => ({ url: '/admin/task-packages', method: 'POST', body }),
      invalidatesTags: ['TaskPackage'],
    }),
    updateTaskPackage: build.mutation<TTaskPackageDetail, { id: string; changes: TTaskPackageRequest }>({
      query: ({ id, changes }) => ({ url: `/admin/task-packages/${encodeURIComponent(id)}`, method: 'PUT', body: changes }),
      invalidatesTags: ['TaskPackage'],
    }),
    deleteTaskPackage: build.mutation<TMessageResponse, string>({
      query: (id) => ({ url: `/admin/task-packages/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['TaskPackage'],
    }),
    addPackageTask: build.mutation<TTaskPackageDetail, { id: string; taskId: string }>({
      query: ({ id, taskId }) => ({ url: `/admin/task-packages/${encodeURIComponent(id)}/tasks`, method: 'POST', body: { taskId } }),
      invalidatesTags: ['TaskPackage', 'PackageAvailableTasks'],
    }),
    removePackageTask: build.mutation<TTaskPackageDetail, { id: string; taskId: string }>({
      query: ({ id, taskId }) => ({ url: `/admin/task-packages/${encodeURIComponent(id)}/tasks/${encodeURIComponent(taskId)}`, method: 'DELETE' }),
      invalidatesTags: ['TaskPackage', 'PackageAvailableTasks'],
    }),
  }),
});

export const {
  useAdminTasksQuery,
  useCreateTaskMutation,
  useUpdateTaskMutation,
  useDeleteTaskMutation,
  useCancelAssignmentMutation,
  useSubmissionsQuery,
  useLazySubmissionQuery,
  useApproveSubmissionMutation,
  useRejectSubmissionMutation,
  useTaskRequestsQuery,
  useDecideTaskRequestMutation,
  useTaskPackagesQuery,
  useTaskPackageQuery,
  usePackageAvailableTasksQuery,
  useCreateTaskPackageMutation,
  useUpdateTaskPackageMutation,
  useDeleteTaskPackageMutation,
  useAddPackageTaskMutation,
  useRemovePackageTaskMutation,
} = tasksAdminApi;
