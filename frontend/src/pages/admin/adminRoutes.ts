import { lazy, type ComponentType } from 'react';
import '../../features/payouts/payouts.css';
import '../../features/tasks/tasks.css';
import './work-admin.css';
import type { TAdminSection } from './adminSections';

/**
 * The admin console's one route table: the page shown at /admin/{section}, keyed by section id (the menu and the
 * ids are in adminSections.ts). A section without a page here shows "not available". 'users' (the group) resolves
 * to 'users-list' in adminSections.ts, so it shows All Users too. Each section is a chunk of its own, fetched when it
 * is first opened or its menu entry is pointed at (issue 27: the console's first load carries the dashboard only).
 */
export const ADMIN_ROUTE_LOADERS: Partial<Record<TAdminSection, () => Promise<ComponentType>>> = {
  dashboard: () => import('./dashboard').then((m) => m.DashboardSection),
  'users-list': () => import('./users').then((m) => m.UsersSection),
  tasks: () => import('./tasks').then((m) => m.TasksSection),
  'task-packages': () => import('./task-packages').then((m) => m.TaskPackagesSection),
  'task-requests': () => import('./task-requests').then((m) => m.TaskRequestsSection),
  submissions: () => import('./submissions').then((m) => m.SubmissionsSection),
  appeals: () => import('./appeals').then((m) => m.AppealsSection),
  verifications: () => import('./verifications').then((m) => m.VerificationsSection),
  withdrawals: () => import('./withdrawals').then((m) => m.default),
  settings: () => import('./settings').then((m) => m.SettingsSection),
  'audit-log': () => import('./audit-log').then((m) => m.AuditLogSection),
  'email-templates': () => import('./email-templates').then((m) => m.EmailTemplatesSection),
  'company-news': () => import('./company-news').then((m) => m.CompanyNewsSection),
  documents: () => import('./documents').then((m) => m.DocumentsSection),
  'awards-management': () => import('./awards-management').then((m) => m.AwardsManagementSection),
  'chat-management': () => import('./chat-management').then((m) => m.ChatManagementSection),
  'chat-monitor': () => import('./chat-monitor').then((m) => m.ChatMonitorSection),
  'chat-moderation': () => import('./chat-moderation').then((m) => m.ChatModerationSection),
  referrals: () => import('./referrals').then((m) => m.ReferralsSection),
  crm: () => import('./crm').then((m) => m.CrmSupportSection),
};

/** The same table as lazy components (AdminConsole draws them inside Suspense). */
export const ADMIN_ROUTES: Partial<Record<TAdminSection, ComponentType>> = Object.fromEntries(
  Object.entries(ADMIN_ROUTE_LOADERS).map(([section, load]) => [section, lazy(() => load().then((component) => ({ default: component })))]),
);

/**
 * A section's chunk fetched (and run) when the pointer comes over its menu entry: the click that follows usually finds
 * it loaded. Nothing is fetched for sections the admin does not go near (the console's first load stays the dashboard's).
 * A failed fetch is left for the section's own load to try again.
 */
export function prefetchAdminSection(section: string): void {
  const load = ADMIN_ROUTE_LOADERS[section as TAdminSection];
  if (load) void load().catch(() => undefined);
}
