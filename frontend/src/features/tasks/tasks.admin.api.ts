import type {
  TAdminAppeal,
  TAdminAppealPage,
  TAppealStatus,
  TAdminSubmission,
  TAdminSubmissionPage,
  TAdminSubmissionSort,
  TAdminTask,
  TAdminTaskPage,
  TAdminTaskSort,
  TAdminWorkerQuality,
  TCreateReviewJobRequest,
  TReviewJob,
  TReviewJobItemOutcome,
  TReviewJobItemPage,
  TSubmissionClaimList,
  TSubmissionClaimResponse,
  TAssignment,
  TCreateTaskRequest,
  TMessageResponse,
  TPackageTaskPage,
  TCreateReviewTemplateRequest,
  TReviewTemplate,
  TReviewTemplateList,
  TUpdateReviewTemplateRequest,
  TTaskPackageDetail,
  TTaskPackagePage,
  TTaskPackageRequest,
  TTaskRequest,
  TTaskRequestPage,
  TTaskRequestStats,
  TTaskRequestStatus,
  TTaskStatus,
} from '@platform/contracts';
import { WORK_TAGS, workApi } from './tasks.api';

/** A query string of the set values only (an empty filter is not sent: the server would refuse a blank one). */
export function listQuery(path: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The review queue's filters (ZAdminSubmissionsQuerySchema); an empty value is not sent. */
export interface TAdminSubmissionsArgs {
  user?: string;
  taskId?: string;
  from?: string;
  to?: string;
  /** Column sorting: submittedAt.asc (the default) or submittedAt.desc. */
  sort?: TAdminSubmissionSort;
  cursor?: string;
}

/** Shortest search text the server takes (a trigram index serves it); shorter is not sent. */
export const SEARCH_MIN_LENGTH = 3;

/** The admin calls of the work service (spec 03 s.7); loaded only with the admin console. */
export const tasksAdminApi = workApi.injectEndpoints({
  endpoints: (build) => ({
    /** One page (20) of the tasks in the admin's order or the sort asked; cursor: the previous page's nextCursor. */
    /** underpaid 'true': only the tasks whose median real time pays under the hourly minimum (the dashboard's flag). */
    adminTasks: build.query<TAdminTaskPage, { status?: TTaskStatus; search?: string; sort?: TAdminTaskSort; cursor?: string; underpaid?: 'true' }>({
      query: ({ status, search, sort, cursor, underpaid }) => listQuery('/admin/tasks', { status, search, sort, cursor, underpaid }),
      providesTags: [WORK_TAGS.adminTask],
    }),
    createTask: build.mutation<TAdminTask, TCreateTaskRequest>({
      query: (body) => ({ url: '/admin/tasks', method: 'POST', body }),
      invalidatesTags: [WORK_TAGS.adminTask, WORK_TAGS.workerTask, WORK_TAGS.packageAvailableTasks],
    }),
    updateTask: build.mutation<TAdminTask, { id: string; changes: Partial<TCreateTaskRequest> }>({
      query: ({ id, changes }) => ({ url: `/admin/tasks/${encodeURIComponent(id)}`, method: 'PATCH', body: changes }),
      invalidatesTags: [WORK_TAGS.adminTask, WORK_TAGS.workerTask, WORK_TAGS.taskPackage, WORK_TAGS.packageAvailableTasks],
    }),
    deleteTask: build.mutation<TMessageResponse, string>({
      query: (id) => ({ url: `/admin/tasks/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [WORK_TAGS.adminTask, WORK_TAGS.workerTask, WORK_TAGS.submission, WORK_TAGS.taskRequest, WORK_TAGS.taskPackage, WORK_TAGS.packageAvailableTasks],
    }),
    cancelAssignment: build.mutation<{ message: string; assignment: TAssignment }, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/assignments/${encodeURIComponent(id)}/cancel`, method: 'POST', body: { reason } }),
      invalidatesTags: [WORK_TAGS.adminTask, WORK_TAGS.workerTask, WORK_TAGS.submission],
    }),

    /** One page (20) of the submissions awaiting review, oldest first; cursor: the previous page's nextCursor. */
    submissions: build.query<TAdminSubmissionPage, TAdminSubmissionsArgs>({
      query: (args) => listQuery('/admin/submissions', { ...args }),
      providesTags: [WORK_TAGS.submission],
    }),
    submission: build.query<TAdminSubmission, string>({
      query: (id) => `/admin/submissions/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: WORK_TAGS.submission, id }],
    }),
    approveSubmission: build.mutation<{ message: string; submission: TAdminSubmission }, string>({
      query: (id) => ({ url: `/admin/submissions/${encodeURIComponent(id)}/approve`, method: 'POST' }),
      invalidatesTags: [WORK_TAGS.submission, WORK_TAGS.adminTask, WORK_TAGS.workerTask, WORK_TAGS.quality],
    }),
    /**
     * criteria: the numbers of the acceptance criteria not met (required by the server when the task has criteria);
     * templateId: the reason template the text was made from (counts a use). Empty ones are not sent.
     */
    rejectSubmission: build.mutation<{ message: string; submission: TAdminSubmission }, { id: string; reason: string; criteria?: number[]; templateId?: string }>({
      query: ({ id, reason, criteria, templateId }) => ({
        url: `/admin/submissions/${encodeURIComponent(id)}/reject`,
        method: 'POST',
        body: { reason, ...(criteria && criteria.length > 0 ? { criteria } : {}), ...(templateId ? { templateId } : {}) },
      }),
      invalidatesTags: [WORK_TAGS.submission, WORK_TAGS.adminTask, WORK_TAGS.workerTask, WORK_TAGS.reviewTemplate, WORK_TAGS.quality],
    }),

    /** The review cockpit (issue 30): the reason templates (all, at most 50); the worker's quality record is workerQuality below. */
    reviewTemplates: build.query<TReviewTemplateList, void>({
      query: () => '/admin/review-templates',
      providesTags: [WORK_TAGS.reviewTemplate],
    }),
    createReviewTemplate: build.mutation<{ message: string; template: TReviewTemplate }, TCreateReviewTemplateRequest>({
      query: (body) => ({ url: '/admin/review-templates', method: 'POST', body }),
      invalidatesTags: [WORK_TAGS.reviewTemplate],
    }),
    updateReviewTemplate: build.mutation<{ message: string; template: TReviewTemplate }, { id: string; changes: TUpdateReviewTemplateRequest }>({
      query: ({ id, changes }) => ({ url: `/admin/review-templates/${encodeURIComponent(id)}`, method: 'PATCH', body: changes }),
      invalidatesTags: [WORK_TAGS.reviewTemplate],
    }),
    deleteReviewTemplate: build.mutation<TMessageResponse, string>({
      query: (id) => ({ url: `/admin/review-templates/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [WORK_TAGS.reviewTemplate],
    }),

    /**
     * A worker's quality record with their control accuracy (issue 30 item 5): the users' detail and the review show
     * it; read afresh each time it is shown (decisions elsewhere change it).
     */
    workerQuality: build.query<TAdminWorkerQuality, string>({
      query: (userId) => `/admin/workers/${encodeURIComponent(userId)}/quality`,
      providesTags: (_r, _e, id) => [{ type: WORK_TAGS.quality, id }],
      keepUnusedDataFor: 0,
    }),
    /**
     * Who is reviewing what (issue 30): every live claim. Polled every CLAIMS_POLL_MS by the review screens (a few
     * rows; see ARCHITECTURE.md "Who is reviewing what"), so a claim shows within seconds without a reload.
     */
    submissionClaims: build.query<TSubmissionClaimList, void>({
      query: () => '/admin/submissions/claims',
    }),
    /** Claims the submission (or renews the caller's claim); 409 WORK.CLAIMED_BY_OTHER while another admin holds it. */
    claimSubmission: build.mutation<TSubmissionClaimResponse, string>({
      query: (id) => ({ url: `/admin/submissions/${encodeURIComponent(id)}/claim`, method: 'POST' }),
    }),
    /** Releases the caller's claim; keepalive: sent while the page is left. */
    releaseSubmission: build.mutation<TSubmissionClaimResponse, string>({
      query: (id) => ({ url: `/admin/submissions/${encodeURIComponent(id)}/claim`, method: 'DELETE', keepalive: true }),
    }),
    /** Bulk approval with spot checks (issue 30): the job is answered at once (202) and processed on the server. */
    createReviewJob: build.mutation<TReviewJob, TCreateReviewJobRequest>({
      query: (body) => ({ url: '/admin/review-jobs', method: 'POST', body }),
      invalidatesTags: [WORK_TAGS.submission],
    }),
    /** A review job's progress (polled while it runs). */
    reviewJob: build.query<TReviewJob, string>({
      query: (id) => `/admin/review-jobs/${encodeURIComponent(id)}`,
    }),
    /** A page (100) of a review job's items of one outcome, in the selection's order. */
    reviewJobItems: build.query<TReviewJobItemPage, { id: string; outcome?: TReviewJobItemOutcome; cursor?: string }>({
      query: ({ id, outcome, cursor }) => listQuery(`/admin/review-jobs/${encodeURIComponent(id)}/items`, { outcome, cursor, pageSize: 100 }),
    }),

    /** One page (20) of the appeals in one status (pending: the queue, oldest first); issue 29. */
    appeals: build.query<TAdminAppealPage, { status?: TAppealStatus; cursor?: string }>({
      query: ({ status, cursor }) => listQuery('/admin/appeals', { status, cursor }),
      providesTags: [WORK_TAGS.appeal],
    }),
    decideAppeal: build.mutation<{ message: string; appeal: TAdminAppeal }, { id: string; decision: 'upheld' | 'overturned'; reason?: string }>({
      query: ({ id, decision, reason }) => ({ url: `/admin/appeals/${encodeURIComponent(id)}/decide`, method: 'POST', body: reason ? { decision, reason } : { decision } }),
      invalidatesTags: [WORK_TAGS.appeal, WORK_TAGS.submission, WORK_TAGS.adminTask, WORK_TAGS.workerTask],
    }),

    /** One page (20) of the task requests, newest first, optionally of one status. */
    taskRequests: build.query<TTaskRequestPage, { status?: TTaskRequestStatus; user?: string; from?: string; to?: string; cursor?: string }>({
      query: ({ status, user, from, to, cursor }) => listQuery('/admin/task-requests', { status, user, from, to, cursor }),
      providesTags: [WORK_TAGS.taskRequest],
    }),
    /** The Task Requests cards over all requests. */
    taskRequestStats: build.query<TTaskRequestStats, void>({
      query: () => '/admin/task-requests/stats',
      providesTags: [WORK_TAGS.taskRequest],
    }),
    decideTaskRequest: build.mutation<{ message: string; request: TTaskRequest }, { taskId: string; status: Exclude<TTaskRequestStatus, 'pending'>; reason?: string | null }>({
      query: ({ taskId, status, reason }) => ({
        url: `/admin/task-requests/${encodeURIComponent(taskId)}`,
        method: 'PATCH',
        body: reason ? { status, reason } : { status },
      }),
      invalidatesTags: [WORK_TAGS.taskRequest, WORK_TAGS.adminTask, WORK_TAGS.workerTask],
    }),

    /** One page (20) of the task packages, oldest first. */
    taskPackages: build.query<TTaskPackagePage, { search?: string; cursor?: string }>({
      query: ({ search, cursor }) => listQuery('/admin/task-packages', { search, cursor }),
      providesTags: [WORK_TAGS.taskPackage],
    }),
    taskPackage: build.query<TTaskPackageDetail, string>({
      query: (id) => `/admin/task-packages/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: WORK_TAGS.taskPackage, id }],
    }),
    /** One page (20) of the tasks not in the package, in the admin order; search is part of the title. */
    packageAvailableTasks: build.query<TPackageTaskPage, { id: string; search?: string | undefined; cursor?: string | undefined }>({
      query: ({ id, search, cursor }) => listQuery(`/admin/task-packages/${encodeURIComponent(id)}/available-tasks`, { search, cursor }),
      providesTags: (_r, _e, { id }) => [{ type: WORK_TAGS.packageAvailableTasks, id }],
    }),
    createTaskPackage: build.mutation<TTaskPackageDetail, TTaskPackageRequest>({
      query: (body) => ({ url: '/admin/task-packages', method: 'POST', body }),
      invalidatesTags: [WORK_TAGS.taskPackage],
    }),
    updateTaskPackage: build.mutation<TTaskPackageDetail, { id: string; changes: TTaskPackageRequest }>({
      query: ({ id, changes }) => ({ url: `/admin/task-packages/${encodeURIComponent(id)}`, method: 'PUT', body: changes }),
      invalidatesTags: [WORK_TAGS.taskPackage],
    }),
    deleteTaskPackage: build.mutation<TMessageResponse, string>({
      query: (id) => ({ url: `/admin/task-packages/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [WORK_TAGS.taskPackage],
    }),
    addPackageTask: build.mutation<TTaskPackageDetail, { id: string; taskId: string }>({
      query: ({ id, taskId }) => ({ url: `/admin/task-packages/${encodeURIComponent(id)}/tasks`, method: 'POST', body: { taskId } }),
      invalidatesTags: [WORK_TAGS.taskPackage, WORK_TAGS.packageAvailableTasks],
    }),
    removePackageTask: build.mutation<TTaskPackageDetail, { id: string; taskId: string }>({
      query: ({ id, taskId }) => ({ url: `/admin/task-packages/${encodeURIComponent(id)}/tasks/${encodeURIComponent(taskId)}`, method: 'DELETE' }),
      invalidatesTags: [WORK_TAGS.taskPackage, WORK_TAGS.packageAvailableTasks],
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
  useAppealsQuery,
  useDecideAppealMutation,
  useWorkerQualityQuery,
  useLazySubmissionQuery,
  useApproveSubmissionMutation,
  useRejectSubmissionMutation,
  useSubmissionClaimsQuery,
  useClaimSubmissionMutation,
  useReleaseSubmissionMutation,
  useCreateReviewJobMutation,
  useReviewJobQuery,
  useReviewJobItemsQuery,
  useReviewTemplatesQuery,
  useCreateReviewTemplateMutation,
  useUpdateReviewTemplateMutation,
  useDeleteReviewTemplateMutation,
  useTaskRequestsQuery,
  useTaskRequestStatsQuery,
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
