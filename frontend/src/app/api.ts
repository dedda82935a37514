import { createApi } from '@reduxjs/toolkit/query/react';
import { apiBaseQuery } from './baseQuery';

/**
 * The one API of the app. Features inject their endpoints (features/x/x.api.ts). Read data never goes stale:
 * no refetch on focus, reconnect or mount, no polling and no retries (spec 01 s.7); unused data is collected after
 * 5 minutes (spec 01 s.9).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: ['Me', 'WelcomeStatus', 'RequiredDocuments', 'Document'],
  keepUnusedDataFor: 300,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});
