/**
 * The answers of the admin calls as the screens read them: All Users (services/auth/README.md), the balance
 * adjustment and a user's ledger (services/payouts/README.md), System Settings and the Audit Log
 * (services/admin/README.md). Amounts are decimal strings with 2 decimals; dates are ISO strings.
 */
import type { TRole } from '../session/session.types';

export interface TAdminUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  telegramUsername: string | null;
  role: TRole;
  isActive: boolean;
  isVerified: boolean;
  welcomeVideoShown: boolean;
  documentsAccepted: boolean;
  documentsAcceptedAt: string | null;
  referralSource: string | null;
  createdAt: string;
  updatedAt: string;
  /** Available, from the payouts service; null when it did not answer (unknown, never zero). */
  balance: string | null;
  heldBalance: string | null;
}

export interface TAdminUsersStats {
  total: number;
  verified: number;
  active: number;
  /** The exact sum of the listed users' available balances; null when any is unknown. */
  totalBalance: string | null;
}

export interface TAdminUsersResponse {
  users: TAdminUser[];
  stats: TAdminUsersStats;
}

export interface TAdjustBalanceRequest {
  balance: string;
  reason: string;
}

export interface TAdjustBalanceResponse {
  userId: string;
  before: string;
  after: string;
  amount: string;
  held: string;
  entryId: string;
}

/** The four keys the admin service knows, in the order the screen shows them. */
export const SETTING_KEYS = ['starting_balance', 'minimum_withdrawal', 'auto_approval_days', 'wallet_cooldown_hours', 'chat_archive_days'] as const;
export type TSettingKey = (typeof SETTING_KEYS)[number];

export interface TSystemSetting {
  id: string;
  settingKey: string;
  settingValue: string;
  description: string | null;
  /** The admin who last changed it; null while it has its seeded default. */
  updatedBy: string | null;
  updatedAt: string;
}

export interface TUpdateSettingRequest {
  settingKey: TSettingKey;
  settingValue: string;
}

export interface TAuditLogEntry {
  id: string;
  actorId: string;
  /** From the admin service's copy of users; null when the actor is not known there (yet). */
  actor: { firstName: string; lastName: string; email: string } | null;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  createdAt: string;
}

export interface TAuditLogPage {
  items: TAuditLogEntry[];
  page: number;
  pageSize: number;
  total: number;
}
