import type { ComponentType } from 'react';
import '../../features/tasks/tasks.css';
import './work-admin.css';
import { SubmissionsSection } from './submissions';
import { TaskPackagesSection } from './task-packages';
import { TaskRequestsSection } from './task-requests';
import { TasksSection } from './tasks';
import type { TAdminSection } from './adminSections';

/** The work service's admin sections (issue 4), keyed by section id; the console shows one when it is selected. */
export const WORK_SECTIONS: Partial<Record<TAdminSection, ComponentType>> = {
  tasks: TasksSection,
  'task-packages': TaskPackagesSection,
  'task-requests': TaskRequestsSection,
  submissions: SubmissionsSection,
};
