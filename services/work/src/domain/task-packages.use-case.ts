import { isUuid, type TAddPackageTaskRequest, type TPackageAvailableTasksQuery, type TPackageTaskPage, type TTaskPackageDetail, type TTaskPackagePage, type TTaskPackageRequest, type TTaskPackagesQuery } from '@platform/contracts';
import { withTransaction } from '@platform/service-kit';
import {
  deletePackage as deletePackageRow,
  deletePackageItem,
  findPackage,
  insertPackage,
  insertPackageItem,
  listPackagesPage,
  listPackageTasks,
  updatePackage as updatePackageRow,
} from '../data-access/task-packages.repository.js';
import { findTask, listTasksNotInPackagePage } from '../data-access/tasks.repository.js';
import type { TWorkDeps } from './deps.js';
import { WORK_ERRORS } from './work.errors.js';

/** GET /api/admin/task-packages: a page of the packages, oldest first. */
export async function listTaskPackages(deps: TWorkDeps, query: TTaskPackagesQuery): Promise<TTaskPackagePage> {
  return listPackagesPage(deps.pool, query);
}

/** The package with its tasks in package order. */
export async function getTaskPackage(deps: TWorkDeps, id: string): Promise<TTaskPackageDetail> {
  const found = await findPackage(deps.pool, id);
  if (!found) throw WORK_ERRORS.packageNotFound();
  return { ...found, tasks: await listPackageTasks(deps.pool, id) };
}

export async function createTaskPackage(deps: TWorkDeps, adminId: string, input: TTaskPackageRequest): Promise<TTaskPackageDetail> {
  const id = await insertPackage(deps.pool, { name: input.name, description: input.description ?? null, isActive: input.isActive ?? true, createdBy: adminId });
  return getTaskPackage(deps, id);
}

export async function updateTaskPackage(deps: TWorkDeps, id: string, input: TTaskPackageRequest): Promise<TTaskPackageDetail> {
  if (!(await updatePackageRow(deps.pool, id, input))) throw WORK_ERRORS.packageNotFound();
  return getTaskPackage(deps, id);
}

export async function deleteTaskPackage(deps: TWorkDeps, id: string): Promise<void> {
  if (!(await deletePackageRow(deps.pool, id))) throw WORK_ERRORS.packageNotFound();
}

/** A task appears at most once per package (409 otherwise). */
export async function addTaskToPackage(deps: TWorkDeps, id: string, input: TAddPackageTaskRequest): Promise<TTaskPackageDetail> {
  // A body field, not a path parameter: a malformed id is the task's not-found, as in the path.
  if (!isUuid(input.taskId)) throw WORK_ERRORS.taskNotFound();
  const taskId = input.taskId.toLowerCase();
  await withTransaction(deps.pool, async (client) => {
    if (!(await findPackage(client, id, { forUpdate: true }))) throw WORK_ERRORS.packageNotFound();
    if (!(await findTask(client, taskId))) throw WORK_ERRORS.taskNotFound();
    if (!(await insertPackageItem(client, id, taskId, input.sortOrder))) throw WORK_ERRORS.taskAlreadyInPackage();
  });
  return getTaskPackage(deps, id);
}

export async function removeTaskFromPackage(deps: TWorkDeps, id: string, taskId: string): Promise<TTaskPackageDetail> {
  if (!(await findPackage(deps.pool, id))) throw WORK_ERRORS.packageNotFound();
  if (!(await deletePackageItem(deps.pool, id, taskId))) throw WORK_ERRORS.taskNotInPackage();
  return getTaskPackage(deps, id);
}

/** GET /api/admin/task-packages/{id}/available-tasks: a page of the tasks not yet in the package (what its add dialog offers). */
export async function listAvailableTasksForPackage(deps: TWorkDeps, id: string, query: TPackageAvailableTasksQuery): Promise<TPackageTaskPage> {
  if (!(await findPackage(deps.pool, id))) throw WORK_ERRORS.packageNotFound();
  const page = await listTasksNotInPackagePage(deps.pool, id, query);
  return { ...page, items: page.items.map((t) => ({ id: t.id, title: t.title, reward: t.reward, dueDate: t.dueDate, status: t.status, sortOrder: t.sortOrder })) };
}
