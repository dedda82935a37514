import {
  COMPLETED_TOTAL_HEADER,
  ZAdminTaskPageSchema,
  ZAdminTaskSchema,
  ZAdminTasksQuerySchema,
  ZCompletedTaskPageSchema,
  ZCompletedTasksQuerySchema,
  ZCreateTaskRequestSchema,
  ZIdParamsSchema,
  ZUpdateTaskRequestSchema,
  ZWorkerTaskListSchema,
  ZWorkerTasksQuerySchema,
  ZWorkMessageSchema,
} from '@platform/contracts';
import { authUserOf, type TApp, type TRouteDeps } from '@platform/service-kit';
import type { TWorkDeps } from '../../domain/deps.js';
import { createTask, deleteTask, listAdminTasks, listCompletedTasks, listWorkerTasks, updateTask } from '../../domain/tasks.use-case.js';
import { WORK_ERRORS } from '../../domain/work.errors.js';

const ZTaskParamsSchema = ZIdParamsSchema(WORK_ERRORS.taskNotFound);

/** Admin task management (spec 03 "Task Management") and the worker's task list (spec 02 "Tasks"). */
export function registerTaskRoutes(app: TApp, { deps, hooks }: TRouteDeps<TWorkDeps>): void {
  app.get(
    '/api/admin/tasks',
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: 'A page of the tasks (admin): sortOrder (0 on top), then oldest first',
        description:
          'Keyset paging (contracts paging.ts): pageSize 1-100 (default 20), cursor = the previous page\'s nextCursor. ' +
          'Filters: status, search (part of the title, 3+ characters), underpaid (true: the median real time pays under minimum_hourly_rate). ' +
          'sort: sortOrder, reward, createdAt or hourlyRate, .asc or .desc. An unknown parameter, a bad value or cursor: 400 naming it.',
        querystring: ZAdminTasksQuerySchema,
        response: { 200: ZAdminTaskPageSchema },
      },
    },
    async (request) => listAdminTasks(deps, request.query),
  );

  app.post(
    '/api/admin/tasks',
    { onRequest: hooks.requireAdmin, schema: { body: ZCreateTaskRequestSchema, response: { 201: ZAdminTaskSchema } } },
    async (request, reply) => reply.status(201).send(await createTask(deps, authUserOf(request).userId, request.body)),
  );

  app.patch(
    '/api/admin/tasks/:id',
    { onRequest: hooks.requireAdmin, schema: { params: ZTaskParamsSchema, body: ZUpdateTaskRequestSchema, response: { 200: ZAdminTaskSchema } } },
    async (request) => updateTask(deps, authUserOf(request).userId, request.params.id, request.body),
  );

  app.delete(
    '/api/admin/tasks/:id',
    { onRequest: hooks.requireAdmin, schema: { params: ZTaskParamsSchema, response: { 200: ZWorkMessageSchema } } },
    async (request) => {
      await deleteTask(deps, request.params.id);
      return { message: 'Task deleted successfully' };
    },
  );

  // The latest WORKER_DONE_TASKS_SHOWN completed tasks are in the list; how many the worker completed in all is in
  // the X-Completed-Total header (the list stays the array spec 02 names).
  app.get(
    '/api/tasks',
    {
      onRequest: hooks.authenticate,
      schema: {
        summary: 'The tasks the worker may take and those they hold, each with its pay per hour',
        description: 'sort: hourlyRate.desc or hourlyRate.asc (pay per hour, the platform\'s figure); absent: the board\'s order. An unknown parameter or sort: 400 naming it.',
        querystring: ZWorkerTasksQuerySchema,
        response: { 200: ZWorkerTaskListSchema },
      },
    },
    async (request, reply) => {
      const { tasks, completedTotal } = await listWorkerTasks(deps, authUserOf(request).userId, request.query);
      void reply.header(COMPLETED_TOTAL_HEADER, String(completedTotal));
      return tasks;
    },
  );

  app.get(
    '/api/tasks/completed',
    {
      onRequest: hooks.authenticate,
      schema: {
        summary: "A page of the calling worker's completed tasks, newest first",
        description:
          'Keyset paging (contracts paging.ts): pageSize 1-100 (default 20), cursor = the previous page\'s nextCursor. ' +
          'Only the caller\'s own tasks. An unknown parameter, a bad value or cursor: 400 naming it.',
        querystring: ZCompletedTasksQuerySchema,
        response: { 200: ZCompletedTaskPageSchema },
      },
    },
    async (request) => listCompletedTasks(deps, authUserOf(request).userId, request.query),
  );
}
