import type { TNewsChangedData, TSettingsChangedData, TTaskDeletedData, TTaskSavedData, TUserDeletedData, TUserRegisteredData, TUserUpdatedData } from '@platform/contracts';
import type { PoolClient, Queryable } from '@platform/service-kit';
import { findRecentNewsTitles, saveNews } from '../data-access/news.repository.js';
import { deleteOpenTask, findOpenTaskTitles, saveOpenTask } from '../data-access/open-tasks.repository.js';
import { CHAT_ARCHIVE_DAYS_KEY, upsertSetting } from '../data-access/settings.repository.js';
import { eraseUserData } from '../data-access/user-erasure.repository.js';
import { keepJoinedAt, upsertUser } from '../data-access/users.repository.js';

/**
 * What chat keeps of other services' records, from their events (entry-points/messaging, each in the consumer's
 * transaction): an older event never overwrites a newer one (`occurredAt`, or the record's own change time).
 */

/** user.registered: the author's names and role, and when they joined (history written before never counts as unread). */
export async function keepRegisteredUser(client: PoolClient, data: TUserRegisteredData, occurredAt: string): Promise<void> {
  await upsertUser(client, { id: data.userId, firstName: data.firstName, lastName: data.lastName, role: data.role, isActive: true, email: data.email }, occurredAt);
  await keepJoinedAt(client, data.userId, data.registeredAt);
}

/** user.updated: names, role, e-mail and whether the user may write (isActive false: banned). */
export async function keepUpdatedUser(client: PoolClient, data: TUserUpdatedData, occurredAt: string): Promise<void> {
  await upsertUser(client, { id: data.userId, firstName: data.firstName, lastName: data.lastName, role: data.role, isActive: data.isActive, email: data.email }, occurredAt);
}

/** user.deleted: see eraseUserData (names and e-mail, the texts they wrote, their thread's texts, read positions). */
export async function eraseDeletedUser(client: PoolClient, data: TUserDeletedData): Promise<void> {
  await eraseUserData(client, data.userId, data.deletedAt);
}

/** settings.changed: keeps chat_archive_days (the archive job reads it); other keys are not chat's. */
export async function keepSettingCopy(client: PoolClient, data: TSettingsChangedData, occurredAt: string): Promise<void> {
  if (data.key !== CHAT_ARCHIVE_DAYS_KEY) return;
  await upsertSetting(client, data.key, data.value, occurredAt);
}

/** task.saved: the title and status of a task, which the assistants may mention while it is open. */
export async function keepOpenTask(client: PoolClient, data: TTaskSavedData, occurredAt: string): Promise<void> {
  await saveOpenTask(client, { taskId: data.taskId, title: data.title, status: data.status }, occurredAt);
}

/** task.deleted: the task is never mentioned again. */
export async function forgetOpenTask(client: PoolClient, data: TTaskDeletedData, occurredAt: string): Promise<void> {
  await deleteOpenTask(client, data.taskId, occurredAt);
}

/** news.changed: the title and whether it is published; a deleted item is never mentioned again. */
export async function keepNews(client: PoolClient, data: TNewsChangedData): Promise<void> {
  await saveNews(client, data, data.changedAt);
}

/** What the assistants' offline generator may mention: titles of open tasks and of news published lately. */
export async function readAssistantContext(db: Queryable): Promise<{ tasks: string[]; news: string[] }> {
  const [tasks, news] = await Promise.all([findOpenTaskTitles(db, 20), findRecentNewsTitles(db, 5)]);
  return { tasks, news };
}
