import { createApi } from '@reduxjs/toolkit/query/react';
import { apiBaseQuery } from './baseQuery';

/**
 * The tags more than one feature names (a feature's own tags are added by its API file with `enhanceEndpoints`, and
 * a tag its other files name is an exported constant there: WORK_TAGS, SUPPORT_TAGS, ...). Named through these
 * constants, never retyped as strings.
 */
export const API_TAGS = {
  me: 'Me',
  welcomeStatus: 'WelcomeStatus',
  requiredDocuments: 'RequiredDocuments',
  document: 'Document',
  /** GET /api/settings/public (payouts.api.ts); an admin's settings change invalidates it. */
  publicSettings: 'PublicSettings',
  /** All Users (features/account); a verification decision and a balance adjustment (features/payouts) change it. */
  adminUser: 'AdminUser',
  /** A user's statement and its check in All Users (features/payouts); an edit of the user's balance changes it. */
  adminUserLedger: 'AdminUserLedger',
  /** The Audit Log (features/audit); the admin changes it records invalidate it. */
  auditLog: 'AuditLog',
} as const;

/**
 * The one API of the app. Features inject their endpoints (features/x/x.api.ts). Read data never goes stale:
 * no refetch on focus, reconnect or mount, no polling and no retries (spec 01 s.7); unused data is collected after
 * 5 minutes (spec 01 s.9).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: Object.values(API_TAGS),
  keepUnusedDataFor: 300,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});
