import type { TAddPackageTaskRequest, TTaskPackage, TTaskPackageDetail, TTaskPackageRequest } from '@platform/contracts';
import { withTransaction, type Queryable } from '@platform/service-kit';
import {
  deletePackage as deletePackageRow,
  deletePackageItem,
  findPackage,
  insertPackage,
  insertPackageItem,
  listPackages,
  listPackageTasks,
  updatePackage as updatePackageRow,
} from '../data-access/task-packages.repository.js';
import { findTask, listTasksNotInPackage } from '../data-access/tasks.repository.js';
import type { TWorkDeps } from './deps.js';
import { uuidOr, WORK_ERRORS } from './work.errors.js';

export async function listTaskPackages(db: Queryable): Promise<TTaskPackage[]> {
  return listPackages(db);
}

/** The package with its tasks in package order. */
export async function getTaskPackage(db: Queryable, rawId: string): Promise<TTaskPackageDetail> {
  const id = uuidOr(rawId, WORK_ERRORS.packageNotFound);
  const found = await findPackage(db, id);
  if (!found) throw WORK_ERRORS.packageNotFound();
  return { ...found, tasks: await listPackageTasks(db, id) };
}

export async function createTaskPackage(deps: TWorkDeps, adminId: string, input: TTaskPackageRequest): Promise<TTaskPackageDetail> {
  const id = await insertPackage(deps.pool, { name: input.name, description: input.description ?? null, isActive: input.isActive ?? true, createdBy: adminId });
  return getTaskPackage(deps.pool, id);
}

export async function updateTaskPackage(deps: TWorkDeps, rawId: string, input: TTaskPackageRequest): Promise<TTaskPackageDetail> {
  const id = uuidOr(rawId, WORK_ERRORS.packageNotFound);
  if (!(await updatePackageRow(deps.pool, id, input))) throw WORK_ERRORS.packageNotFound();
  return getTaskPackage(deps.pool, id);
}

export async function deleteTaskPackage(deps: TWorkDeps, rawId: string): Promise<void> {
  const id = uuidOr(rawId, WORK_ERRORS.packageNotFound);
  if (!(await deletePackageRow(deps.pool, id))) throw WORK_ERRORS.packageNotFound();
}

/** A task appears at most once per package (409 otherwise). */
export async function addTaskToPackage(deps: TWorkDeps, rawId: string, input: TAddPackageTaskRequest): Promise<TTaskPackageDetail> {
  const id = uuidOr(rawId, WORK_ERRORS.packageNotFound);
  const taskId = uuidOr(input.taskId, WORK_ERRORS.taskNotFound);
  await withTransaction(deps.pool, async (client) => {
    if (!(await findPackage(client, id, { forUpdate: true }))) throw WORK_ERRORS.packageNotFound();
    if (!(await findTask(client, taskId))) throw WORK_ERRORS.taskNotFound();
    if (!(await insertPackageItem(client, id, taskId, input.sortOrder))) throw WORK_ERRORS.taskAlreadyInPackage();
  });
  return getTaskPackage(deps.pool, id);
}

export async function removeTaskFromPackage(deps: TWorkDeps, rawId: string, rawTaskId: string): Promise<TTaskPackageDetail> {
  const id = uuidOr(rawId, WORK_ERRORS.packageNotFound);
  const taskId = uuidOr(rawTaskId, WORK_ERRORS.taskNotInPackage);
  if (!(await findPackage(deps.pool, id))) throw WORK_ERRORS.packageNotFound();
  if (!(await deletePackageItem(deps.pool, id, taskId))) throw WORK_ERRORS.taskNotInPackage();
  return getTaskPackage(deps.pool, id);
}

/** The tasks not yet in the package (what its add-task dialog offers). */
export async function listAvailableTasksForPackage(db: Queryable, rawId: string) {
  const id = uuidOr(rawId, WORK_ERRORS.packageNotFound);
  if (!(await findPackage(db, id))) throw WORK_ERRORS.packageNotFound();
  return (await listTasksNotInPackage(db, id)).map((t) => ({ id: t.id, title: t.title, reward: t.reward, dueDate: t.dueDate, status: t.status, sortOrder: t.sortOrder }));
}
