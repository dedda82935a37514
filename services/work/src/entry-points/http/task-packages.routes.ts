import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAddPackageTaskRequestSchema,
  ZPackageTaskListSchema,
  ZTaskPackageDetailSchema,
  ZTaskPackageListSchema,
  ZTaskPackageRequestSchema,
  ZTextSchema,
  ZWorkIdParamsSchema,
  ZWorkMessageSchema,
} from '@platform/contracts';
import { authUserOf, type TApp } from '@platform/service-kit';
import {
  addTaskToPackage,
  createTaskPackage,
  deleteTaskPackage,
  getTaskPackage,
  listAvailableTasksForPackage,
  listTaskPackages,
  removeTaskFromPackage,
  updateTaskPackage,
} from '../../domain/task-packages.use-case.js';
import type { TRouteDeps } from './route-deps.js';

const ZNoQuerySchema = z.strictObject({});
const ZPackageTaskParamsSchema = z.strictObject({ id: ZTextSchema('Id').max(100), taskId: ZTextSchema('Task id').max(100) });

/** Admin: Task Packages (spec 03). */
export async function registerTaskPackageRoutes(app: TApp, { deps, hooks }: TRouteDeps): Promise<void> {
  await app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addHook('onRequest', hooks.requireAdmin);

    scope.get('/api/admin/task-packages', { schema: { querystring: ZNoQuerySchema, response: { 200: ZTaskPackageListSchema } } }, async () =>
      listTaskPackages(deps.pool),
    );

    scope.post('/api/admin/task-packages', { schema: { body: ZTaskPackageRequestSchema, response: { 201: ZTaskPackageDetailSchema } } }, async (request, reply) =>
      reply.status(201).send(await createTaskPackage(deps, authUserOf(request).userId, request.body)),
    );

    scope.get('/api/admin/task-packages/:id', { schema: { params: ZWorkIdParamsSchema, response: { 200: ZTaskPackageDetailSchema } } }, async (request) =>
      getTaskPackage(deps.pool, request.params.id),
    );

    scope.put(
      '/api/admin/task-packages/:id',
      { schema: { params: ZWorkIdParamsSchema, body: ZTaskPackageRequestSchema, response: { 200: ZTaskPackageDetailSchema } } },
      async (request) => updateTaskPackage(deps, request.params.id, request.body),
    );

    scope.delete('/api/admin/task-packages/:id', { schema: { params: ZWorkIdParamsSchema, response: { 200: ZWorkMessageSchema } } }, async (request) => {
      await deleteTaskPackage(deps, request.params.id);
      return { message: 'Package deleted' };
    });

    scope.get(
      '/api/admin/task-packages/:id/available-tasks',
      { schema: { params: ZWorkIdParamsSchema, response: { 200: ZPackageTaskListSchema } } },
      async (request) => listAvailableTasksForPackage(deps.pool, request.params.id),
    );

    scope.post(
      '/api/admin/task-packages/:id/tasks',
      { schema: { params: ZWorkIdParamsSchema, body: ZAddPackageTaskRequestSchema, response: { 201: ZTaskPackageDetailSchema } } },
      async (request, reply) => reply.status(201).send(await addTaskToPackage(deps, request.params.id, request.body)),
    );

    scope.delete(
      '/api/admin/task-packages/:id/tasks/:taskId',
      { schema: { params: ZPackageTaskParamsSchema, response: { 200: ZTaskPackageDetailSchema } } },
      async (request) => removeTaskFromPackage(deps, request.params.id, request.params.taskId),
    );
  });
}
