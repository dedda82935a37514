import { z } from 'zod';
import {
  ZAddPackageTaskRequestSchema,
  ZIdParamsSchema,
  ZIdSchema,
  ZPackageTaskListSchema,
  ZTaskPackageDetailSchema,
  ZTaskPackageListSchema,
  ZTaskPackageRequestSchema,
  ZWorkMessageSchema,
} from '@platform/contracts';
import { authUserOf, type TApp, type TRouteDeps } from '@platform/service-kit';
import type { TWorkDeps } from '../../domain/deps.js';
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
import { WORK_ERRORS } from '../../domain/work.errors.js';

const ZNoQuerySchema = z.strictObject({});
const ZPackageParamsSchema = ZIdParamsSchema(WORK_ERRORS.packageNotFound);
const ZPackageTaskParamsSchema = z.strictObject({ id: ZIdSchema(WORK_ERRORS.packageNotFound), taskId: ZIdSchema(WORK_ERRORS.taskNotInPackage, 'Task id') });

/** Admin: Task Packages (spec 03). */
export function registerTaskPackageRoutes(app: TApp, { deps, hooks }: TRouteDeps<TWorkDeps>): void {
  app.get(
    '/api/admin/task-packages',
    { onRequest: hooks.requireAdmin, schema: { querystring: ZNoQuerySchema, response: { 200: ZTaskPackageListSchema } } },
    async () => listTaskPackages(deps),
  );

  app.post(
    '/api/admin/task-packages',
    { onRequest: hooks.requireAdmin, schema: { body: ZTaskPackageRequestSchema, response: { 201: ZTaskPackageDetailSchema } } },
    async (request, reply) => reply.status(201).send(await createTaskPackage(deps, authUserOf(request).userId, request.body)),
  );

  app.get(
    '/api/admin/task-packages/:id',
    { onRequest: hooks.requireAdmin, schema: { params: ZPackageParamsSchema, response: { 200: ZTaskPackageDetailSchema } } },
    async (request) => getTaskPackage(deps, request.params.id),
  );

  app.put(
    '/api/admin/task-packages/:id',
    { onRequest: hooks.requireAdmin, schema: { params: ZPackageParamsSchema, body: ZTaskPackageRequestSchema, response: { 200: ZTaskPackageDetailSchema } } },
    async (request) => updateTaskPackage(deps, request.params.id, request.body),
  );

  app.delete(
    '/api/admin/task-packages/:id',
    { onRequest: hooks.requireAdmin, schema: { params: ZPackageParamsSchema, response: { 200: ZWorkMessageSchema } } },
    async (request) => {
      await deleteTaskPackage(deps, request.params.id);
      return { message: 'Package deleted' };
    },
  );

  app.get(
    '/api/admin/task-packages/:id/available-tasks',
    { onRequest: hooks.requireAdmin, schema: { params: ZPackageParamsSchema, response: { 200: ZPackageTaskListSchema } } },
    async (request) => listAvailableTasksForPackage(deps, request.params.id),
  );

  app.post(
    '/api/admin/task-packages/:id/tasks',
    { onRequest: hooks.requireAdmin, schema: { params: ZPackageParamsSchema, body: ZAddPackageTaskRequestSchema, response: { 201: ZTaskPackageDetailSchema } } },
    async (request, reply) => reply.status(201).send(await addTaskToPackage(deps, request.params.id, request.body)),
  );

  app.delete(
    '/api/admin/task-packages/:id/tasks/:taskId',
    { onRequest: hooks.requireAdmin, schema: { params: ZPackageTaskParamsSchema, response: { 200: ZTaskPackageDetailSchema } } },
    async (request) => removeTaskFromPackage(deps, request.params.id, request.params.taskId),
  );
}
