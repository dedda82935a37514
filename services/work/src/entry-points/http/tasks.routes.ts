import { z } from 'zod';
import {
  COMPLETED_TOTAL_HEADER,
  ZAdminTaskListSchema,
  ZAdminTaskSchema,
  ZCreateTaskRequestSchema,
  ZIdParamsSchema,
  ZUpdateTaskRequestSchema,
  ZWorkerTaskListSchema,
  ZWorkMessageSchema,
} from '@platform/contracts';
import { authUserOf, type TApp, type TRouteDeps } from '@platform/service-kit';
import type { TWorkDeps } from '../../domain/deps.js';
import { createTask, deleteTask, listAdminTasks, listWorkerTasks, updateTask } from '../../domain/tasks.use-case.js';
import { WORK_ERRORS } from '../../domain/work.errors.js';

const ZNoQuerySchema = z.strictObject({});
const ZTaskParamsSchema = ZIdParamsSchema(WORK_ERRORS.taskNotFound);

/** Admin task management (spec 03 "Task Management") and the worker's task list (spec 02 "Tasks"). */
export function registerTaskRoutes(app: TApp, { deps, hooks }: TRouteDeps<TWorkDeps>): void {
  app.get('/api/admin/tasks', { onRequest: hooks.requireAdmin, schema: { querystring: ZNoQuerySchema, response: { 200: ZAdminTaskListSchema } } }, async () =>
    listAdminTasks(deps),
  );

  app.post(
    '/api/admin/tasks',
    { onRequest: hooks.requireAdmin, schema: { body: ZCreateTaskRequestSchema, response: { 201: ZAdminTaskSchema } } },
    async (request, reply) => reply.status(201).send(await createTask(deps, authUserOf(request).userId, request.body)),
  );

  app.patch(
    '/api/admin/tasks/:id',
    { onRequest: hooks.requireAdmin, schema: { params: ZTaskParamsSchema, body: ZUpdateTaskRequestSchema, response: { 200: ZAdminTaskSchema } } },
    async (request) => updateTask(deps, request.params.id, request.body),
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
    { onRequest: hooks.authenticate, schema: { querystring: ZNoQuerySchema, response: { 200: ZWorkerTaskListSchema } } },
    async (request, reply) => {
      const { tasks, completedTotal } = await listWorkerTasks(deps, authUserOf(request).userId);
      void reply.header(COMPLETED_TOTAL_HEADER, String(completedTotal));
      return tasks;
    },
  );
}
