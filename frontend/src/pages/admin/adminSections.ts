/** Spec 03 s.2: the section identifiers and the side menu, in order. */
export const ADMIN_SECTIONS = [
  'dashboard',
  'users',
  'users-list',
  'task-requests',
  'submissions',
  'appeals',
  'verifications',
  'tasks',
  'withdrawals',
  'email-templates',
  'company-news',
  'documents',
  'awards-management',
  'chat-management',
  'chat-monitor',
  'chat-moderation',
  'crm',
  'referrals',
  'task-packages',
  'settings',
  'audit-log',
] as const;

export type TAdminSection = (typeof ADMIN_SECTIONS)[number];

export interface TAdminMenuEntry {
  key: TAdminSection | 'chat';
  children?: TAdminSection[];
}

export const ADMIN_MENU: TAdminMenuEntry[] = [
  { key: 'dashboard' },
  { key: 'users', children: ['users-list', 'task-requests', 'submissions', 'appeals', 'verifications'] },
  { key: 'tasks' },
  { key: 'task-packages' },
  { key: 'withdrawals' },
  { key: 'awards-management' },
  { key: 'chat', children: ['chat-management', 'chat-monitor', 'chat-moderation'] },
  { key: 'crm' },
  { key: 'referrals' },
  { key: 'company-news' },
  { key: 'documents' },
  { key: 'settings' },
  { key: 'email-templates' },
  { key: 'audit-log' },
];

export const DEFAULT_ADMIN_SECTION: TAdminSection = 'dashboard';

export function isAdminSection(value: string | undefined): value is TAdminSection {
  return value !== undefined && (ADMIN_SECTIONS as readonly string[]).includes(value);
}

/** 'users' is the group and shows its first sub-section. */
export function resolveSection(section: TAdminSection): TAdminSection {
  return section === 'users' ? 'users-list' : section;
}
