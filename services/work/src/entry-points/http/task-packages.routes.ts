import { z } from 'zod';
import {
  ZAddPackageTaskRequestSchema,
  ZIdParamsSchema,
  ZIdSchema,
  ZPackageAvailableTasksQuerySchema,
  ZPackageTaskPageSchema,
  ZTaskPackageDetailSchema,
  ZTaskPackagePageSchema,
  ZTaskPackageRequestSchema,
  ZTaskPackagesQuerySchema,
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

const ZPackageParamsSchema = ZIdParamsSchema(WORK_ERRORS.packageNotFound);
const ZPackageTaskParamsSchema = z.strictObject({ id: ZIdSchema(WORK_ERRORS.packageNotFound), taskId: ZIdSchema(WORK_ERRORS.taskNotInPackage, 'Task id') });

/** Admin: Task Packages (spec 03). */
export function registerTaskPackageRoutes(app: TApp, { deps, hooks }: TRouteDeps<TWorkDeps>): void {
  app.get(
    '/api/admin/task-packages',
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: 'A page of the task packages (admin), oldest first',
        description:
          'Keyset paging (contracts paging.ts): pageSize 1-100 (default 20), cursor = the previous page\'s nextCursor. ' +
          'Filters: active (true or false), search (part of the name, 3+ characters). An unknown parameter, a bad value or cursor: 400 naming it.',
        querystring: ZTaskPackagesQuerySchema,
        response: { 200: ZTaskPackagePageSchema },
      },
    },
    async (request) => listTaskPackages(deps, request.query),
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
    {
      onRequest: hooks.requireAdmin,
      schema: {
        summary: 'A page of the tasks not in the package (admin; its add-task dialog), in the admin order',
        description:
          "Keyset paging (contracts paging.ts): pageSize 1-100 (default 20), cursor = the previous page's nextCursor; sortOrder, then oldest first. " +
          'search: part of the title (3+ characters). An unknown parameter, a bad value or cursor: 400 naming it; an unknown package: 404.',
        params: ZPackageParamsSchema,
        querystring: ZPackageAvailableTasksQuerySchema,
        response: { 200: ZPackageTaskPageSchema },
      },
    },
    async (request) => listAvailableTasksForPackage(deps, request.params.id, request.query),
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
