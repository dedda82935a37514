import type { TAppealResponse, TAssignment, TCompletedTaskPage, TQualityRecord, TReturnTaskResponse, TUserTaskRequest, TWorkerTask, TWorkerTaskSort } from '@platform/contracts';
import { api } from '../../app/api';

/**
 * The work service's tags. workerTask is the worker's list; the admin endpoints live in tasks.admin.api.ts on the
 * same enhanced api, so an admin action that changes what a worker sees invalidates workerTask too.
 */
export const WORK_TAGS = {
  workerTask: 'WorkerTask',
  adminTask: 'AdminTask',
  submission: 'Submission',
  taskRequest: 'TaskRequest',
  taskPackage: 'TaskPackage',
  packageAvailableTasks: 'PackageAvailableTasks',
  appeal: 'Appeal',
  quality: 'Quality',
  reviewTemplate: 'ReviewTemplate',
} as const;

export const workApi = api.enhanceEndpoints({ addTagTypes: Object.values(WORK_TAGS) });

/** COMPLETED_TOTAL_HEADER of contracts' work.ts (the app imports only types from contracts: its chunk stays small). */
const COMPLETED_TOTAL_HEADER = 'x-completed-total';

/** GET /api/tasks: the list, and how many tasks the worker has completed in all (the list holds the latest only). */
export interface TWorkerTaskList {
  tasks: TWorkerTask[];
  completedTotal: number;
}

export interface TTakeTaskResponse {
  message: string;
  status: 'assigned' | 'pending';
  assignment: TAssignment | null;
  request: TUserTaskRequest | null;
}

export const tasksApi = workApi.injectEndpoints({
  endpoints: (build) => ({
    /** Optionally sorted on the server by pay per hour (`hourlyRate.desc` or `.asc`); without it the board's order. */
    workerTasks: build.query<TWorkerTaskList, TWorkerTaskSort | void>({
      query: (sort) => (sort ? `/tasks?sort=${sort}` : '/tasks'),
      // The list holds the latest WORKER_DONE_TASKS_SHOWN completed tasks; the header says how many there are in all.
      transformResponse: (tasks: TWorkerTask[], meta) => {
        const header = Number(meta?.response?.headers.get(COMPLETED_TOTAL_HEADER));
        const shown = tasks.filter((task) => task.userStatus === 'completed').length;
        return { tasks, completedTotal: Number.isInteger(header) && header >= shown ? header : shown };
      },
      providesTags: [WORK_TAGS.workerTask],
    }),
    /** A page of the worker's own completed tasks, newest first (GET /api/tasks/completed); read on demand ("Load more"). */
    completedTasks: build.query<TCompletedTaskPage, { pageSize: number; cursor?: string }>({
      query: ({ pageSize, cursor }) => `/tasks/completed?${new URLSearchParams(cursor ? { pageSize: String(pageSize), cursor } : { pageSize: String(pageSize) }).toString()}`,
      keepUnusedDataFor: 0,
    }),
    takeTask: build.mutation<TTakeTaskResponse, string>({
      query: (id) => ({ url: `/tasks/${encodeURIComponent(id)}/take`, method: 'POST' }),
      invalidatesTags: [WORK_TAGS.workerTask, WORK_TAGS.adminTask, WORK_TAGS.taskRequest],
    }),
    /** POST /api/tasks/{id}/return: hand a taken task back (issue 29), with an optional reason. */
    returnTask: build.mutation<TReturnTaskResponse, { id: string; reason?: string }>({
      query: ({ id, reason }) => ({ url: `/tasks/${encodeURIComponent(id)}/return`, method: 'POST', body: reason ? { reason } : {} }),
      invalidatesTags: [WORK_TAGS.workerTask, WORK_TAGS.adminTask, WORK_TAGS.quality],
    }),
    /** POST /api/tasks/{id}/appeal: appeal the rejection of the worker's submission with a statement (issue 29). */
    appealTask: build.mutation<TAppealResponse, { id: string; statement: string }>({
      query: ({ id, statement }) => ({ url: `/tasks/${encodeURIComponent(id)}/appeal`, method: 'POST', body: { statement } }),
      invalidatesTags: [WORK_TAGS.workerTask, WORK_TAGS.appeal, WORK_TAGS.quality],
    }),
    /** GET /api/tasks/quality: the worker's own quality record (profile). */
    qualityRecord: build.query<TQualityRecord, void>({
      query: () => '/tasks/quality',
      providesTags: [WORK_TAGS.quality],
    }),
  }),
});

export const { useWorkerTasksQuery, useTakeTaskMutation, useReturnTaskMutation, useLazyCompletedTasksQuery, useAppealTaskMutation, useQualityRecordQuery } = tasksApi;
