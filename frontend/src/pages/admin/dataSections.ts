import type { ComponentType } from 'react';
import '../../features/payouts/payouts.css';
import type { TAdminSection } from './adminSections';
import { AuditLogSection } from './audit-log';
import { SettingsSection } from './settings';
import { UsersSection } from './users';

/**
 * All Users, System Settings and the Audit Log (issue 5, items 4-6), keyed by section id. 'users' (the group)
 * resolves to 'users-list' in adminSections.ts, so it shows All Users too.
 */
export const DATA_SECTIONS: Partial<Record<TAdminSection, ComponentType>> = {
  'users-list': UsersSection,
  settings: SettingsSection,
  'audit-log': AuditLogSection,
};
