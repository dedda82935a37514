import type { TAssignment, TUserTaskRequest, TWorkerTask } from '@platform/contracts';
import { api } from '../../app/api';

/**
 * The work service's tags. 'WorkerTask' is the worker's list; the admin tags live in tasks.admin.api.ts on the
 * same enhanced api, so an admin action that changes what a worker sees invalidates 'WorkerTask' too.
 */
export const workApi = api.enhanceEndpoints({
  addTagTypes: ['WorkerTask', 'AdminTask', 'Submission', 'TaskRequest', 'TaskPackage', 'PackageAvailableTasks'],
});

export interface TTakeTaskResponse {
  message: string;
  status: 'assigned' | 'pending';
  assignment: TAssignment | null;
  request: TUserTaskRequest | null;
}

export const tasksApi = workApi.injectEndpoints({
  endpoints: (build) => ({
    workerTasks: build.query<TWorkerTask[], void>({
      query: () => '/tasks',
      providesTags: ['WorkerTask'],
    }),
    takeTask: build.mutation<TTakeTaskResponse, string>({
      query: (id) => ({ url: `/tasks/${encodeURIComponent(id)}/take`, method: 'POST' }),
      invalidatesTags: ['WorkerTask', 'AdminTask', 'TaskRequest'],
    }),
  }),
});

export const { useWorkerTasksQuery, useTakeTaskMutation } = tasksApi;
