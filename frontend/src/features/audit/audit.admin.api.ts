import type { TAuditLogPage } from '@platform/contracts';
import { api, API_TAGS } from '../../app/api';
import { buildAuditLogUrl, type TAuditLogRequest } from './auditLogQuery';

/** The Audit Log (spec 03; admin service), loaded only with the admin console; the changes that write it invalidate it. */
export const auditAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    auditLog: build.query<TAuditLogPage, TAuditLogRequest>({
      query: (request) => buildAuditLogUrl(request),
      providesTags: [API_TAGS.auditLog],
    }),
  }),
});

export const { useAuditLogQuery } = auditAdminApi;
