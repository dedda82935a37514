import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAdminTaskListSchema,
  ZAdminTaskSchema,
  ZCreateTaskRequestSchema,
  ZUpdateTaskRequestSchema,
  ZWorkIdParamsSchema,
  ZWorkerTaskListSchema,
  ZWorkMessageSchema,
} from '@platform/contracts';
import { authUserOf, type TApp } from '@platform/service-kit';
import { createTask, deleteTask, listAdminTasks, listWorkerTasks, updateTask } from '../../domain/tasks.use-case.js';
import type { TRouteDeps } from './route-deps.js';

const ZNoQuerySchema = z.strictObject({});

/** Admin task management (spec 03 "Task Management") and the worker's task list (spec 02 "Tasks"). */
export async function registerTaskRoutes(app: TApp, { deps, hooks }: TRouteDeps): Promise<void> {
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    // onRequest runs before the body is read: a caller without access learns nothing about validation.
    scope.addHook('onRequest', hooks.requireAdmin);

    scope.get('/api/admin/tasks', { schema: { querystring: ZNoQuerySchema, response: { 200: ZAdminTaskListSchema } } }, async () =>
      listAdminTasks(deps.pool),
    );

    scope.post('/api/admin/tasks', { schema: { body: ZCreateTaskRequestSchema, response: { 201: ZAdminTaskSchema } } }, async (request, reply) => {
      const task = await createTask(deps, authUserOf(request).userId, request.body);
      return reply.status(201).send(task);
    });

    scope.patch(
      '/api/admin/tasks/:id',
      { schema: { params: ZWorkIdParamsSchema, body: ZUpdateTaskRequestSchema, response: { 200: ZAdminTaskSchema } } },
      async (request) => updateTask(deps, request.params.id, request.body),
    );

    scope.delete('/api/admin/tasks/:id', { schema: { params: ZWorkIdParamsSchema, response: { 200: ZWorkMessageSchema } } }, async (request) => {
      await deleteTask(deps, request.params.id);
      return { message: 'Task deleted successfully' };
    });
  });

  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addHook('onRequest', hooks.authenticate);
    scope.get('/api/tasks', { schema: { querystring: ZNoQuerySchema, response: { 200: ZWorkerTaskListSchema } } }, async (request) =>
      listWorkerTasks(deps.pool, authUserOf(request).userId),
    );
  });
}
