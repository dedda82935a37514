import type { ComponentType } from 'react';
import '../../features/payouts/payouts.css';
import '../../features/tasks/tasks.css';
import './work-admin.css';
import type { TAdminSection } from './adminSections';
import { AppealsSection } from './appeals';
import { AuditLogSection } from './audit-log';
import { ChatManagementSection } from './chat-management';
import { AwardsManagementSection } from './awards-management';
import { ChatModerationSection } from './chat-moderation';
import { ChatMonitorSection } from './chat-monitor';
import { CrmSupportSection } from './crm';
import { DashboardSection } from './dashboard';
import { CompanyNewsSection } from './company-news';
import { DocumentsSection } from './documents';
import { EmailTemplatesSection } from './email-templates';
import { ReferralsSection } from './referrals';
import { SettingsSection } from './settings';
import { SubmissionsSection } from './submissions';
import { TaskPackagesSection } from './task-packages';
import { TaskRequestsSection } from './task-requests';
import { TasksSection } from './tasks';
import { UsersSection } from './users';
import { VerificationsSection } from './verifications';
import AdminWithdrawalsSection from './withdrawals';

/**
 * The admin console's one route table: the page shown at /admin/{section}, keyed by section id (the menu and the
 * ids are in adminSections.ts). A section without a page here shows "not available". 'users' (the group) resolves
 * to 'users-list' in adminSections.ts, so it shows All Users too.
 */
export const ADMIN_ROUTES: Partial<Record<TAdminSection, ComponentType>> = {
  dashboard: DashboardSection,
  'users-list': UsersSection,
  tasks: TasksSection,
  'task-packages': TaskPackagesSection,
  'task-requests': TaskRequestsSection,
  submissions: SubmissionsSection,
  appeals: AppealsSection,
  verifications: VerificationsSection,
  withdrawals: AdminWithdrawalsSection,
  settings: SettingsSection,
  'audit-log': AuditLogSection,
  'email-templates': EmailTemplatesSection,
  'company-news': CompanyNewsSection,
  documents: DocumentsSection,
  'awards-management': AwardsManagementSection,
  'chat-management': ChatManagementSection,
  'chat-monitor': ChatMonitorSection,
  'chat-moderation': ChatModerationSection,
  referrals: ReferralsSection,
  crm: CrmSupportSection,
};
